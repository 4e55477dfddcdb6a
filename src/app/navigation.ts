/**
 * A late-bound navigate: the API client and the session need to navigate before the router exists
 * (and in tests without one), so they call this and the router plugs itself in when created.
 */
type NavigateFn = (to: string | number, opts?: { replace?: boolean }) => void;

let impl: NavigateFn | null = null;

export function setNavigator(fn: NavigateFn | null) {
  impl = fn;
}

/** Back one page when this tab has history inside the app, otherwise replace with the fallback. */
export function goBack(fallback = '/match') {
  // the router keeps the history index in history.state.idx; 0 means the app was opened on this page
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0 && impl) impl(-1);
  else navigateTo(fallback, { replace: true });
}

export function navigateTo(to: string, opts?: { replace?: boolean }) {
  if (impl) impl(to, opts);
  else window.location.hash = `#${to}`;
}

export function reloadPage() {
  window.location.reload();
}

/** spec: the helper that starts a new order flow forgets the previous order first */
export const ORDER_ID_KEY = 'orderId';
/** sessionStorage key of the initial tab a tab-home screen opens on */
export const INITIAL_TAB_KEY = 'initialTab';
