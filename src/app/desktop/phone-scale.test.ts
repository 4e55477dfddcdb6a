import { describe, expect, it } from 'vitest';
import { PHONE_MARGIN, PHONE_OUTER, phoneScale } from './phone-scale';

describe('phoneScale', () => {
  it('keeps the phone at full size when the window is tall enough', () => {
    expect(phoneScale(1080)).toBe(1);
    expect(phoneScale(PHONE_OUTER.height + 2 * PHONE_MARGIN)).toBe(1);
  });

  it('shrinks the phone to fit a 1280x800 window with a margin', () => {
    const s = phoneScale(800);
    expect(s).toBeLessThan(1);
    expect(PHONE_OUTER.height * s + 2 * PHONE_MARGIN).toBeCloseTo(800);
  });

  it('never goes below half size', () => {
    expect(phoneScale(200)).toBe(0.5);
  });
});
