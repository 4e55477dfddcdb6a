/**
 * The stylesheet of a published theme (issue 15): the build inlines the seed's tokens on :root
 * (scripts/lib/theme-css.ts); a published theme adds one rule with only the custom properties whose value
 * differs. A value that could end the declaration or the rule (`;`, `{`, `}`, `<`) is left out.
 */
const SAFE = /^[^;{}<>\\]*$/;

/**
 * One spelling of a CSS value, as the build's minified stylesheet may write it otherwise (`#ffffff` is
 * `#fff` there): lower case, no spaces, `#abc` as `#aabbcc`, `0.5` as `.5`.
 */
const spelling = (v: string | undefined) =>
  (v ?? '')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/#([0-9a-f])([0-9a-f])([0-9a-f])(?![0-9a-f])/g, '#$1$1$2$2$3$3')
    .replace(/(^|[^\d.])0\./g, '$1.');

export function themeOverrideCss(seed: Record<string, string>, published: Record<string, string>): string {
  const decls = Object.entries(published)
    .filter(
      ([prop, value]) =>
        /^--gf-[a-zA-Z0-9-]+$/.test(prop) && spelling(seed[prop]) !== spelling(value) && SAFE.test(value),
    )
    .map(([prop, value]) => `${prop}:${value}`);
  return decls.length ? `:root{${decls.join(';')}}\n` : '';
}
