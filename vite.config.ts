import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import cssInjectedByJs from 'vite-plugin-css-injected-by-js';
import { configChunks, iconChunks } from './scripts/lib/config-chunk-names';
import { deepAntdImports } from './scripts/lib/deep-antd-imports';
import { FIRST_LOAD_APP, firstLoadChunkGuard, lazyOnly } from './scripts/lib/first-load-chunk';
import { leanIcons } from './scripts/lib/lean-icons';
import { leanPreload } from './scripts/lib/lean-preload';
import { leanReactRouter } from './scripts/lib/lean-react-router';
import { localeChunks } from './scripts/lib/locale-chunks';
import { routePreload } from './scripts/lib/route-preload';
import { themeCss } from './scripts/lib/theme-css';

const ICONS_ROOT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]antd-mobile-icons['"];?/g;

/**
 * `import { X } from 'antd-mobile-icons'` (antd-mobile's own components do it) puts the package index in
 * the graph, and that index statically imports every icon: the lazily loaded icons of
 * src/widgets/icon/icon-loaders.ts could then never leave the first-load chunk. Rewriting the named
 * imports to one deep import per icon keeps the index out of the graph.
 */
export function deepIconImports(): Plugin {
  return {
    name: 'gf-deep-icon-imports',
    enforce: 'pre',
    transform: {
      filter: { code: 'antd-mobile-icons' },
      handler(code, id) {
        if (id.includes('/node_modules/antd-mobile-icons/')) return null;
        let changed = false;
        const out = code.replace(ICONS_ROOT_IMPORT, (_all, names: string) => {
          changed = true;
          return names
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean)
            .map((n) => {
              const [imported, local = imported] = n.split(/\s+as\s+/);
              return `import ${local} from 'antd-mobile-icons/es/${imported}';`;
            })
            .join('\n');
        });
        return changed ? { code: out, map: null } : null;
      },
    },
  };
}

/** codemirror-json-schema's markdown renderer (markdown-it + shiki) replaced by plain escaped text */
export function plainSchemaDocs(): Plugin {
  return {
    name: 'gf-plain-schema-docs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer?.includes('/node_modules/codemirror-json-schema/') &&
        /\/utils\/markdown(\.js)?$/.test(source)
      )
        return `${import.meta.dirname}/src/widgets/field-json-editor/plain-markdown.ts`;
      return null;
    },
  };
}

/** antd-mobile's legacy imperative render (never run: see src/widgets/antd-legacy-render) left out */
export function noLegacyAntdRender(): Plugin {
  return {
    name: 'gf-no-legacy-antd-render',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './render' && importer?.includes('/node_modules/antd-mobile/es/utils/unstable-render'))
        return `${import.meta.dirname}/src/widgets/antd-legacy-render/index.ts`;
      return null;
    },
  };
}

// Libraries every screen needs from the first paint, in one chunk of their own so an app update that
// leaves them alone does not invalidate them. One chunk rather than one per library: compressed together
// they are ~1 KB smaller and two requests fewer, and they are upgraded together anyway. Anything loaded
// only lazily stays out of this group: a group's chunk is fetched as a whole.
const FIRST_LOAD_VENDORS: { name: string; test: RegExp }[] = [
  {
    name: 'vendor',
    test: /\/node_modules\/(react|react-dom|scheduler|@tanstack|i18next|react-i18next|react-router|react-router-dom)\//,
  },
];

const preload = leanPreload();

// antd-setup comes with every lazily loaded widget, so the small plumbing nearly every antd-mobile
// component shares travels inside it; helpers that need a heavier library (gestures, springs, resize
// observer, lodash) stay out, or every screen with a widget would fetch that library too
const HEAVY_HELPERS =
  /antd-mobile\/es\/utils\/(reduce-and-restore-motion|use-drag-and-pinch|use-tab-list-scroll)\.js|ahooks\/es\/(useDebounce|useDebounceEffect|useDebounceFn|useInfiniteScroll|useReactive|useSelections|useSize|useThrottle|useThrottleEffect|useThrottleFn|useVirtualList|utils\/lodash-polyfill)[/.]/;
const ANTD_PLUMBING =
  /\/src\/widgets\/(antd-(setup|legacy-render)|shared\/when-idle)|\/node_modules\/(tslib\/|rc-util\/|ahooks\/|staged-components\/|runes2\/|antd-mobile\/es\/(utils\/|components\/config-provider\/|locales\/))/;
const ANTD_SETUP = (id: string) => ANTD_PLUMBING.test(id) && !HEAVY_HELPERS.test(id);

const MOTION = /\/node_modules\/(@react-spring\/|antd-mobile\/es\/utils\/reduce-and-restore-motion\.js)/;

const UI_KIT =
  /\/node_modules\/(antd-mobile\/es\/(utils|hooks)\/|ahooks\/|@react-spring\/|@use-gesture\/|tslib\/|lodash\/|rc-util\/|rc-motion\/|staged-components\/|runes2\/|@floating-ui\/)/;

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [
    deepIconImports(),
    deepAntdImports(import.meta.dirname),
    plainSchemaDocs(),
    noLegacyAntdRender(),
    leanIcons(),
    firstLoadChunkGuard(),
    leanReactRouter(),
    react(),
    themeCss(import.meta.dirname),
    localeChunks(import.meta.dirname),
    routePreload(import.meta.dirname),
    preload.plugin,
    configChunks(import.meta.dirname),
    iconChunks(import.meta.dirname),
    // A lazy chunk's styles travel inside it (a <style> it adds when it runs) instead of as a stylesheet
    // of their own: a tab's screen needed ~12 small CSS files beside its JS, each a round trip on a phone's
    // six HTTP/1.1 connections. The entry's stylesheet stays a file, inlined into index.html by
    // routePreload, so the splash is styled before any script runs.
    cssInjectedByJs({
      relativeCSSInjection: true,
      jsAssetsFilterFunction: (chunk) => !(chunk.isEntry && chunk.name === 'index'),
    }),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: `${import.meta.dirname}/src/app/sync-external-store.ts`,
      },
    ],
  },
  build: {
    // WEB_DIR lets parallel builds (and their browser tests) use their own directory
    outDir: process.env.WEB_DIR || 'dist/web',
    emptyOutDir: true,
    // ES2022 (class fields, top-level await, ?? and ?. natively): Chrome/Android WebView 94+, iOS Safari
    // 15.4+ — every phone a fan in Hong Kong is likely to hold in 2026, and ~1.5 KB less first-load code
    target: 'es2022',
    // modulepreload is native in Chromium and Safari 17+; older Safari simply skips the preload links
    // (modules still load when imported), so the 0.4 KB polyfill is not worth its first-load bytes
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...FIRST_LOAD_VENDORS.map((g, i) => ({ ...g, priority: 10 + FIRST_LOAD_VENDORS.length - i })),
            { name: 'app', test: FIRST_LOAD_APP, priority: 3 },
            // antd-setup comes with every lazily loaded widget (src/widgets/deferred.tsx): what it needs
            // travels inside it. Split by entry sets, its four small needs were merged into neighbouring
            // pieces, whose imports then pulled scroll-lock, touch and gesture code into screens without
            // any antd-mobile component (#/database fetched 8 such files for a grid and a list).
            { name: 'antd-setup', test: lazyOnly(ANTD_SETUP), priority: 2 },
            // react-spring with the one antd-mobile helper that reconfigures it: merged by size into
            // shared pieces, that helper made plain text inputs import the whole animation library
            { name: 'motion', test: lazyOnly(MOTION), priority: 4 },
            // groups take their modules' dependencies along: the heavier libraries some antd-mobile
            // helpers use are captured first, so antd-setup does not swallow them
            { name: 'gesture', test: lazyOnly(/\/node_modules\/@use-gesture\//), priority: 4 },
            {
              name: 'resize-observer',
              test: lazyOnly(/\/node_modules\/resize-observer-polyfill\//),
              priority: 4,
            },
            { name: 'lodash', test: lazyOnly(/\/node_modules\/lodash\//), priority: 4 },
            // antd-mobile's shared plumbing (hooks, utils, react-spring, use-gesture, ahooks...): as ~40 files of
            // ~1 KB it cost a phone on a slow link one round trip per six files (Lighthouse: #/login painted
            // after 4 s). As ONE chunk it cost every route all of it (the match detail page fetched 17 KB of
            // react-spring it never runs). entriesAware: one chunk per set of routes and widgets sharing the
            // same plumbing, pieces under 4 KB merged into a neighbour.
            {
              name: 'ui-kit',
              test: UI_KIT,
              priority: 0,
              entriesAware: true,
              entriesAwareMergeThreshold: 4000,
            },
          ],
        },
        // entriesAware names a piece after every entry sharing it ("ui-kit~index~index~..."); a short hash
        // because every lazily loaded file's name is in the first load's preload table
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('ui-kit~') ? 'assets/ui-kit-[hash:7].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/prs': 'http://localhost:8080',
      '/mdr': 'http://localhost:8080',
      '/dmd': 'http://localhost:8080',
      '/byn': 'http://localhost:8080',
      '/dev': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
