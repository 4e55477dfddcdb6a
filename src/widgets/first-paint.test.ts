import { describe, expect, it } from 'vitest';
import type { RegistryEntry, Widget } from '../engine/contract';
import { deferredWidget, preloadScreenWidgets } from './deferred';
import {
  afterPaintTypes,
  firstPaintParts,
  firstPaintStrings,
  firstPaintTypes,
  nodeTypes,
} from './first-paint';

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

  it('waits for the pane a tabs node opens on (the state it names) and leaves the other panes for later', () => {
    const detail = {
      state: { tab: 'situation' },
      body: {
        type: 'page',
        children: [
          {
            type: 'tabs',
            props: { items: [{ key: 'chat' }, { key: 'situation' }], activeKey: '{{ state.tab }}' },
            slots: { chat: [{ type: 'chat' }], situation: [{ type: 'stat-bars' }] },
          },
          { type: 'popup', children: [{ type: 'html' }] },
        ],
      },
    };
    expect([...firstPaintTypes(detail)].sort()).toEqual(['page', 'popup', 'stat-bars', 'tabs']);
    // a popup's widgets come right after the first paint; a closed tab's when it is opened
    expect([...afterPaintTypes(detail)].sort()).toEqual(['html', 'page', 'popup', 'stat-bars', 'tabs']);
    // without a state, the first tab is the one that opens
    const plain = { ...detail, state: {} };
    expect(firstPaintTypes(plain).has('chat')).toBe(true);
    expect(firstPaintTypes(plain).has('stat-bars')).toBe(false);
  });

  it('gives the strings (icon names) of the opening view only, not of popups or closed tabs', () => {
    const screen = {
      state: { tab: 'b' },
      body: {
        type: 'page',
        children: [
          { type: 'icon', props: { name: 'StarOutline' } },
          { type: 'popup', children: [{ type: 'icon', props: { name: 'CloseOutline' } }] },
          {
            type: 'tabs',
            props: { activeKey: '{{ state.tab }}', items: [{ key: 'a' }, { key: 'b' }] },
            slots: {
              a: [{ type: 'icon', props: { name: 'GiftOutline' } }],
              b: [{ type: 'grid', props: { items: ['HeartOutline', 'BillOutline'] } }],
            },
          },
        ],
      },
    };
    const strings = firstPaintStrings(screen);
    for (const drawn of ['StarOutline', 'HeartOutline', 'BillOutline']) expect(strings).toContain(drawn);
    for (const later of ['CloseOutline', 'GiftOutline']) expect(strings).not.toContain(later);
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

describe('widget parts a screen needs when it opens', () => {
  it("names a measuring list's rows, not a plain list's, nor one inside a popup", () => {
    const list = (measure?: boolean) => ({ type: 'virtual-list', props: { source: 'feed', measure } });
    expect([...firstPaintParts({ body: { type: 'page', children: [list(true)] } })]).toEqual([
      'virtual-list/measured',
    ]);
    expect([...firstPaintParts({ body: { type: 'page', children: [list()] } })]).toEqual([]);
    expect([...firstPaintParts({ body: { type: 'popup', children: [list(true)] } })]).toEqual([]);
  });
});
