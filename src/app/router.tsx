/**
 * Hash routing built from screens/routes.json: one child route per entry (redirect entries become
 * <Navigate>), an unknown path goes to `/`, and `/` redirects to /match through the table itself.
 *
 * Declarative <HashRouter> rather than createHashRouter: the data router (loaders, actions, fetchers)
 * adds ~17 KB gzip to the first load and the engine's data sources already do that job.
 */
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RouteTable, TabLayout } from '../engine/config-types.gen';
import type { SessionStore } from '../state/session-store';
import { Shell } from './shell/shell';

export interface AppRouterProps {
  routes: RouteTable;
  tabs: TabLayout;
  store: SessionStore;
  logout(): Promise<void>;
}

export function AppRoutes({ routes, tabs, store, logout }: AppRouterProps) {
  return (
    <Routes>
      <Route element={<Shell routes={routes} tabs={tabs} store={store} logout={logout} />}>
        {routes.routes.map((entry) => (
          // screens render in the shell's kept-alive pages; only redirects need an element here
          <Route
            key={entry.path}
            path={entry.path}
            element={entry.redirect ? <Navigate to={entry.redirect} replace /> : null}
          />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function AppRouter(props: AppRouterProps) {
  return (
    <HashRouter>
      <AppRoutes {...props} />
    </HashRouter>
  );
}
