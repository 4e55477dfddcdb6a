import { describe, expect, it } from 'vitest';
import theme from '../../screens/theme.json';
import { type ThemeTokens, themeProperties, themeTokenPaths, themeVar } from './theme';

describe('theme tokens', () => {
  it('names a token as its custom property and leaves anything else alone', () => {
    expect(themeVar('colors.page')).toBe('var(--gf-colors-page)');
    expect(themeVar(' spacing.lg ')).toBe('var(--gf-spacing-lg)');
    expect(themeVar('red')).toBe('red');
    expect(themeVar('colors.page;}body{x')).toBe('colors.page;}body{x');
  });

  it('turns screens/theme.json into custom properties', () => {
    const props = themeProperties(theme as unknown as ThemeTokens);
    expect(props['--gf-colors-page']).toBe('#f5f6f8');
    expect(props.$schema).toBeUndefined();
    expect(themeTokenPaths(theme as unknown as ThemeTokens).has('gradients.brandCard')).toBe(true);
  });
});
