/**
 * Vite plugin: react-router as the app uses it (a HashRouter and a few hooks), without the rest of it.
 *
 * react-router 7 points bundlers at its development build (dev warnings on) and ships its whole API in one
 * module whose top level creates contexts, memo/forwardRef components and displayName assignments. A
 * bundler must keep such statements (they may have effects), and what they reference with them, so
 * Link, Form, ScrollRestoration, the data router's prefetching and framework-mode code all reached the
 * first load: ~13 KB gzip for ~5 KB used. This plugin resolves the production build and marks those
 * statements as what they are (pure; displayName is a devtools label), so tree-shaking drops what is unused.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PURE_CALL = /= (React\d*\.(?:createContext|memo|forwardRef)\(|Object\.getOwnPropertyNames\()/g;
const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = [^;\n]+;$/gm;

/** `react-router` and `react-router/dom` resolved to the production files of the installed version */
export function productionEntries(): { find: RegExp; replacement: string }[] {
  const dev = fileURLToPath(import.meta.resolve('react-router'));
  const prod = dev.replace(/\/dist\/development\/[^/]+$/, '/dist/production/');
  return [
    { find: /^react-router$/, replacement: `${prod}index.mjs` },
    { find: /^react-router\/dom$/, replacement: `${prod}dom-export.mjs` },
  ];
}

function markPure(code: string): string {
  return code.replace(DISPLAY_NAME, '').replace(PURE_CALL, '= /* @__PURE__ */ $1');
}

export function leanReactRouter(): Plugin {
  return {
    name: 'gf-lean-react-router',
    apply: 'build',
    config: () => ({ resolve: { alias: productionEntries() } }),
    transform: {
      filter: { id: /\/react-router\/dist\/production\/.*\.mjs$/ },
      handler: (code) => ({ code: markPure(code), map: null }),
    },
  };
}
