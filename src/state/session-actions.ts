/**
 * Sign-in and logout sequences (spec §4). They touch the API and the realtime connection, so they take
 * them as arguments instead of importing them: the store stays free of network code and tests drive
 * these sequences with fakes.
 */
import type { SessionState, SessionStore } from './session-store';

export interface SessionActionDeps {
  store: SessionStore;
  request<T>(req: { method: 'GET' | 'POST'; path: string; silent?: boolean }): Promise<T>;
  realtime: { connect(): void; disconnect(): void };
  navigate(path: string): void;
  reload(): void;
}

export const USER_INFO_PATH = '/mdr/api/v1/users';
export const LOGOUT_PATH = '/prs/api/v1/user/logout';

/** Everything logout forgets (spec §4), plus the token, which the server revokes on logout anyway. */
export const LOGOUT_CLEARS: Partial<SessionState> = {
  token: null,
  user: null,
  userInfo: null,
  isLogin: false,
  address: null,
  showLoginPopup: false,
  messageCount: undefined,
  payNow: undefined,
  paySuccess: undefined,
  orderType: undefined,
  worksList: undefined,
  mhList: undefined,
  homeSearchList: undefined,
  historyList: undefined,
  kickedOffline: false,
};

export function createSessionActions(deps: SessionActionDeps) {
  const { store } = deps;

  async function signIn(token: string): Promise<void> {
    store.set({ token, isLogin: true });
    try {
      const info = await deps.request<Record<string, unknown>>({ method: 'GET', path: USER_INFO_PATH });
      store.set({ userInfo: info, user: { id: info?.id, user_external: info?.user_external } });
    } catch (e) {
      // still signed in: the profile loads again on the next screen that needs it
      console.warn('[session] user info failed after sign-in', e);
    }
    deps.realtime.disconnect();
    deps.realtime.connect();
    store.closeLoginPopup();
  }

  async function logout(): Promise<void> {
    deps.realtime.disconnect();
    try {
      await deps.request({ method: 'POST', path: LOGOUT_PATH, silent: true });
    } catch (e) {
      // a revoked or expired token cannot log out on the server; the local session must end regardless
      console.warn('[session] logout call failed', e);
    }
    store.set(LOGOUT_CLEARS);
    setTimeout(() => deps.navigate('/match'), 500);
    setTimeout(() => deps.reload(), 1000);
  }

  return { signIn, logout };
}
