/**
 * Stands in for antd-mobile's `es/utils/render` (vite.config.ts aliases it here). That module re-exports
 * rc-util's legacy `ReactDOM.render` helpers, compiled to CommonJS with Babel's regenerator runtime: ~6 KB
 * gzip that every screen with an antd-mobile widget downloaded, yet never ran, because antd-setup.ts
 * replaces antd-mobile's imperative render with a React 19 root before any widget shows.
 */
export function render(): never {
  throw new Error(
    'antd-mobile rendered imperatively before src/widgets/antd-setup.ts set its React 19 render',
  );
}

export async function unmount(): Promise<boolean> {
  return false;
}
