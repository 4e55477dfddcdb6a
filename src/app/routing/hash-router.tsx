/**
 * The little of a router the app needs: the current location (path, query, history key), how it was
 * reached (PUSH, REPLACE, POP) and navigate(). Routes themselves are data (screens/routes.json, matched
 * by route-table.ts), so react-router's route tree, data APIs and matching (~13 KB gzip of the first
 * load) bought nothing.
 *
 * History entries carry `{ key, idx }` like react-router's, so `history.state.idx` still tells whether
 * the app has a page to go back to (navigation.ts).
 */
import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterLocation {
  pathname: string;
  /** `?a=1` or empty */
  search: string;
  /** unique per history entry; `default` for an entry the router did not create (typed or set hash) */
  key: string;
}

export type NavigateFn = (to: string | number, opts?: { replace?: boolean }) => void;

interface RouterSnapshot {
  location: RouterLocation;
  navigationType: NavigationType;
}

interface RouterSource {
  get(): RouterSnapshot;
  subscribe(listener: () => void): () => void;
  navigate: NavigateFn;
}

const RouterContext = createContext<RouterSource | null>(null);

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `/a/b?x=1` -> pathname and search; a missing or relative path counts from the root. */
export function parsePath(path: string): { pathname: string; search: string } {
  const q = path.indexOf('?');
  const rawPath = q < 0 ? path : path.slice(0, q);
  const search = q < 0 || q === path.length - 1 ? '' : path.slice(q);
  return { pathname: rawPath.startsWith('/') ? rawPath : `/${rawPath}`, search };
}

function createSource(
  read: () => RouterLocation,
  write: (to: string, replace: boolean) => void,
  go: (delta: number) => void,
  listenPop: (onPop: () => void) => void,
): RouterSource {
  const listeners = new Set<() => void>();
  let snapshot: RouterSnapshot = { location: read(), navigationType: 'POP' };
  const update = (navigationType: NavigationType) => {
    const location = read();
    const was = snapshot.location;
    const same =
      location.key === was.key && location.pathname === was.pathname && location.search === was.search;
    if (navigationType === 'POP' && same) return; // popstate and hashchange of one change
    snapshot = { location, navigationType };
    for (const l of listeners) l();
  };
  listenPop(() => update('POP'));
  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, opts) {
      if (typeof to === 'number') {
        go(to);
        return;
      }
      write(to, !!opts?.replace);
      update(opts?.replace ? 'REPLACE' : 'PUSH');
    },
  };
}

type EntryState = { key?: string; idx?: number } | null;

function createHashSource(): RouterSource {
  const state = () => (window.history.state as EntryState) ?? null;
  if (state()?.idx == null) window.history.replaceState({ ...state(), idx: 0 }, '');
  return createSource(
    () => ({ ...parsePath(window.location.hash.slice(1) || '/'), key: state()?.key ?? 'default' }),
    (to, replace) => {
      const idx = state()?.idx ?? 0;
      const entry = { key: newKey(), idx: replace ? idx : idx + 1 };
      if (replace) window.history.replaceState(entry, '', `#${to}`);
      else window.history.pushState(entry, '', `#${to}`);
    },
    (delta) => window.history.go(delta),
    (onPop) => {
      // a typed or script-set hash fires hashchange (and popstate in browsers); back/forward fire popstate
      window.addEventListener('popstate', onPop);
      window.addEventListener('hashchange', onPop);
    },
  );
}

function createMemorySource(initialEntries: string[]): RouterSource {
  const entries: RouterLocation[] = initialEntries.map((p, i) => ({
    ...parsePath(p),
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  let onPop = () => {};
  return createSource(
    () => entries[index],
    (to, replace) => {
      const entry = { ...parsePath(to), key: newKey() };
      if (replace) entries[index] = entry;
      else {
        entries.splice(index + 1, entries.length, entry);
        index++;
      }
    },
    (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      onPop();
    },
    (listener) => {
      onPop = listener;
    },
  );
}

function Router({ source, children }: { source: RouterSource; children: ReactNode }) {
  return <RouterContext.Provider value={source}>{children}</RouterContext.Provider>;
}

/** The app's router: the location lives in the URL hash (`#/match?x=1`). */
export function HashRouter({ children }: { children: ReactNode }) {
  const [source] = useState(createHashSource);
  return <Router source={source}>{children}</Router>;
}

/** An in-memory router for tests: starts on the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [source] = useState(() => createMemorySource(initialEntries));
  return <Router source={source}>{children}</Router>;
}

function useRouterSnapshot(): RouterSnapshot {
  const source = useContext(RouterContext);
  if (!source) throw new Error('router hooks need a <HashRouter> or <MemoryRouter> above them');
  return useSyncExternalStore(source.subscribe, source.get);
}

export function useLocation(): RouterLocation {
  return useRouterSnapshot().location;
}

export function useNavigationType(): NavigationType {
  return useRouterSnapshot().navigationType;
}

export function useNavigate(): NavigateFn {
  const source = useContext(RouterContext);
  if (!source) throw new Error('router hooks need a <HashRouter> or <MemoryRouter> above them');
  return source.navigate;
}

/**
 * The params of `pattern` (`/a/:id`) in `pathname`, or null when it does not match. Like react-router:
 * case-insensitive, a trailing slash is ignored, params are URI-decoded.
 */
export function matchRoutePath(pattern: string, pathname: string): Record<string, string> | null {
  const split = (p: string) => p.split('/').filter(Boolean);
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(have[i]);
      } catch {
        params[want[i].slice(1)] = have[i];
      }
    } else if (want[i].toLowerCase() !== have[i].toLowerCase()) return null;
  }
  return params;
}
