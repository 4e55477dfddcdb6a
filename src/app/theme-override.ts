/**
 * The stylesheet of a published theme (issue 15): the build inlines the seed's tokens on :root
 * (scripts/lib/theme-css.ts); a published theme adds one rule with only the custom properties whose value
 * differs. A value that could end the declaration or the rule (`;`, `{`, `}`, `<`) is left out.
 */
const SAFE = /^[^;{}<>\\]*$/;

export function themeOverrideCss(seed: Record<string, string>, published: Record<string, string>): string {
  const decls = Object.entries(published)
    .filter(([prop, value]) => /^--gf-[a-zA-Z0-9-]+$/.test(prop) && seed[prop] !== value && SAFE.test(value))
    .map(([prop, value]) => `${prop}:${value}`);
  return decls.length ? `:root{${decls.join(';')}}\n` : '';
}
