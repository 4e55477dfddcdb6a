import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { FormConfig, ScreenConfig } from '../config-types.gen';
import type { WidgetRegistry } from '../contract';
import { loadFormKit } from '../forms/form-kit';
import { WidgetRegistryProvider } from '../registry';
import { ScreenRenderer } from '../runtime/ScreenRenderer';
import { EngineServicesProvider } from '../services';
import { createFakeServices, type FakeServices } from './fake-services';

// screens with forms render only once the form code is loaded (the app's loader does this)
await loadFormKit();

export interface RenderScreenOptions {
  registry: WidgetRegistry;
  services?: FakeServices;
  forms?: Record<string, FormConfig>;
  route?: { path: string; params: Record<string, string> };
  query?: Record<string, string>;
}

/** Render a screen config with all providers an app would give it (tests only). */
export function renderScreen(screen: ScreenConfig, opts: RenderScreenOptions) {
  const services = opts.services ?? createFakeServices();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <EngineServicesProvider value={services}>
        <WidgetRegistryProvider registry={opts.registry}>
          <ScreenRenderer
            screen={screen}
            forms={opts.forms}
            route={opts.route ?? { path: '/test', params: {} }}
            query={opts.query}
          />
        </WidgetRegistryProvider>
      </EngineServicesProvider>
    </QueryClientProvider>,
  );
  return { ...utils, services, client };
}
