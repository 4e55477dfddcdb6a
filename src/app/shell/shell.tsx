/**
 * The layout around every route: kept-alive pages, the bottom tab bar, the login popup and the
 * kicked-offline prompt.
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RouteTable, TabLayout } from '../../engine/config-types.gen';
import type { SessionStore } from '../../state/session-store';
import { t } from '../i18n';
import { setNavigator } from '../navigation';
import { findRoute } from '../routing/route-table';
import { KeepAlivePages } from './keep-alive-pages';
import { createKickedPrompt } from './kicked-dialog';
import { LoginPopup } from './login-popup';
import { useRoleGuard } from './role-guard';
import { AppTabBar } from './tab-bar';
import { useFooterVisibility } from './use-footer-visibility';
import { useRouteEffects } from './use-route-effects';
import './shell.css';

export interface ShellProps {
  routes: RouteTable;
  tabs: TabLayout;
  store: SessionStore;
  logout(): Promise<void>;
}

/** Footer: a route's explicit flag wins; otherwise only the tab pages show it. */
export function routeShowsFooter(routes: RouteTable, tabs: TabLayout, pathname: string): boolean {
  const flag = findRoute(routes, pathname)?.entry.footer;
  if (flag !== undefined) return flag;
  return tabs.tabs.some((tab) => tab.path === pathname);
}

export function Shell({ routes, tabs, store, logout }: ShellProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const footerAllowed = useFooterVisibility();
  const showKicked = useMemo(() => createKickedPrompt({ t, logout }), [logout]);

  useEffect(() => {
    // react-router's navigate has one overload for a path and one for a history delta
    setNavigator((to, opts) => void (typeof to === 'number' ? navigate(to) : navigate(to, opts)));
    return () => setNavigator(null);
  }, [navigate]);

  // the flag can also arrive between navigations (realtime `kicked`): warn right away then too
  useEffect(
    () =>
      store.subscribe(() => {
        if (store.get().kickedOffline) showKicked();
      }),
    [store, showKicked],
  );

  useRouteEffects(store, showKicked);
  const canShow = useRoleGuard(routes, location.pathname, store, navigate);

  const footer = footerAllowed && routeShowsFooter(routes, tabs, location.pathname);
  return (
    <div className={footer ? 'gf-app gf-app-with-footer' : 'gf-app'}>
      <main className="gf-pages">
        <KeepAlivePages table={routes} canShow={canShow} />
      </main>
      {footer && (
        <AppTabBar layout={tabs} pathname={location.pathname} onNavigate={(p) => navigate(p)} store={store} />
      )}
      <LoginPopup store={store} />
    </div>
  );
}
