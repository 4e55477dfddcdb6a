/**
 * Routes that need a session (screens/routes.json `requireLogin`, spec §6: a visitor gets the login
 * popup) or a role (`requireRole`, e.g. "operator" for the #/ops console). The server refuses the data
 * anyway (110000 / 110403); this keeps the screen from drawing at all (no wallet balance of 0 for a
 * visitor), opens the login popup for visitors and sends a signed-in user without the role back to /me.
 * The role is re-read from the server once per session token on entering such a route, so a stored
 * profile from before (or a revoked role) does not decide.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RouteEntry, RouteTable } from '../../engine/config-types.gen';
import type { SessionState, SessionStore } from '../../state/session-store';
import { t } from '../i18n';
import { findRoute } from '../routing/route-table';
import { uiEffects } from '../ui-effects';

export const NO_ROLE_FALLBACK = '/me';
const USER_INFO_PATH = '/mdr/api/v1/users';

export function roleAllows(
  entry: RouteEntry | undefined,
  s: Pick<SessionState, 'isLogin' | 'userInfo'>,
): boolean {
  const role = entry?.requireRole;
  if (!role) return !entry?.requireLogin || s.isLogin;
  return s.isLogin && (s.userInfo as { role?: unknown } | null)?.role === role;
}

/** The session, re-read on every store change (the login popup sets userInfo after sign-in). */
export function useSession(store: SessionStore): SessionState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useRoleGuard(
  routes: RouteTable,
  pathname: string,
  store: SessionStore,
  navigate: (to: string, opts?: { replace?: boolean }) => void,
): (entry: RouteEntry) => boolean {
  const session = useSession(store);
  const entry = findRoute(routes, pathname)?.entry;
  const needsRole = !!entry?.requireRole;
  const needsLogin = needsRole || !!entry?.requireLogin;
  const allowed = roleAllows(entry, session);
  const { isLogin, token } = session;
  // the token whose role was fetched from the server (null: not yet)
  const [checked, setChecked] = useState<string | null>(null);
  const fresh = checked !== null && checked === token;

  useEffect(() => {
    if (!needsRole || !isLogin || !token || checked === token) return;
    let live = true;
    void import('../app-runtime')
      .then(({ api }) =>
        api.request<Record<string, unknown>>({ method: 'GET', path: USER_INFO_PATH, silent: true }),
      )
      .then((info) =>
        store.set({ userInfo: info, user: { id: info?.id, user_external: info?.user_external } }),
      )
      .catch((e) => console.warn('[role-guard] user info failed', e))
      .finally(() => live && setChecked(token));
    return () => {
      live = false;
    };
  }, [needsRole, isLogin, token, checked, store]);

  useEffect(() => {
    if (!needsLogin || allowed) return;
    if (!isLogin) store.openLoginPopup();
    else if (needsRole && fresh) {
      uiEffects.toast(t('app.noPermission'), 2000);
      navigate(NO_ROLE_FALLBACK, { replace: true });
    }
  }, [needsLogin, needsRole, allowed, isLogin, fresh, store, navigate]);

  return (e) => roleAllows(e, session) && (!e.requireRole || fresh);
}
