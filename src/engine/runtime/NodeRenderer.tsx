import { Skeleton } from 'antd-mobile';
import { type ReactNode, Suspense, useContext, useEffect, useSyncExternalStore } from 'react';
import type { Action, ConfigNode } from '../config-types.gen';
import type { Scope } from '../contract';
import { evalExpr, evalValue, isDynamic, valueRoots } from '../expr';
import { useWidgetRegistry } from '../registry';
import { EngineServicesContext } from '../services';
import { FallbackBox, NodeBoundary, reportProblem } from './NodeBoundary';
import { type ScreenRuntime, useScreenRuntime } from './screen-runtime';

interface NodeFacts {
  dynamicProps: boolean;
  readsForm: boolean;
}

// Facts about a node depend only on its config object, so they are computed once per object.
const factsCache = new WeakMap<ConfigNode, NodeFacts>();
function factsOf(node: ConfigNode): NodeFacts {
  let f = factsCache.get(node);
  if (!f) {
    const roots = valueRoots([node.props, node.visibleWhen ? `{{ ${node.visibleWhen} }}` : null]);
    f = { dynamicProps: isDynamic(node.props), readsForm: roots.has('form') };
    factsCache.set(node, f);
  }
  return f;
}

const noSubscription = () => () => {};
const zero = () => 0;

/** Nodes whose props read `form.*` re-render on form changes; the rest of the screen does not. */
function useFormVersion(rt: ScreenRuntime, enabled: boolean): void {
  const v = rt.formsVersion;
  useSyncExternalStore(
    enabled ? v.subscribe : noSubscription,
    enabled ? v.get : zero,
    enabled ? v.get : zero,
  );
}

function NodeInstance({ node, scope }: { node: ConfigNode; scope: Scope }) {
  const rt = useScreenRuntime();
  const registry = useWidgetRegistry();
  const facts = factsOf(node);
  useFormVersion(rt, facts.readsForm);
  const entry = registry.get(node.type);
  useEffect(() => {
    if (!entry) reportProblem(rt.services, 'unknownWidget', { type: node.type, screen: rt.screen.id });
  }, [entry, node.type, rt]);

  if (node.visibleWhen && !evalExpr(node.visibleWhen, scope, rt.env)) return null;
  if (!entry) {
    return <FallbackBox text={rt.services.t('engine.unknownWidget', { type: node.type })} type={node.type} />;
  }
  const props = (facts.dynamicProps ? evalValue(node.props, scope, rt.env) : node.props) ?? {};
  const renderNodes = (nodes: ConfigNode[] | undefined, override?: Partial<Scope>): ReactNode =>
    renderNodeList(nodes, override ? { ...scope, ...override } : scope);
  const run = (actions: Action[] | undefined, extra?: Partial<Scope>) =>
    rt
      .run(actions, () => ({ ...scope, ...rt.liveScope(), ...pickLocal(scope), ...extra }), node)
      .then(() => {});
  const Widget = entry.component;
  const widget = (
    <Widget
      node={node}
      props={props}
      scope={scope}
      renderChildren={(slot, override) => renderNodes(slot ? node.slots?.[slot] : node.children, override)}
      renderNodes={renderNodes}
      emit={(event, extra) => run(node.on?.[event], extra)}
      run={run}
    />
  );
  if (entry.kind === 'eager') return widget;
  return <Suspense fallback={<Skeleton.Paragraph lineCount={2} animated />}>{widget}</Suspense>;
}

/** Values a node's scope adds to the screen scope (repeat items, list rows) stay when state is read live. */
function pickLocal(scope: Scope): Partial<Scope> {
  const local: Partial<Scope> = {};
  if ('item' in scope) local.item = scope.item;
  if ('index' in scope) local.index = scope.index;
  if ('result' in scope) local.result = scope.result;
  if ('error' in scope) local.error = scope.error;
  return local;
}

function Repeat({ node, scope }: { node: ConfigNode; scope: Scope }) {
  const rt = useScreenRuntime();
  const list = evalExpr(node.repeat!.each, scope, rt.env);
  if (!Array.isArray(list)) return null;
  const single = withoutRepeat(node);
  return list.map((item, index) => {
    const itemScope = { ...scope, item, index };
    const key = node.repeat!.key ? String(evalExpr(node.repeat!.key, itemScope, rt.env)) : index;
    return <NodeRenderer key={key} node={single} scope={itemScope} />;
  });
}

const singles = new WeakMap<ConfigNode, ConfigNode>();
function withoutRepeat(node: ConfigNode): ConfigNode {
  let s = singles.get(node);
  if (!s) {
    const { repeat: _, ...rest } = node;
    s = rest;
    singles.set(node, s);
  }
  return s;
}

/** Render one config node: repeat, visibleWhen, props, widget lookup, each inside its own error boundary. */
export function NodeRenderer({ node, scope }: { node: ConfigNode; scope: Scope }) {
  const services = useContext(EngineServicesContext);
  return (
    <NodeBoundary type={node.type} services={services}>
      {node.repeat ? <Repeat node={node} scope={scope} /> : <NodeInstance node={node} scope={scope} />}
    </NodeBoundary>
  );
}

export function renderNodeList(nodes: ConfigNode[] | undefined, scope: Scope): ReactNode {
  return nodes?.map((n, i) => <NodeRenderer key={n.id ?? i} node={n} scope={scope} />) ?? null;
}
