import type { ConfigNode } from '../config-types.gen';
import { isDynamic, valueRoots } from '../expr';

export interface NodeFacts {
  /** props hold templates; static props are handed over as they are */
  dynamicProps: boolean;
  /** props, visibleWhen or repeat read `form.*`: the node re-renders on form changes */
  readsForm: boolean;
}

// Facts about a node depend only on its config object, so they are computed once per object.
const factsCache = new WeakMap<ConfigNode, NodeFacts>();

const asTemplate = (expr: string | undefined) => (expr ? `{{ ${expr} }}` : null);

export function factsOf(node: ConfigNode): NodeFacts {
  let f = factsCache.get(node);
  if (!f) {
    try {
      const roots = valueRoots([
        node.props,
        asTemplate(node.visibleWhen),
        asTemplate(node.repeat?.each),
        asTemplate(node.repeat?.key),
      ]);
      f = { dynamicProps: isDynamic(node.props), readsForm: roots.has('form') };
    } catch {
      // a broken expression: evaluating the props fails again where the node shows its fallback
      f = { dynamicProps: true, readsForm: false };
    }
    factsCache.set(node, f);
  }
  return f;
}
