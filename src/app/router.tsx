/**
 * Hash routing over screens/routes.json: the shell renders the screen of the current path, redirect
 * entries replace the location with their target, and an unknown path goes to `/` (which the table
 * itself redirects to /match).
 */
import { useLayoutEffect } from 'react';
import type { RouteTable, TabLayout } from '../engine/config-types.gen';
import type { SessionStore } from '../state/session-store';
import { HashRouter, useLocation, useNavigate } from './routing/hash-router';
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
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(routes, pathname);
  // before paint, so the unknown path never shows
  useLayoutEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  return null;
}

export function AppRoutes({ routes, tabs, store, logout }: AppRouterProps) {
  return (
    <>
      <Shell routes={routes} tabs={tabs} store={store} logout={logout} />
      <Redirects routes={routes} />
    </>
  );
}

export function AppRouter(props: AppRouterProps) {
  return (
    <HashRouter>
      <AppRoutes {...props} />
    </HashRouter>
  );
}
