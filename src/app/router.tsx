/**
 * Hash routing over screens/routes.json with react-router-dom's HashRouter: the shell renders the screen
 * of the current path (keep-alive pages, not a <Routes> tree, so earlier pages stay mounted), redirect
 * entries replace the location with their target, and an unknown path goes to `/` (which the table
 * itself redirects to /match).
 */
import { useLayoutEffect } from 'react';
import { HashRouter, Navigate, useLocation } from 'react-router-dom';
import type { RouteTable, TabLayout } from '../engine/config-types.gen';
import type { SessionStore } from '../state/session-store';
import { HashCatchUp } from './routing/hash-catch-up';
import { preloadRoute } from './routing/route-preload';
import { findRoute } from './routing/route-table';
import { Shell } from './shell/shell';

export interface AppRouterProps {
  routes: RouteTable;
  tabs: TabLayout;
  store: SessionStore;
  logout(): Promise<void>;
}

/** Where a path must go instead, or undefined when it has a screen of its own. */
export function redirectTarget(routes: RouteTable, pathname: string): string | undefined {
  const match = findRoute(routes, pathname);
  const target = match ? match.entry.redirect : '/';
  return target && target !== pathname ? target : undefined;
}

function Redirects({ routes }: { routes: RouteTable }) {
  const target = redirectTarget(routes, useLocation().pathname);
  // a redirect or unknown path draws no page, so replacing it after paint shows nothing in between
  return target ? <Navigate to={target} replace /> : null;
}

export function AppRoutes({ routes, tabs, store, logout }: AppRouterProps) {
  const { pathname } = useLocation();
  // before the screen's effects: its chunks start downloading while its JSON is still on its way
  useLayoutEffect(() => preloadRoute(pathname), [pathname]);
  return (
    <>
      <Shell routes={routes} tabs={tabs} store={store} logout={logout} />
      <Redirects routes={routes} />
    </>
  );
}

export function AppRouter(props: AppRouterProps) {
  return (
    // without transitions a navigation renders at once: the keep-alive list and the slide derive from it
    <HashRouter useTransitions={false}>
      <AppRoutes {...props} />
      <HashCatchUp />
    </HashRouter>
  );
}
