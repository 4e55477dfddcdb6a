import { describe, expect, it, vi } from 'vitest';
import type { RouteTable, TabLayout } from '../engine/config-types.gen';
import { liveConfig } from './live-config';

describe('liveConfig', () => {
  it("holds the build's tables until a published one is set, tells its subscribers, and goes back on null", () => {
    const built = { routes: liveConfig.routes(), tabs: liveConfig.tabs() };
    expect(built.routes.routes.some((r) => r.path === '/match')).toBe(true);
    const seen = vi.fn();
    const off = liveConfig.subscribe(seen);
    const routes = {
      routes: [...built.routes.routes, { path: '/tips', screen: 'experts/home' }],
    } as RouteTable;
    const tabs = {
      tabs: built.tabs.tabs.map((t) => (t.key === 'database' ? { ...t, hidden: true } : t)),
    } as TabLayout;
    liveConfig.set({ routes });
    liveConfig.set({ tabs });
    expect(liveConfig.routes()).toBe(routes);
    expect(liveConfig.tabs()).toBe(tabs);
    expect(seen).toHaveBeenCalledTimes(2);
    liveConfig.set({ routes: null, tabs: null });
    expect(liveConfig.routes()).toBe(built.routes);
    expect(liveConfig.tabs()).toBe(built.tabs);
    off();
    liveConfig.set({ routes });
    expect(seen).toHaveBeenCalledTimes(3);
    liveConfig.set({ routes: null });
  });
});
