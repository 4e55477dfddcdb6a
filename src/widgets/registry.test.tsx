import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigNode } from '../engine';
import { createFakeServices } from '../engine/testing/fake-services';
import { createDefaultRegistry, FIRST_LOAD_WIDGET_TYPES } from '.';
import type { DeferredWidget } from './deferred';
import { renderWidgets } from './test-utils/render-widgets';

afterEach(cleanup);

/** The least each type needs to mean something; everything else is left to defaults. */
const REQUIRED: Record<string, Record<string, unknown>> = {
  'infinite-list': { source: 'feed' },
  'index-list': {
    items: [{ letter: 'H', list: [{ name_zh: '香港', name_zh_tr: '香港', phone_code: '852' }] }],
  },
  tabs: { items: [{ key: 'a', title: 'A' }] },
  'qr-code': { value: 'https://goalfan.app' },
  icon: { name: 'SearchOutline' },
};

describe('default registry', () => {
  const registry = createDefaultRegistry();

  const isDeferred = (type: string) =>
    typeof (registry.get(type)?.component as Partial<DeferredWidget> | undefined)?.preload === 'function';

  it("has a props schema for every type and keeps only the first screens' widgets in the first load", () => {
    for (const type of registry.keys()) {
      expect(existsSync(resolve(import.meta.dirname, type, 'props.schema.json')), type).toBe(true);
    }
    const firstLoad = [...registry.keys()].filter((type) => !isDeferred(type));
    expect(firstLoad.sort()).toEqual([...FIRST_LOAD_WIDGET_TYPES].sort());
    for (const heavy of ['popup', 'tabs', 'infinite-list', 'field-date', 'qr-code', 'html']) {
      expect(isDeferred(heavy), heavy).toBe(true);
    }
  });

  it('renders every type with unknown and wrongly typed props without breaking the screen', async () => {
    const services = createFakeServices();
    services.answer('GET /feed', () => ({ list: [], total: 0 }));
    const isField = (type: string) => type.startsWith('field-');
    const nodes: ConfigNode[] = [...registry.keys()].map((type) => ({
      type,
      props: {
        ...(isField(type) ? { form: 'f', name: type } : {}),
        ...REQUIRED[type],
        bogus: { deeply: ['unexpected'] },
        size: 'enormous',
        columns: 'many',
        seconds: -5,
        options: isField(type) ? 'not-a-list' : undefined,
      },
    }));
    nodes.push({ type: 'text', props: { text: 'screen still alive' } });
    const { container } = renderWidgets(nodes, {
      services,
      data: { feed: { request: { method: 'GET', path: '/feed' }, paged: {} } },
    });
    expect(await screen.findByText('screen still alive')).toBeTruthy();
    // the lazy entries arrived too (the QR code is the last of them to render)
    expect(await screen.findByRole('img', { name: 'https://goalfan.app' }, { timeout: 5000 })).toBeTruthy();
    const fallbacks = [...container.querySelectorAll('[data-widget-fallback]')].map((e) =>
      e.getAttribute('data-widget-fallback'),
    );
    expect(fallbacks).toEqual([]);
  }, 20000);
});
