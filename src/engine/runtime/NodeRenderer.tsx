import { Component, type ContextType, type ReactNode, Suspense } from 'react';
import type { Action, ConfigNode } from '../config-types.gen';
import type { Scope } from '../contract';
import { evalExpr, evalValue } from '../expr';
import { FallbackBox, reportProblem } from './NodeBoundary';
import { factsOf } from './node-facts';
import { type ScreenRuntime, ScreenRuntimeContext } from './screen-runtime';

interface NodeProps {
  node: ConfigNode;
  scope: Scope;
}

type Problem = { name: 'unknownWidget' | 'widgetError'; payload: Record<string, unknown> };

/** Values a node's scope adds to the screen scope (repeat items, list rows) stay when state is read live. */
function pickLocal(scope: Scope): Partial<Scope> {
  const local: Partial<Scope> = {};
  if ('item' in scope) local.item = scope.item;
  if ('index' in scope) local.index = scope.index;
  if ('result' in scope) local.result = scope.result;
  if ('error' in scope) local.error = scope.error;
  return local;
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

// plain markup: a UI-kit skeleton here would pull the kit into the first load
const skeleton = <div className="gf-node-loading" role="status" aria-busy="true" />;

/**
 * Render one config node: repeat, visibleWhen, props, widget lookup. The component is also the node's
 * error boundary: a widget that throws, or a prop that fails to evaluate, replaces only this node with
 * a visible fallback. One class per node (not boundary + renderer + hooks) keeps a config form close to
 * the cost of the same form written by hand (npm run bench).
 */
export class NodeRenderer extends Component<NodeProps, { failed: boolean }> {
  static contextType = ScreenRuntimeContext;
  declare context: ContextType<typeof ScreenRuntimeContext>;
  state = { failed: false };
  private problem: Problem | null = null;
  private reported = '';
  private formOff: (() => void) | null = null;
  private formVersion = 0;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    reportProblem(this.context?.services ?? null, 'widgetError', {
      type: this.props.node.type,
      message: String(error),
    });
  }

  componentDidMount() {
    this.syncFormSubscription();
    this.flushProblem();
  }

  componentDidUpdate() {
    this.syncFormSubscription();
    this.flushProblem();
  }

  componentWillUnmount() {
    this.formOff?.();
    this.formOff = null;
  }

  /** Nodes whose props read `form.*` re-render on form changes; the rest of the screen does not. */
  private syncFormSubscription() {
    const rt = this.context;
    const wanted = Boolean(rt && factsOf(this.props.node).readsForm);
    if (wanted && !this.formOff && rt) {
      const version = rt.formsVersion;
      this.formOff = version.subscribe(() => {
        if (version.get() !== this.formVersion) this.forceUpdate();
      });
      // a change between render and subscription would otherwise be missed
      if (version.get() !== this.formVersion) this.forceUpdate();
    } else if (!wanted && this.formOff) {
      this.formOff();
      this.formOff = null;
    }
  }

  private flushProblem() {
    const p = this.problem;
    if (!p) return;
    this.problem = null;
    const key = `${p.name}:${String(p.payload.message ?? '')}`;
    if (key === this.reported) return;
    this.reported = key;
    reportProblem(this.context?.services ?? null, p.name, p.payload);
  }

  private runtime(): ScreenRuntime {
    const rt = this.context;
    if (!rt) throw new Error('A config node must be rendered inside a ScreenRenderer');
    return rt;
  }

  renderNodes = (nodes: ConfigNode[] | undefined, override?: Partial<Scope>): ReactNode =>
    renderNodeList(nodes, override ? { ...this.props.scope, ...override } : this.props.scope);

  renderChildren = (slot?: string, override?: Partial<Scope>): ReactNode => {
    const { node } = this.props;
    return this.renderNodes(slot ? node.slots?.[slot] : node.children, override);
  };

  run = (actions: Action[] | undefined, extra?: Partial<Scope>): Promise<void> => {
    const rt = this.runtime();
    const { scope, node } = this.props;
    return rt
      .run(actions, () => ({ ...scope, ...rt.liveScope(), ...pickLocal(scope), ...extra }), node)
      .then(() => {});
  };

  emit = (event: string, extra?: Partial<Scope>): Promise<void> =>
    this.run(this.props.node.on?.[event], extra);

  private renderRepeat(rt: ScreenRuntime): ReactNode {
    const { node, scope } = this.props;
    const list = evalExpr(node.repeat!.each, scope, rt.env);
    if (!Array.isArray(list)) return null;
    const single = withoutRepeat(node);
    const keyExpr = node.repeat!.key;
    return list.map((item, index) => {
      const itemScope = { ...scope, item, index };
      const key = keyExpr ? String(evalExpr(keyExpr, itemScope, rt.env)) : index;
      return <NodeRenderer key={key} node={single} scope={itemScope} />;
    });
  }

  private renderWidget(rt: ScreenRuntime): ReactNode {
    const { node, scope } = this.props;
    const facts = factsOf(node);
    const entry = rt.registry.get(node.type);
    if (!entry) this.problem = { name: 'unknownWidget', payload: { type: node.type, screen: rt.screen.id } };
    if (node.visibleWhen && !evalExpr(node.visibleWhen, scope, rt.env)) return null;
    if (!entry) {
      return (
        <FallbackBox text={rt.services.t('engine.unknownWidget', { type: node.type })} type={node.type} />
      );
    }
    const props = (facts.dynamicProps ? evalValue(node.props, scope, rt.env) : node.props) ?? {};
    const Widget = entry.component;
    const widget = (
      <Widget
        node={node}
        props={props}
        scope={scope}
        renderChildren={this.renderChildren}
        renderNodes={this.renderNodes}
        emit={this.emit}
        run={this.run}
      />
    );
    return entry.kind === 'eager' ? widget : <Suspense fallback={skeleton}>{widget}</Suspense>;
  }

  render(): ReactNode {
    const rt = this.runtime();
    const { node } = this.props;
    if (!this.state.failed) {
      try {
        if (factsOf(node).readsForm) this.formVersion = rt.formsVersion.get();
        return node.repeat ? this.renderRepeat(rt) : this.renderWidget(rt);
      } catch (error) {
        // evaluation failed (a bad expression, a function on odd data): same fallback as a throwing widget
        this.problem = { name: 'widgetError', payload: { type: node.type, message: String(error) } };
      }
    }
    return <FallbackBox text={rt.services.t('engine.widgetError', { type: node.type })} type={node.type} />;
  }
}

export function renderNodeList(nodes: ConfigNode[] | undefined, scope: Scope): ReactNode {
  return nodes?.map((n, i) => <NodeRenderer key={n.id ?? i} node={n} scope={scope} />) ?? null;
}
