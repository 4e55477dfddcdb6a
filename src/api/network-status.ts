/**
 * Whether the server answered the last request. `navigator.onLine` alone misses "lie-fi" (a network that
 * connects but carries nothing) and, in Chromium 150, a page reloaded under offline emulation reports
 * onLine = true; a request that never reached the server is the fact the offline bar needs.
 */
export interface NetworkStatus {
  reachable(): boolean;
  /** called by the API client after every request: true when any HTTP answer came back */
  report(reachable: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createNetworkStatus(): NetworkStatus {
  let reachable = true;
  const listeners = new Set<() => void>();
  return {
    reachable: () => reachable,
    report(next) {
      if (next === reachable) return;
      reachable = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
