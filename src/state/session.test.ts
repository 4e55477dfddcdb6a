import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionActions } from './session-actions';
import { createSessionStore } from './session-store';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session store', () => {
  it('persists fields under the spec keys and restores them after a reload', () => {
    const a = createSessionStore();
    a.set({ token: 'tok', isLogin: true, lang: 'zhtw', tz: 1, orderId: 'o-9', user: { id: 5 } });
    expect(localStorage.getItem('token')).toBe('"tok"');
    expect(localStorage.getItem('isLogin')).toBe('true');
    expect(localStorage.getItem('orderId')).toBeNull();
    expect(sessionStorage.getItem('orderId')).toBe('"o-9"');
    const b = createSessionStore();
    expect(b.get()).toMatchObject({
      token: 'tok',
      isLogin: true,
      lang: 'zhtw',
      tz: 1,
      orderId: 'o-9',
      user: { id: 5 },
    });
  });

  it('restores extra fields that screens stored', () => {
    createSessionStore().set({ homeSearchList: ['arsenal'] });
    expect(createSessionStore().get().homeSearchList).toEqual(['arsenal']);
  });

  it('ignores an unknown stored language', () => {
    localStorage.setItem('lang', '"fr"');
    expect(createSessionStore().get().lang).toBe('zhhk');
  });

  it('setting user or user info closes the login popup', () => {
    const s = createSessionStore();
    s.openLoginPopup();
    expect(s.get().showLoginPopup).toBe(true);
    s.set({ userInfo: { id: 1 } });
    expect(s.get().showLoginPopup).toBe(false);
    s.toggleLoginPopup();
    expect(s.get().showLoginPopup).toBe(true);
    s.set({ user: { id: 1 } });
    expect(s.get().showLoginPopup).toBe(false);
  });

  it('notifies subscribers with a new snapshot', () => {
    const s = createSessionStore();
    const before = s.get();
    const l = vi.fn();
    const off = s.subscribe(l);
    s.set({ isLogin: true });
    expect(l).toHaveBeenCalledTimes(1);
    expect(s.get()).not.toBe(before);
    off();
    s.set({ isLogin: false });
    expect(l).toHaveBeenCalledTimes(1);
  });
});

function deps() {
  const store = createSessionStore();
  const request = vi.fn(async (req: { path: string }) =>
    req.path === '/mdr/api/v1/users' ? { id: 7, user_external: 'u7', nickname: 'Fan' } : null,
  );
  return {
    store,
    request: request as any,
    realtime: { connect: vi.fn(), disconnect: vi.fn() },
    navigate: vi.fn(),
    reload: vi.fn(),
  };
}

describe('sign-in and logout', () => {
  it('signIn stores the token and login flag, loads user info, connects realtime, closes the popup', async () => {
    const d = deps();
    d.store.openLoginPopup();
    await createSessionActions(d).signIn('user-token');
    expect(d.store.get()).toMatchObject({
      token: 'user-token',
      isLogin: true,
      showLoginPopup: false,
      userInfo: { nickname: 'Fan' },
      user: { id: 7, user_external: 'u7' },
    });
    expect(d.request).toHaveBeenCalledWith({ method: 'GET', path: '/mdr/api/v1/users' });
    expect(d.realtime.connect).toHaveBeenCalled();
  });

  it('logout calls the server, clears the session, goes to /match after 0.5 s and reloads after 1 s', async () => {
    vi.useFakeTimers();
    try {
      const d = deps();
      d.store.set({ token: 't', isLogin: true, user: { id: 1 }, userInfo: { id: 1 }, address: { a: 1 } });
      d.store.set({ historyList: [1], kickedOffline: true, lang: 'zhcn' });
      await createSessionActions(d).logout();
      expect(d.request).toHaveBeenCalledWith({
        method: 'POST',
        path: '/prs/api/v1/user/logout',
        silent: true,
      });
      expect(d.realtime.disconnect).toHaveBeenCalled();
      expect(d.store.get()).toMatchObject({
        isLogin: false,
        user: null,
        userInfo: null,
        address: null,
        token: null,
      });
      expect(d.store.get().historyList).toBeUndefined();
      expect(d.store.get().kickedOffline).toBe(false);
      expect(d.store.get().lang).toBe('zhcn');
      expect(localStorage.getItem('isLogin')).toBe('false');
      expect(localStorage.getItem('user')).toBeNull();
      vi.advanceTimersByTime(499);
      expect(d.navigate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(d.navigate).toHaveBeenCalledWith('/match');
      expect(d.reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(500);
      expect(d.reload).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout still ends the local session when the server call fails (revoked token)', async () => {
    const d = deps();
    d.request.mockRejectedValueOnce({ code: 100203, msg: 'x' });
    d.store.set({ isLogin: true, user: { id: 1 } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await createSessionActions(d).logout();
    expect(d.store.get().isLogin).toBe(false);
  });
});
