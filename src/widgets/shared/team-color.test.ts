import { describe, expect, it } from 'vitest';
import { contrastRatio, NEUTRALS, readableColor, sideColors, textOn } from './team-color';

describe('club colours on the app surfaces', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 1);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('keeps a colour that already reads on the background', () => {
    expect(readableColor('#c8102e', '#ffffff')).toBe('#c8102e');
    expect(readableColor('#1677ff', '#f6f8fb')).toBe('#1677ff');
  });

  it('shades a white or pale kit until it reaches 3:1, on light and on dark backgrounds', () => {
    for (const kit of ['#ffffff', '#fff', '#fdf5d0', '#f2f2f2']) {
      const c = readableColor(kit, '#ffffff');
      expect(c).not.toBe(kit);
      expect(contrastRatio(c, '#ffffff')).toBeGreaterThanOrEqual(3);
    }
    const onNavy = readableColor('#0b1a36', '#13203a');
    expect(contrastRatio(onNavy, '#13203a')).toBeGreaterThanOrEqual(3);
  });

  it('falls back to a neutral for anything that is not a colour', () => {
    expect(readableColor(undefined)).toBe(NEUTRALS[0]);
    expect(readableColor('javascript:alert(1)')).toBe(NEUTRALS[0]);
  });

  it('keeps two sides apart: two white kits do not become the same grey', () => {
    const [home, away] = sideColors('#ffffff', '#ffffff');
    expect(home).not.toBe(away);
    expect(contrastRatio(home, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(away, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(sideColors('#c8102e', '#ffffff')[0]).toBe('#c8102e');
  });

  it('picks text that reads on a club-coloured fill', () => {
    expect(textOn('#ffffff')).not.toBe('#fff');
    expect(textOn('#c8102e')).toBe('#fff');
  });
});
