/**
 * `use-sync-external-store/shim` for the bundle (vite.config.ts aliases it here): react-i18next imports the
 * shim for React < 18, and with React 19 the shim only hands back React's own hook, so the bundle takes
 * the hook from React directly and leaves the shim's ~0.7 KB gzip out of the first load.
 */
export { useSyncExternalStore } from 'react';
