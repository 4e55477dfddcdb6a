import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { runActions } from '../actions/run-actions';
import type { ConfigNode, FormConfig, ScreenConfig } from '../config-types.gen';
import type { Scope, WidgetRegistry } from '../contract';
import { invalidatePaths } from '../data/invalidate';
import { useScreenSources } from '../data/sources';
import { evalValue } from '../expr';
import { formKit } from '../forms/form-kit';
import { APP, currentRules } from '../globals';
import { useWidgetRegistry } from '../registry';
import { type EngineServices, useEngineServices } from '../services';
import { createEventBus } from './events';
import { NodeBoundary } from './NodeBoundary';
import { NodeRenderer } from './NodeRenderer';
import { type ScreenRuntime, ScreenRuntimeContext } from './screen-runtime';
import { createStore } from './store';

export interface ScreenRendererProps {
  screen: ScreenConfig;
  route: Scope['route'];
  query?: Record<string, string>;
  /** form configs by id, for `screen.forms[*].form` (loadScreenBundle returns them) */
  forms?: Record<string, FormConfig>;
  /**
   * The screen's widgets are still loading: its data sources start now (so requests overlap the widget
   * chunks instead of queueing behind them), `fallback` shows, and onEnter waits for the body.
   */
  pending?: boolean;
  fallback?: ReactNode;
}

function createRuntime(
  props: ScreenRendererProps,
  services: EngineServices,
  registry: WidgetRegistry,
  client: QueryClient,
): ScreenRuntime {
  const { screen } = props;
  const env = { t: services.t, status: services.status };
  const rt: ScreenRuntime = {
    screen,
    services,
    registry,
    env,
    state: createStore<Record<string, unknown>>(structuredClone(screen.state ?? {})),
    events: createEventBus(),
    forms: new Map(),
    formValues: {},
    formsVersion: createStore(0),
    sources: { plain: new Map(), paged: new Map() },
    data: {},
    route: props.route,
    query: props.query ?? {},
    liveScope: () => ({
      route: rt.route,
      query: rt.query,
      session: services.session.get(),
      state: rt.state.get(),
      data: rt.data,
      form: rt.formValues,
      rules: currentRules(),
      app: APP,
    }),
    run: (actions, scope, node) => runActions(actions, { rt, scope, node }),
    refetch: async (source) => {
      const names = source ? [source] : [...rt.sources.plain.keys(), ...rt.sources.paged.keys()];
      await Promise.all(
        names.map((n) => {
          const opts = rt.sources.plain.get(n) ?? rt.sources.paged.get(n);
          return opts ? client.invalidateQueries({ queryKey: opts.queryKey }) : undefined;
        }),
      );
    },
    invalidatePaths: (prefixes) => invalidatePaths(client, prefixes),
  };
  for (const [name, entry] of Object.entries(screen.forms ?? {})) {
    const config = props.forms?.[entry.form];
    if (!config) throw new Error(`Screen "${screen.id}" uses form "${entry.form}", which was not provided`);
    const scope = rt.liveScope();
    const defaults = {
      ...(evalValue(config.defaults ?? {}, scope, env) as object),
      ...(evalValue(entry.defaults ?? {}, scope, env) as object),
    };
    const form = formKit().createScreenForm(name, config, defaults, services.t);
    rt.forms.set(name, form);
    Object.defineProperty(rt.formValues, name, { enumerable: true, get: () => form.handle.getValues() });
    form.handle.subscribe({
      formState: { values: true },
      callback: () => rt.formsVersion.set(rt.formsVersion.get() + 1),
    });
  }
  return rt;
}

/** What a screen without its own `notFound` node shows when its subject does not exist. */
export const DEFAULT_NOT_FOUND: ConfigNode = {
  type: 'page',
  props: { title: '$t:widget.notFound.title' },
  children: [
    {
      type: 'empty',
      props: { text: '$t:widget.notFound.title', description: '$t:widget.notFound.description' },
    },
  ],
};

/** the previous record while every value is the same one: a deferred value compares by identity */
function useSameWhileEqual(next: Record<string, unknown>): Record<string, unknown> {
  const held = useRef(next);
  const prev = held.current;
  const keys = Object.keys(next);
  const same = keys.length === Object.keys(prev).length && keys.every((k) => Object.is(prev[k], next[k]));
  if (!same) held.current = next;
  return held.current;
}

function ScreenRoot(props: ScreenRendererProps) {
  const services = useEngineServices();
  const client = useQueryClient();
  const registry = useWidgetRegistry();
  const [rt] = useState(() => createRuntime(props, services, registry, client));
  rt.registry = registry;
  const session = useSyncExternalStore(
    services.session.subscribe,
    services.session.get,
    services.session.get,
  );
  const state = useSyncExternalStore(rt.state.subscribe, rt.state.get, rt.state.get);
  rt.route = props.route;
  rt.query = props.query ?? {};
  const base: Scope = {
    route: rt.route,
    query: rt.query,
    session,
    state,
    data: rt.data,
    form: rt.formValues,
    rules: currentRules(),
    app: APP,
  };
  rt.data = useScreenSources(rt, base);
  // an answer arrives through react-query's store subscription, which React renders at once, in one
  // task it cannot split: the screen takes new data in a transition render instead (time-sliced, it
  // yields to input), and the urgent render keeps what is on screen. Actions read rt.data, the newest.
  const shown = useDeferredValue(useSameWhileEqual(rt.data));
  const scope = { ...base, data: shown };
  const entered = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: onEnter runs once per mounted screen, when its body shows
  useEffect(() => {
    if (props.pending || entered.current) return;
    entered.current = true;
    void rt.run(rt.screen.onEnter, () => rt.liveScope());
  }, [props.pending]);

  if (props.pending) return props.fallback ?? null;
  return (
    <ScreenRuntimeContext.Provider value={rt}>
      <NodeRenderer
        node={rt.notFound ? (props.screen.notFound ?? DEFAULT_NOT_FOUND) : props.screen.body}
        scope={scope}
      />
    </ScreenRuntimeContext.Provider>
  );
}

/**
 * Render a screen config. Keyed by screen id: a different screen gets fresh state, forms and events.
 * Needs EngineServicesProvider, a react-query QueryClientProvider and a WidgetRegistryProvider above it.
 */
export function ScreenRenderer(props: ScreenRendererProps) {
  const services = useEngineServices();
  return (
    <NodeBoundary type={`screen:${props.screen.id}`} services={services}>
      <ScreenRoot key={props.screen.id} {...props} />
    </NodeBoundary>
  );
}
