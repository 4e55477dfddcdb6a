/**
 * Theme tokens (screens/theme.json: colours, spacing, radii, font sizes, gradients) are CSS custom
 * properties on :root, `--gf-<group>-<name>`. Screens name a token — `"$theme:colors.page"` as a whole
 * prop string, or `theme('colors.selected')` inside an expression — and get `var(--gf-colors-page)`, so a
 * value lives once in theme.json and an operator's change to it reaches every screen without a rebuild of
 * the screens. check:config refuses a token theme.json does not define.
 */
export const THEME_PREFIX = '$theme:';
const TOKEN = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9-]*$/;

export type ThemeTokens = Record<string, Record<string, string>>;

/** `colors.page` -> `var(--gf-colors-page)`; anything that is not a token path is returned as is. */
export function themeVar(token: string): string {
  const t = token.trim();
  return TOKEN.test(t) ? `var(--gf-${t.replace('.', '-')})` : t;
}

/** The custom properties a theme defines, e.g. {'--gf-colors-page': '#f5f6f8'}. */
export function themeProperties(theme: ThemeTokens): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [group, tokens] of Object.entries(theme)) {
    if (group.startsWith('$') || !tokens || typeof tokens !== 'object') continue;
    for (const [name, value] of Object.entries(tokens)) out[`--gf-${group}-${name}`] = String(value);
  }
  return out;
}

/** Token paths (`group.name`) a theme defines. */
export function themeTokenPaths(theme: ThemeTokens): Set<string> {
  return new Set(Object.keys(themeProperties(theme)).map((p) => p.slice(5).replace('-', '.')));
}
