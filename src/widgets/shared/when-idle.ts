/**
 * Run `task` once the browser is idle (or after `fallbackMs` where requestIdleCallback is missing, as in
 * Safari), unless the returned cancel runs first. For fetching code ahead of the tap that needs it,
 * without competing with the first paint.
 */
export function whenIdle(task: () => void, fallbackMs = 1500): () => void {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(id);
}
