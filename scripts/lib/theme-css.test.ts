import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ThemeTokens } from '../../src/engine/theme';
import { themeCssText } from './theme-css';

describe('theme stylesheet', () => {
  it('puts every token of screens/theme.json on :root, and nothing else', () => {
    const theme = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../screens/theme.json'), 'utf8'),
    ) as ThemeTokens;
    const css = themeCssText(theme);
    expect(css.startsWith(':root{')).toBe(true);
    expect(css).toContain('--gf-colors-page:#f5f6f8');
    expect(css).toContain('--gf-gradients-brandCard:linear-gradient(135deg,#0b3d91,#2f6fdb)');
    expect(css).not.toContain('$schema');
  });
});
