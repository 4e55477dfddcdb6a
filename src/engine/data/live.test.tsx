import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, screen as dom, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../config-types.gen';
import { WidgetRegistryProvider } from '../registry';
import { ScreenRenderer } from '../runtime/ScreenRenderer';
import { EngineServicesProvider } from '../services';
import { createFakeServices, type FakeServices } from '../testing/fake-services';
import { testRegistry as registry } from '../testing/test-widgets';
import { appendToPages, mergeById } from './live';

afterEach(cleanup);

/** A topic bus standing in for the socket (the real client is tested in src/api/realtime.test.ts). */
function fakeRealtime() {
  const topics = new Map<string, Set<(m: unknown) => void>>();
  let up = true;
  const statusListeners = new Set<() => void>();
  return {
    subscribe(topic: string, fn: (m: unknown) => void) {
      if (!topics.has(topic)) topics.set(topic, new Set());
      topics.get(topic)!.add(fn);
      return () => topics.get(topic)!.delete(fn);
    },
    isUp: () => up,
    onStatus(l: () => void) {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    setUp(v: boolean) {
      up = v;
      for (const l of statusListeners) l();
    },
    emit(topic: string, m: unknown) {
      act(() => {
        for (const fn of topics.get(topic) ?? []) fn(m);
      });
    },
    count: (topic: string) => topics.get(topic)?.size ?? 0,
  };
}

function renderScreens(screens: ScreenConfig[], services: FakeServices) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EngineServicesProvider value={services}>
        <WidgetRegistryProvider registry={registry}>
          {screens.map((s) => (
            <ScreenRenderer key={s.id} screen={s} route={{ path: '/m/7', params: { id: '7' } }} />
          ))}
        </WidgetRegistryProvider>
      </EngineServicesProvider>
    </QueryClientProvider>,
  );
  return client;
}

const detail: ScreenConfig = {
  id: 'detail',
  data: {
    match: {
      request: { method: 'GET', path: '/matches/{{ route.params.id }}' },
      live: { topic: 'match:{{ route.params.id }}', mode: 'merge' },
    },
    events: {
      request: { method: 'GET', path: '/matches/{{ route.params.id }}/events' },
      live: { topic: 'match:{{ route.params.id }}', mode: 'append' },
    },
  },
  body: {
    type: 'box',
    children: [
      { type: 'text', props: { text: 'detail {{ data.match.home_score }}-{{ data.match.away_score }}' } },
      {
        type: 'text',
        repeat: { each: 'data.events', key: 'item.id' },
        props: { text: 'ev {{ item.code }}' },
      },
    ],
  },
};

const list: ScreenConfig = {
  id: 'list',
  data: {
    matches: {
      request: { method: 'GET', path: '/matches' },
      live: { topic: 'matches:live' },
      paged: {},
    },
  },
  body: {
    type: 'box',
    children: [
      {
        type: 'text',
        repeat: { each: 'data.matches.items', key: 'item.id' },
        props: { text: 'row {{ item.id }} {{ item.home_score }}-{{ item.away_score }} {{ item.status }}' },
      },
    ],
  },
};

describe('live data sources', () => {
  it('merges a match message into the detail and into the list row with the same id, appends the event', async () => {
    const services = createFakeServices();
    const rt = fakeRealtime();
    services.realtime = rt;
    services.answer('GET /matches/7', () => ({ id: 7, home_score: 0, away_score: 0, status: 2, seq: 3 }));
    services.answer('GET /matches/7/events', () => [{ id: 1, code: 40 }]);
    services.answer('GET /matches', () => ({
      list: [
        { id: 7, home_score: 0, away_score: 0, status: 2 },
        { id: 8, home_score: 1, away_score: 1, status: 4 },
      ],
      total: 2,
    }));
    renderScreens([detail, list], services);
    await dom.findByText('detail 0-0');
    await dom.findByText('ev 40');
    await dom.findByText('row 7 0-0 2');
    expect(rt.count('match:7')).toBe(2);
    const calls = services.calls.length;

    rt.emit('match:7', {
      kind: 'match',
      seq: 4,
      data: { id: 7, home_score: 1 },
      event: { id: 2, code: 1, minute: 23 },
    });
    rt.emit('matches:live', { kind: 'match', seq: 4, data: { id: 7, home_score: 1, status: 3 } });
    await dom.findByText('detail 1-0');
    await dom.findByText('ev 1');
    await dom.findByText('row 7 1-0 3');
    expect(dom.getByText('row 8 1-1 4')).toBeTruthy();

    // the same event again (a replay after reconnect) is not added twice; an older seq does not win
    rt.emit('match:7', { kind: 'match', seq: 4, data: { id: 7, home_score: 1 }, event: { id: 2, code: 1 } });
    rt.emit('match:7', { kind: 'match', seq: 2, data: { id: 7, home_score: 0 } });
    expect(dom.getAllByText(/^ev /).map((e) => e.textContent)).toEqual(['ev 40', 'ev 1']);
    expect(dom.getByText('detail 1-0')).toBeTruthy();
    // patches did not go to the server
    expect(services.calls.length).toBe(calls);
  });

  it('refetches on a reset message and in refetch mode', async () => {
    const services = createFakeServices();
    const rt = fakeRealtime();
    services.realtime = rt;
    let score = 0;
    services.answer('GET /matches/7', () => ({ id: 7, home_score: score, away_score: 0 }));
    services.answer('GET /matches/7/events', () => []);
    renderScreens([detail], services);
    await dom.findByText('detail 0-0');
    score = 2;
    rt.emit('match:7', { kind: 'reset', topic: 'match:7' });
    await dom.findByText('detail 2-0');
  });

  it('polls a live source only while the socket is down', async () => {
    const services = createFakeServices();
    const rt = fakeRealtime();
    services.realtime = rt;
    let n = 0;
    services.answer('GET /matches/7', () => ({ id: 7, home_score: ++n, away_score: 0 }));
    services.answer('GET /matches/7/events', () => []);
    const polled: ScreenConfig = {
      ...detail,
      data: { ...detail.data, match: { ...detail.data!.match, poll: 1000 } },
    };
    renderScreens([polled], services);
    await dom.findByText('detail 1-0');
    await new Promise((r) => setTimeout(r, 1300));
    expect(dom.getByText('detail 1-0')).toBeTruthy();
    act(() => rt.setUp(false));
    await waitFor(() => expect(dom.getByText('detail 2-0')).toBeTruthy(), { timeout: 2500 });
  });
});

describe('cache patch helpers', () => {
  it('keeps the reference when nothing matches', () => {
    const data = { list: [{ id: 1, a: 1 }] };
    expect(mergeById(data, { id: 2, a: 5 })).toBe(data);
    expect(mergeById(data, { id: '1', a: 5 })).toEqual({ list: [{ id: 1, a: 5 }] });
  });

  it('adds to the first page at start and bumps the total read for "has more"', () => {
    const data = {
      pages: [
        { list: [{ id: 5 }], total: 2 },
        { list: [{ id: 4 }], total: 2 },
      ],
      pageParams: [1, 2],
    };
    const next = appendToPages(data, { id: 6 }, 'start', {})!;
    expect(next.pages[0]).toEqual({ list: [{ id: 6 }, { id: 5 }], total: 3 });
    expect((next.pages[1] as { total: number }).total).toBe(3);
  });
});
