/**
 * The engine's runtime contract: what a widget receives and what the engine offers it.
 * Config shapes (Screen, Node, Action, DataSource, Form...) are generated from schemas/ into
 * config-types.gen.ts; this file holds only the runtime-facing types that code (not JSON) uses.
 */
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { Action, ConfigNode } from './config-types.gen';
import type { AppFacts, RuleValues } from './globals';

/** Everything an expression can read. Keys are the roots of the expression language. */
export interface Scope {
  route: { path: string; params: Record<string, string> };
  query: Record<string, string>;
  session: SessionView;
  state: Record<string, unknown>;
  data: Record<string, unknown>;
  item?: unknown;
  index?: number;
  form?: Record<string, unknown>;
  /** extra values an action chain passes along, e.g. the response of a request action */
  result?: unknown;
  error?: { code: number; msg: string } | undefined;
  /** screens/rules.json with `{value, unit}` entries unwrapped; the engine puts it in every screen scope */
  rules?: RuleValues;
  /** build facts (version); the engine puts it in every screen scope */
  app?: AppFacts;
}

export interface SessionView {
  isLogin: boolean;
  lang: 'zhhk' | 'zhcn' | 'zhtw';
  user: Record<string, unknown> | null;
  userInfo: Record<string, unknown> | null;
  /** what screens stored with a `session` action (a list layout, a draft), read back as session.<key> */
  [extra: string]: unknown;
}

/** Props handed to every widget. `props` are already evaluated against the scope. */
export interface WidgetProps<P = Record<string, unknown>> {
  node: ConfigNode;
  props: P;
  scope: Scope;
  /** Render child nodes (node.children, or a named slot). */
  renderChildren: (slot?: string, scopeOverride?: Partial<Scope>) => ReactNode;
  /** Render an arbitrary node list with a scope override (lists use this with {item, index}). */
  renderNodes: (nodes: ConfigNode[] | undefined, scopeOverride?: Partial<Scope>) => ReactNode;
  /** Run the action list bound to `node.on[event]`; extra values join the scope (e.g. {result}). */
  emit: (event: string, extra?: Partial<Scope>) => Promise<void>;
  /** Run an explicit action list. */
  run: (actions: Action[] | undefined, extra?: Partial<Scope>) => Promise<void>;
}

export type Widget<P = any> = ComponentType<WidgetProps<P>>;

export type RegistryEntry =
  | { kind: 'eager'; component: Widget }
  | { kind: 'lazy'; component: LazyExoticComponent<Widget> };

/** Plain typed map keyed by node `type`, provided through React context. */
export type WidgetRegistry = ReadonlyMap<string, RegistryEntry>;

/** Analytics sink: off by default (spec §9); pluggable. */
export interface AnalyticsEvent {
  /** 'error': a widget failed or a node type is unknown (never a blank screen, but worth knowing) */
  kind: 'route' | 'action' | 'error';
  name: string;
  url?: string;
  referrer?: string;
  time: number;
  uid: string | null;
  payload?: Record<string, unknown>;
}
export type AnalyticsSink = (event: AnalyticsEvent) => void;
