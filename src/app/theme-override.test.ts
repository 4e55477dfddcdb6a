import { describe, expect, it } from 'vitest';
import { themeOverrideCss } from './theme-override';

describe('themeOverrideCss', () => {
  const seed = { '--gf-colors-brand': '#087a4e', '--gf-spacing-sm': '8px' };

  it('holds only the properties a published theme changes', () => {
    expect(themeOverrideCss(seed, { '--gf-colors-brand': '#b5121b', '--gf-spacing-sm': '8px' })).toBe(
      ':root{--gf-colors-brand:#b5121b}\n',
    );
  });

  it('is empty when nothing differs (the build stylesheet serves)', () => {
    expect(themeOverrideCss(seed, { ...seed })).toBe('');
  });

  it("reads the build's minified spelling as the same value", () => {
    const built = {
      '--gf-colors-surface': '#fff',
      '--gf-gradients-card': 'linear-gradient(135deg,#0b3d91,#2f6fdb)',
    };
    expect(
      themeOverrideCss(built, {
        '--gf-colors-surface': '#FFFFFF',
        '--gf-gradients-card': 'linear-gradient(135deg, #0b3d91, #2f6fdb)',
      }),
    ).toBe('');
  });

  it('leaves out a value that could end the rule', () => {
    expect(themeOverrideCss(seed, { '--gf-colors-brand': 'red}body{display:none' })).toBe('');
    expect(themeOverrideCss(seed, { '--gf-colors-page': '#fff;color:red' })).toBe('');
    expect(themeOverrideCss(seed, { '--gf-colors-page': '</style>' })).toBe('');
  });
});
