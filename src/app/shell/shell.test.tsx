import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import routesJson from '../../../screens/routes.json';
import tabsJson from '../../../screens/tabs.json';
import type { ApiClient } from '../../api/client';
import type { RouteTable, TabLayout } from '../../engine/config-types.gen';
import type { AnalyticsEvent } from '../../engine/contract';
import { WidgetRegistryProvider } from '../../engine/registry';
import { EngineServicesProvider } from '../../engine/services';
import { createSessionStore, type SessionStore } from '../../state/session-store';
import { createDefaultRegistry } from '../../widgets';
import { setAnalyticsSink } from '../analytics';
import { createEngineServices } from '../engine-services';
import { i18n, initI18n } from '../i18n';
import { navigateTo } from '../navigation';
import { AppRoutes } from '../router';
import { FOOTER_EVENT } from './use-footer-visibility';

const routes = routesJson as unknown as RouteTable;
const tabs = tabsJson as unknown as TabLayout;

let store: SessionStore;
let logout: ReturnType<typeof vi.fn>;
let currentPath = '';

function LocationProbe() {
  const l = useLocation();
  currentPath = `${l.pathname}${l.search}`;
  return null;
}

function renderApp(initialPath: string) {
  const api: ApiClient = {
    request: vi.fn(async () => null) as ApiClient['request'],
    upload: vi.fn(async () => []),
    fetchToken: vi.fn(async () => 't'),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = createEngineServices({
    store,
    api,
    encrypt: async (s) => s,
    signIn: async () => {},
    logout: logout as () => Promise<void>,
    routes,
    queryClient,
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <WidgetRegistryProvider registry={createDefaultRegistry()}>
          <EngineServicesProvider value={services}>
            <MemoryRouter initialEntries={[initialPath]} useTransitions={false}>
              <AppRoutes routes={routes} tabs={tabs} store={store} logout={logout as () => Promise<void>} />
              <LocationProbe />
            </MemoryRouter>
          </EngineServicesProvider>
        </WidgetRegistryProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const visiblePage = () => document.querySelector('.gf-route-page:not([hidden])')?.getAttribute('data-path');

beforeAll(async () => {
  await initI18n('zhhk');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  store = createSessionStore();
  logout = vi.fn(async () => {});
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
});

describe('app shell', () => {
  it('opens /match from the root and shows the five tabs', async () => {
    renderApp('/');
    await waitFor(() => expect(currentPath).toBe('/match'));
    const nav = screen.getByRole('navigation', { name: '主選單' });
    for (const title of ['比賽', '專家', '發現', '資料庫', '我的']) expect(nav.textContent).toContain(title);
    expect(visiblePage()).toBe('/match');
  });

  it('an unknown path lands on /match', async () => {
    renderApp('/no/such/page');
    await waitFor(() => expect(currentPath).toBe('/match'));
  });

  it('selecting a tab resets the initial tab and keeps the previous page alive but hidden', async () => {
    sessionStorage.setItem('initialTab', '2');
    renderApp('/match');
    await waitFor(() => expect(visiblePage()).toBe('/match'));
    fireEvent.click(screen.getByText('專家'));
    await waitFor(() => expect(currentPath).toBe('/experts'));
    expect(sessionStorage.getItem('initialTab')).toBe('0');
    expect(visiblePage()).toBe('/experts');
    expect(document.querySelector('.gf-route-page[data-path="/match"]')).toHaveProperty('hidden', true);
  });

  it('hides the tab bar on routes without a footer and on the footer-visibility event', async () => {
    renderApp('/match');
    await screen.findByRole('navigation', { name: '主選單' });
    act(() => {
      window.dispatchEvent(new CustomEvent(FOOTER_EVENT, { detail: false }));
    });
    expect(screen.queryByRole('navigation', { name: '主選單' })).toBeNull();
    act(() => {
      window.dispatchEvent(new CustomEvent(FOOTER_EVENT, { detail: true }));
    });
    expect(screen.getByRole('navigation', { name: '主選單' })).toBeTruthy();
    act(() => navigateTo('/login'));
    await waitFor(() => expect(currentPath).toBe('/login'));
    expect(screen.queryByRole('navigation', { name: '主選單' })).toBeNull();
  });

  it('reports each route change to analytics without the timestamp', async () => {
    const events: AnalyticsEvent[] = [];
    setAnalyticsSink((e) => events.push(e));
    renderApp('/match');
    await waitFor(() => expect(events.length).toBe(1));
    act(() => navigateTo('/protocol/index?id=privacy_protocol&t=123'));
    await waitFor(() => expect(events.length).toBe(2));
    expect(events[1]).toMatchObject({ kind: 'route', name: '/protocol/index' });
    expect(events[1].url).not.toContain('t=123');
  });

  it('warns a kicked-offline user on the next route change; confirming logs out', async () => {
    renderApp('/match');
    await waitFor(() => expect(visiblePage()).toBe('/match'));
    store.set({ kickedOffline: true });
    act(() => navigateTo('/experts'));
    // the dialog's code is a chunk of its own: on a busy machine it takes longer than findBy's 1 s
    const title = await screen.findByText('溫馨提示', {}, { timeout: 5000 });
    expect(title).toBeTruthy();
    expect(screen.getByText('您的帳號已在其他設備登入，請重新登入')).toBeTruthy();
    fireEvent.click(screen.getByText('確定'));
    await waitFor(() => expect(logout).toHaveBeenCalled());
  });

  it('renders the login screen in a popup while showLoginPopup is set', async () => {
    renderApp('/match');
    await waitFor(() => expect(visiblePage()).toBe('/match'));
    act(() => store.openLoginPopup());
    await waitFor(() => expect(document.querySelector('.gf-login-popup .adm-popup-body')).not.toBeNull(), {
      timeout: 5000,
    });
    const popup = document.querySelector('.gf-login-popup') as HTMLElement;
    await waitFor(() => expect(popup.textContent).toContain('歡迎來到球聚'));
    act(() => store.set({ userInfo: { id: 1 } }));
    await waitFor(() => expect(document.querySelector('.gf-login-popup .adm-popup-body')).toBeNull());
  });

  it('a visitor on a requireLogin route gets the login popup and not the screen; signing in shows it', async () => {
    renderApp('/user/other/wallet');
    await waitFor(() => expect(document.querySelector('.gf-login-popup .adm-popup-body')).not.toBeNull());
    expect(document.querySelector('.gf-route-page[data-path="/user/other/wallet"]')).toBeNull();
    act(() => store.set({ token: 'user-token', isLogin: true, userInfo: { id: 1 } }));
    await waitFor(() => expect(visiblePage()).toBe('/user/other/wallet'));
  });

  it('one screen serves several routes through route query defaults; the URL query wins', async () => {
    renderApp('/experts/nine/list');
    await waitFor(() => expect(visiblePage()).toBe('/experts/nine/list'));
    await waitFor(() => expect(screen.getAllByText('任九專家').length).toBeGreaterThan(0));
    cleanup();
    renderApp('/experts/free/list');
    await waitFor(() => expect(screen.getAllByText('免費專家').length).toBeGreaterThan(0));
    cleanup();
    renderApp('/experts/free/list?type=all');
    await waitFor(() => expect(screen.getAllByText('全部專家').length).toBeGreaterThan(0));
  });
});
