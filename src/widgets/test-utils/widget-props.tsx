import { vi } from 'vitest';
import type { ConfigNode } from '../../engine/config-types.gen';
import type { Scope, WidgetProps } from '../../engine/contract';

export const testScope: Scope = {
  route: { path: '/test', params: {} },
  query: {},
  session: { isLogin: false, lang: 'zhhk', user: null, userInfo: null },
  state: {},
  data: {},
};

/** Hand-made WidgetProps for widgets that need no engine hooks; `emit` is a spy. */
export function widgetProps<P>(
  props: P,
  node: Partial<ConfigNode> = {},
): WidgetProps<P> & { emit: ReturnType<typeof vi.fn> } {
  return {
    node: { type: 'test', ...node },
    props,
    scope: testScope,
    renderChildren: () => null,
    renderNodes: () => null,
    emit: vi.fn(async () => {}),
    run: vi.fn(async () => {}),
  };
}
