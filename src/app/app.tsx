/** Providers around the router: react-query, i18n, widget registry and the engine's services. */

import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import routesJson from '../../screens/routes.json';
import tabsJson from '../../screens/tabs.json';
import { EngineServicesProvider, WidgetRegistryProvider } from '../engine';
import type { RouteTable, TabLayout } from '../engine/config-types.gen';
import { api, encrypt, queryClient, realtime, sessionActions, store } from './app-runtime';
import { createEngineServices } from './engine-services';
import { i18n } from './i18n';
import { OfflineBar } from './pwa';
import { AppRouter } from './router';
import { registry } from './widget-registry';

const routes = routesJson as unknown as RouteTable;
const tabs = tabsJson as unknown as TabLayout;

export function App() {
  const services = useMemo(
    () =>
      createEngineServices({
        store,
        api,
        encrypt,
        signIn: sessionActions.signIn,
        logout: sessionActions.logout,
        routes,
        queryClient,
        realtime,
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <WidgetRegistryProvider registry={registry}>
          <EngineServicesProvider value={services}>
            <OfflineBar />
            <AppRouter routes={routes} tabs={tabs} store={store} logout={sessionActions.logout} />
          </EngineServicesProvider>
        </WidgetRegistryProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
