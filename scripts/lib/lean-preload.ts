/**
 * Vite wraps every lazy `import()` in its preload helper with the list of files that chunk needs, so
 * the browser fetches a chunk and its imports in parallel instead of one after the other. The lists
 * name every file, including those the first load has already run (vendor, app core, the entry) and,
 * for a chunk that needs nothing new, the chunk alone — which the `import()` fetches anyway. For the
 * ~250 lazy imports of the first-load code (screens, widgets, icons) those names were ~3.5 KB gzip of
 * the first load of #/match: pure overhead.
 *
 * `resolveDependencies` drops the files the entry's static closure has loaded, and drops the list when
 * only the chunk itself is left; a chunk that brings new imports keeps its full parallel preload —
 * except screens and widgets: every route's preload script (scripts/lib/route-preload.ts) names all the
 * files of its screen and widgets, and the app runs it on each navigation (src/app/routing/route-preload.ts),
 * so their lists would only repeat it (another ~2.5 KB gzip).
 */
import type { Plugin } from 'vite';

interface ChunkLike {
  type: string;
  isEntry?: boolean;
  imports?: string[];
  facadeModuleId?: string | null;
}

/** Chunks a route's preload script covers: a screen's config or a widget's entry module. */
export const ROUTE_COVERED = /\/screens\/.+\.json$|\/src\/widgets\/[^/]+\/index\.tsx?$/;

export function routeCoveredChunks(bundle: Record<string, ChunkLike>): Set<string> {
  return new Set(
    Object.entries(bundle)
      .filter(([, c]) => c.type === 'chunk' && !c.isEntry && ROUTE_COVERED.test(c.facadeModuleId ?? ''))
      .map(([name]) => name),
  );
}

/** Files the entry chunks import statically, transitively: loaded before any lazy import can run. */
export function staticClosureOfEntries(bundle: Record<string, ChunkLike>): Set<string> {
  const loaded = new Set<string>();
  const stack = Object.entries(bundle)
    // config and icon data chunks are emitted as entries but load only on demand
    .filter(([name, c]) => c.type === 'chunk' && c.isEntry && !/(^|\/)(cfg|icon)-[0-9a-f]{10}-/.test(name))
    .map(([name]) => name);
  while (stack.length) {
    const name = stack.pop()!;
    if (loaded.has(name)) continue;
    loaded.add(name);
    stack.push(...(bundle[name]?.imports ?? []));
  }
  return loaded;
}

/** What is still worth preloading for a lazy import of `file`. */
export function freshDependencies(
  file: string,
  deps: string[],
  loaded: ReadonlySet<string>,
  covered: ReadonlySet<string> = new Set(),
): string[] {
  if (covered.has(file)) return [];
  const fresh = deps.filter((d) => !loaded.has(d));
  return fresh.length === 1 && fresh[0] === file ? [] : fresh;
}

export function leanPreload() {
  let loaded: Set<string> = new Set();
  let covered: Set<string> = new Set();
  const plugin: Plugin = {
    name: 'gf-lean-preload',
    apply: 'build',
    // before vite:build-import-analysis writes the lists (it calls resolveDependencies in its own generateBundle)
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = bundle as unknown as Record<string, ChunkLike>;
        loaded = staticClosureOfEntries(chunks);
        covered = routeCoveredChunks(chunks);
      },
    },
  };
  return {
    plugin,
    resolveDependencies: (file: string, deps: string[]) => freshDependencies(file, deps, loaded, covered),
  };
}
