/**
 * Vite plugin (build only): each language's locale file is cut into a core part and one chunk per
 * other area, as scripts/lib/locale-split.ts decides, by generating src/app/locale-parts.ts. The locale
 * files themselves stay whole for translators, the dev server and the tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { type LocaleSplit, splitLocales } from './locale-split';

const LANGS = ['zhhk', 'zhcn', 'zhtw'] as const;
const PARTS_MODULE = '/src/app/locale-parts.ts';
// `gf-locale/zhhk.wallet`: chunk files are named after the last segment (zhhk.wallet-<hash>.js)
const PREFIX = 'gf-locale/';

/** Module id of a language's part (`core` or an area), as the preload table looks it up. */
export const localePartId = (lang: string, part: string) => `\0${PREFIX}${lang}.${part}`;

export function localeChunks(root: string): Plugin {
  let split: LocaleSplit | undefined;
  const getSplit = () => {
    split ??= splitLocales(root);
    return split;
  };
  return {
    name: 'gf-locale-chunks',
    apply: 'build',
    buildStart() {
      split = undefined;
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${PREFIX}`)) {
        const [lang, part] = id.slice(PREFIX.length + 1).split('.');
        const texts = JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8'));
        const keys = part === 'core' ? getSplit().core : [part];
        const picked = Object.fromEntries(keys.filter((k) => k in texts).map((k) => [k, texts[k]]));
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
      }
      if (id.replace(/\\/g, '/').endsWith(PARTS_MODULE)) {
        const { lazy, screens } = getSplit();
        const imp = (lang: string, part: string) =>
          `() => import(${JSON.stringify(`${PREFIX}${lang}.${part}`)})`;
        const core = LANGS.map((l) => `${l}: ${imp(l, 'core')}`).join(',\n');
        const areas = LANGS.map(
          (l) => `${l}: {${lazy.map((a) => `${JSON.stringify(a)}: ${imp(l, a)}`).join(',')}}`,
        );
        return [
          `export const CORE_TEXTS = {${core}};`,
          `export const AREA_TEXTS = {${areas.join(',\n')}};`,
          `export const SCREEN_AREAS = ${JSON.stringify(screens)};`,
        ].join('\n');
      }
      return null;
    },
  };
}
