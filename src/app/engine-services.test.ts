import { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import type { RouteTable } from '../engine/config-types.gen';
import { createSessionStore, type SessionStore } from '../state/session-store';
import { createEngineServices } from './engine-services';
import { defaultLang, i18n, initI18n } from './i18n';
import { setNavigator } from './navigation';

const routes: RouteTable = {
  keepAliveMax: 10,
  keepAliveExclude: [],
  keepAliveInclude: [],
  routes: [
    { path: '/match', screen: 'match/home', name: 'Match', order: 1 },
    { path: '/order/settlement', screen: 'orders/settlement', order: 3 },
  ],
};

let store: SessionStore;
const navigate = vi.fn();

function services() {
  const api = { request: vi.fn(), upload: vi.fn(), fetchToken: vi.fn() } as unknown as ApiClient;
  return createEngineServices({
    store,
    api,
    encrypt: async (s) => `enc(${s})`,
    signIn: async () => {},
    logout: async () => {},
    routes,
    queryClient: new QueryClient(),
  });
}

beforeAll(async () => {
  await initI18n('zhhk');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  store = createSessionStore();
  navigate.mockReset();
  setNavigator(navigate);
});

describe('engine services', () => {
  it('navigating to a named route adds the timestamp; a path does not', () => {
    const s = services();
    vi.spyOn(Date, 'now').mockReturnValue(1234);
    s.navigate('Match');
    s.navigate('/order/settlement', { query: { id: '5' }, replace: true });
    vi.mocked(Date.now).mockRestore();
    expect(navigate.mock.calls).toEqual([
      ['/match?t=1234', { replace: undefined }],
      ['/order/settlement?id=5', { replace: true }],
    ]);
  });

  it('the order helper forgets the stored order id before navigating', () => {
    store.set({ orderId: 'o-1' });
    services().navigate('/order/settlement', { clearOrderId: true });
    expect(sessionStorage.getItem('orderId')).toBeNull();
    expect(store.get().orderId).toBeNull();
  });

  it('the session view is stable until the session changes', () => {
    const s = services();
    const a = s.session.get();
    expect(s.session.get()).toBe(a);
    s.session.set({ isLogin: true });
    expect(s.session.get()).not.toBe(a);
    expect(s.session.get().isLogin).toBe(true);
  });
});

describe('language', () => {
  it('defaults to zhhk, zhcn only for a zh-CN browser', () => {
    expect(defaultLang('zh-CN')).toBe('zhcn');
    expect(defaultLang('zh-TW')).toBe('zhhk');
    expect(defaultLang('en-US')).toBe('zhhk');
  });

  it('switching updates texts, the stored language, <html lang> and dayjs without a reload', async () => {
    const s = services();
    expect(i18n.t('tabs.database')).toBe('資料庫');
    s.setLang('zhcn');
    await vi.waitFor(() => expect(store.get().lang).toBe('zhcn'));
    expect(i18n.t('kicked.title')).toBe('温馨提示');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(localStorage.getItem('lang')).toBe('"zhcn"');
    s.session.set({ lang: 'zhtw' });
    await vi.waitFor(() => expect(store.get().lang).toBe('zhtw'));
    expect(document.documentElement.lang).toBe('zh-TW');
    s.setLang('fr');
    expect(store.get().lang).toBe('zhtw');
  });
});
