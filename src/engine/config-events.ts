/**
 * Documents laid over the seed at once, not at the next route change (an operator's preview,
 * src/app/config-sync.ts): the screen on display (src/app/screen-host.tsx) loads again. Its own module:
 * a production build replaces config-files.ts (scripts/lib/config-chunk-names.ts).
 */
const listeners = new Set<() => void>();

/** Call `fn` when documents are laid over the seed at once; returns the unsubscribe. */
export function onConfigFilesChanged(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

export function configFilesChanged(): void {
  for (const fn of listeners) fn();
}
