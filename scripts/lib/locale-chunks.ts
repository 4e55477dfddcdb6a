/**
 * Vite plugin (build only): each language's locale file is cut into a core part and one chunk per
 * other area, as scripts/lib/locale-split.ts decides, by generating src/app/locale-parts.ts. The locale
 * files themselves stay whole for translators, the dev server and the tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_LOAD_SCREENS, type LocaleSplit, SHARED_PART, splitLocales } from './locale-split';

const LANGS = ['zhhk', 'zhcn', 'zhtw'] as const;
const PARTS_MODULE = '/src/app/locale-parts.ts';
// `gf-locale/zhhk.wallet`: chunk files are named after the last segment (zhhk.wallet-<hash>.js)
const PREFIX = 'gf-locale/';

/** Module id of a language's part (`core` or an area), as the preload table looks it up. */
export const localePartId = (lang: string, part: string) => `\0${PREFIX}${lang}.${part}`;
const imp = (lang: string, part: string) => `() => import(${JSON.stringify(`${PREFIX}${lang}.${part}`)})`;
/**
 * Module id of the table screen id -> areas. A chunk of its own, fetched with the first screen that has
 * areas (the route preload scripts list it): in the first load it cost ~1.5 KB gzip and grew with every
 * screen. The first-load screens have no areas (their texts are the core).
 */
export const SCREEN_AREAS_ID = `\0${PREFIX}screen-areas`;

/** Only the named keys (`errors.empty`) of an area's texts, nesting kept; i18next merges the rest in later. */
export function pickKeys(
  texts: Record<string, unknown>,
  area: string,
  wanted: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // `area.some.prefix*` stands for every key starting with it
  const flat = (o: unknown, at: string): string[] =>
    o && typeof o === 'object'
      ? Object.entries(o).flatMap(([k, v]) => flat(v, at ? `${at}.${k}` : k))
      : [`${area}.${at}`];
  const all = wanted.some((k) => k.endsWith('*')) ? flat(texts, '') : [];
  const keys = wanted.flatMap((k) =>
    k.endsWith('*') ? all.filter((f) => f.startsWith(k.slice(0, -1))) : [k],
  );
  for (const key of keys) {
    const path = key.slice(area.length + 1).split('.');
    const value = path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts);
    if (value === undefined) continue;
    let at = out;
    for (const k of path.slice(0, -1)) {
      at[k] ??= {};
      at = at[k] as Record<string, unknown>;
    }
    at[path[path.length - 1]] = value;
  }
  return out;
}

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
      if (id === SCREEN_AREAS_ID)
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(getSplit().screens))});`;
      if (id.startsWith(`\0${PREFIX}`)) {
        const [lang, part] = id.slice(PREFIX.length + 1).split('.');
        const texts = JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8'));
        const { core, coreKeys, partOf } = getSplit();
        const keys =
          part === 'core'
            ? core
            : part === SHARED_PART
              ? Object.keys(partOf).filter((a) => partOf[a] === part)
              : [part];
        const picked = Object.fromEntries(
          keys
            .filter((k) => k in texts)
            .map((k) => [k, part === 'core' && coreKeys[k] ? pickKeys(texts[k], k, coreKeys[k]) : texts[k]]),
        );
        const body = `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
        if (part !== 'core') return body;
        // a language's area loaders ride in its core chunk: the first load carries one language's table, not three
        const areas = getSplit().lazy.map((a) => `${JSON.stringify(a)}: ${imp(lang, getSplit().partOf[a])}`);
        return `${body}\nexport const AREAS = {${areas.join(',')}};`;
      }
      if (id.replace(/\\/g, '/').endsWith(PARTS_MODULE)) {
        const core = LANGS.map((l) => `${l}: ${imp(l, 'core')}`).join(',\n');
        return [
          `export const CORE_TEXTS = {${core}};`,
          `export const FIRST_SCREENS = ${JSON.stringify(FIRST_LOAD_SCREENS)};`,
          `export const loadScreenAreas = () => import(${JSON.stringify(`${PREFIX}screen-areas`)});`,
        ].join('\n');
      }
      return null;
    },
  };
}
