import { describe, expect, it } from 'vitest';
import { safePayUrl } from './index';

describe('pay-redirect', () => {
  it('follows same-origin paths and https URLs only', () => {
    expect(safePayUrl('/sandbox-pay/YC1?x=1')).toBe('/sandbox-pay/YC1?x=1');
    expect(safePayUrl('https://pay.example.com/p')).toBe('https://pay.example.com/p');
    expect(safePayUrl('//evil.example.com/')).toBeNull();
    expect(safePayUrl('/\\evil.example.com')).toBeNull();
    expect(safePayUrl('javascript:alert(1)')).toBeNull();
    expect(safePayUrl('http://pay.example.com/')).toBeNull();
    expect(safePayUrl(42)).toBeNull();
  });
});
