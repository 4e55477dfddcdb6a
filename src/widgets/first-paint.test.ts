import { describe, expect, it } from 'vitest';
import type { RegistryEntry, Widget } from '../engine/contract';
import { deferredWidget, preloadScreenWidgets } from './deferred';
import { firstPaintTypes, nodeTypes } from './first-paint';

const login = {
  type: 'page',
  children: [
    { type: 'tabs', slots: { phone: [{ type: 'button' }] } },
    { type: 'popup', children: [{ type: 'index-list' }, { type: 'stack', children: [{ type: 'html' }] }] },
  ],
};

describe('first paint', () => {
  it('names what a screen draws when it opens, not what its popups hold', () => {
    expect([...firstPaintTypes(login)].sort()).toEqual(['button', 'page', 'popup', 'tabs']);
    expect([...nodeTypes(login)].sort()).toEqual([
      'button',
      'html',
      'index-list',
      'page',
      'popup',
      'stack',
      'tabs',
    ]);
  });

  it('lets the screen draw while the widgets inside a popup are still loading', async () => {
    const never = new Promise<{ default: Widget }>(() => {});
    const Tabs = () => null;
    const registry = new Map<string, RegistryEntry>([
      ['tabs', { kind: 'eager', component: deferredWidget(async () => ({ default: Tabs })) }],
      ['index-list', { kind: 'eager', component: deferredWidget(() => never) }],
    ]);
    const outcome = await Promise.race([
      preloadScreenWidgets(registry, login).then(() => 'drawn'),
      new Promise((r) => setTimeout(() => r('waiting'), 2000)),
    ]);
    expect(outcome).toBe('drawn');
  });
});
