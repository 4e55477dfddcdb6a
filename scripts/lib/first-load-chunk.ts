/**
 * The app's first-load core in one chunk: the engine, the session state, the i18n setup and the helpers
 * they share with lazy chunks (Vite's preload helper, dayjs, antd-mobile's DOM check its global styles run).
 *
 * Rolldown puts a module that the entry and some lazy chunk both import into a common chunk of its own,
 * so the first load of #/match fetched these as eight small files, each compressed on its own. A chunk
 * group sends the same code as one file (~2.5 KB gzip and seven requests less). A group captures what
 * its test matches whether the entry needs it or not, so the plugin fails the build when the test
 * matches a module that only lazy chunks import (it would join every first load).
 */
import type { Plugin } from 'vite';

export const FIRST_LOAD_APP =
  /\/src\/engine\/(?!forms\/(?!validators\.ts|form-kit\.ts)|validators\/|fragments\.ts|form-layout\.ts)|\/src\/state\/|\/src\/widgets\/shared\/team-color\.ts|\/src\/app\/(i18n|locale-parts)\.ts|vite\/preload-helper|\/node_modules\/dayjs\/dayjs\.min\.js|\/antd-mobile\/es\/utils\/can-use-dom\.js/;

/** Modules the entry imports statically (transitively), as of the current build's buildEnd. */
const entryClosure = new Set<string>();

/**
 * A chunk-group test for code only lazy chunks need: a module the entry imports statically is left out,
 * so that a group never drags its whole chunk into the first load for one helper.
 */
export const lazyOnly =
  (test: RegExp | ((id: string) => boolean)) =>
  (id: string): boolean =>
    (typeof test === 'function' ? test(id) : test.test(id)) && !entryClosure.has(id);

export function firstLoadChunkGuard(): Plugin {
  return {
    name: 'gf-first-load-chunk-guard',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const closure = entryClosure;
      closure.clear();
      const stack = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      while (stack.length) {
        const id = stack.pop()!;
        if (closure.has(id)) continue;
        closure.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      const lazyOnly = ids.filter((id) => FIRST_LOAD_APP.test(id) && !closure.has(id));
      if (lazyOnly.length)
        this.error(
          `FIRST_LOAD_APP (scripts/lib/first-load-chunk.ts) matches modules the entry does not import, which would join the first load: ${lazyOnly.join(', ')}`,
        );
    },
  };
}
