/**
 * Vite plugin: `import 'virtual:gf-theme.css'` is screens/theme.json as CSS custom properties on :root
 * (the screens' "$theme:" tokens). Built into the entry's stylesheet, which index.html inlines, the
 * tokens are there for the first paint; set from script at start-up (as before) they were ~30 inline
 * properties on <html> that invalidated the style of the whole page just before the app's first render.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { type ThemeTokens, themeProperties } from '../../src/engine/theme';

const ID = 'virtual:gf-theme.css';
// an id Vite's CSS pipeline takes (it ends in .css) that no file on disk has
const RESOLVED = '/@gf-theme.css';

export function themeCssText(theme: ThemeTokens): string {
  const decls = Object.entries(themeProperties(theme)).map(([prop, value]) => `${prop}:${value}`);
  return `:root{${decls.join(';')}}\n`;
}

export function themeCss(root: string): Plugin {
  const file = join(root, 'screens/theme.json');
  return {
    name: 'gf-theme-css',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(file);
      return themeCssText(JSON.parse(readFileSync(file, 'utf8')) as ThemeTokens);
    },
  };
}
