/** Providers around the router: react-query, i18n, widget registry and the engine's services. */

import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { EngineServicesProvider, WidgetRegistryProvider } from '../engine';
import { api, encrypt, network, queryClient, realtime, sessionActions, store } from './app-runtime';
import { createEngineServices } from './engine-services';
import { i18n } from './i18n';
import { liveConfig } from './live-config';
import { OfflineBar } from './pwa';
import { AppRouter } from './router';
import { useSyncExternalStore } from './sync-external-store';
import { registry } from './widget-registry';

export function App() {
  // the route table and tabs operators published (src/app/live-config.ts), else the build's
  const routes = useSyncExternalStore(liveConfig.subscribe, liveConfig.routes);
  const tabs = useSyncExternalStore(liveConfig.subscribe, liveConfig.tabs);
  const services = useMemo(
    () =>
      createEngineServices({
        store,
        api,
        encrypt,
        signIn: sessionActions.signIn,
        logout: sessionActions.logout,
        // read at each navigation: a published route table counts from the next one
        get routes() {
          return liveConfig.routes();
        },
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
            <OfflineBar network={network} />
            <AppRouter routes={routes} tabs={tabs} store={store} logout={sessionActions.logout} />
          </EngineServicesProvider>
        </WidgetRegistryProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
