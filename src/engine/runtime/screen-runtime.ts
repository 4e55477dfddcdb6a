import { createContext, useContext } from 'react';
import type { Action, ConfigNode, ScreenConfig } from '../config-types.gen';
import type { Scope, WidgetRegistry } from '../contract';
import type { ExprEnv } from '../expr';
import type { ScreenForm } from '../forms/screen-form';
import type { EngineServices } from '../services';
import type { EventBus } from './events';
import type { Store } from './store';

/** Query options of the screen's data sources, recomputed on every screen render from the current scope. */
export interface SourceOptions {
  plain: Map<
    string,
    { queryKey: unknown[]; queryFn: () => Promise<unknown>; enabled: boolean; [k: string]: unknown }
  >;
  paged: Map<string, any>;
}

/**
 * Everything one mounted screen owns. The object is stable for the screen's life; its mutable parts
 * (route, data, source options) are refreshed on each render so hooks and action chains read current values.
 */
export interface ScreenRuntime {
  screen: ScreenConfig;
  services: EngineServices;
  /** the widget registry of the screen's provider (refreshed on each screen render) */
  registry: WidgetRegistry;
  env: ExprEnv;
  state: Store<Record<string, unknown>>;
  events: EventBus;
  forms: Map<string, ScreenForm>;
  /** getters per form name, so `form.login.phone` reads current values without re-rendering the screen */
  formValues: Record<string, unknown>;
  /** bumps on every value change of any form: nodes that read `form.*` subscribe to it */
  formsVersion: Store<number>;
  sources: SourceOptions;
  data: Record<string, unknown>;
  /** a plain data source answered 100404: render `screen.notFound` (or the default) instead of the body */
  notFound?: boolean;
  route: Scope['route'];
  query: Scope['query'];
  /** The scope as it is right now (state and session read live). */
  liveScope(): Scope;
  run(actions: Action[] | undefined, scope: () => Scope, node?: ConfigNode): Promise<boolean>;
  refetch(source?: string): Promise<void>;
  /** refresh source queries of every screen whose request path starts with one of the prefixes */
  invalidatePaths(prefixes: string[]): Promise<void>;
}

export const ScreenRuntimeContext = createContext<ScreenRuntime | null>(null);

export function useScreenRuntime(): ScreenRuntime {
  const rt = useContext(ScreenRuntimeContext);
  if (!rt) throw new Error('This widget must be rendered inside a ScreenRenderer');
  return rt;
}
