/**
 * The route table and the tab bar the app runs: the build's copies (screens/routes.json, tabs.json)
 * until an operator publishes another version; src/app/config-sync.ts (lazy) sets that one at a route
 * change, and the app re-renders with it (issue 15). Kept tiny: it is part of the first load.
 */
import routesJson from '../../screens/routes.json';
import tabsJson from '../../screens/tabs.json';
import type { RouteTable, TabLayout } from '../engine/config-types.gen';

let routes = routesJson as unknown as RouteTable;
let tabs = tabsJson as unknown as TabLayout;
const listeners = new Set<() => void>();

export const liveConfig = {
  routes: (): RouteTable => routes,
  tabs: (): TabLayout => tabs,
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  },
  /** a published route table and/or tab layout (null: back to the build's) */
  set(next: { routes?: RouteTable | null; tabs?: TabLayout | null }): void {
    if (next.routes !== undefined) routes = next.routes ?? (routesJson as unknown as RouteTable);
    if (next.tabs !== undefined) tabs = next.tabs ?? (tabsJson as unknown as TabLayout);
    for (const fn of listeners) fn();
  },
};
