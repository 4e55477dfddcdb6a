/**
 * Warm a route's chunks before its screen asks for them. The boot script (scripts/lib/route-preload.ts)
 * defines `window.__gfPre(path)`, which loads that route's preload script: `<link rel=modulepreload>`
 * for its screen, widgets, antd-mobile pieces and texts, all in parallel. The production build leaves
 * the screens' and widgets' own `import()` calls without Vite's per-import file lists
 * (scripts/lib/lean-preload.ts), so this call is what keeps an in-app navigation from turning into a
 * waterfall. In development and tests there is no boot script and the call does nothing.
 */
declare global {
  interface Window {
    __gfPre?: (path: string) => void;
  }
}

export function preloadRoute(path: string): void {
  if (typeof window !== 'undefined') window.__gfPre?.(path);
}
