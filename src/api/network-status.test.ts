import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../state/session-store';
import { createApiClient } from './client';
import { createNetworkStatus } from './network-status';

const effects = { toast: vi.fn(), confirm: vi.fn(), navigate: vi.fn(), reload: vi.fn(), t: (k: string) => k };

function clientWith(fetchImpl: typeof fetch) {
  const network = createNetworkStatus();
  const api = createApiClient({ store: createSessionStore(), effects, fetch: fetchImpl, network });
  return { api, network };
}

describe('network status', () => {
  it('a request that never reaches the server marks it unreachable; the next answer clears it', async () => {
    let up = false;
    const { api, network } = clientWith((async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: 1 }));
    }) as unknown as typeof fetch);
    const changes = vi.fn();
    network.subscribe(changes);

    await expect(api.request({ method: 'GET', path: '/mdr/api/v1/ads' })).rejects.toMatchObject({
      code: 500,
    });
    expect(network.reachable()).toBe(false);
    up = true;
    await api.request({ method: 'GET', path: '/mdr/api/v1/ads' });
    expect(network.reachable()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('a business error is an answer: the server is reachable', async () => {
    const { api, network } = clientWith(
      (async () =>
        new Response(
          JSON.stringify({ code: 100404, msg: 'not found', data: null }),
        )) as unknown as typeof fetch,
    );
    network.report(false);
    await expect(
      api.request({ method: 'GET', path: '/mdr/api/v1/matches/9', silent: true }),
    ).rejects.toMatchObject({
      code: 100404,
    });
    expect(network.reachable()).toBe(true);
  });

  it('listeners are told only on a change and can unsubscribe', () => {
    const network = createNetworkStatus();
    const l = vi.fn();
    const off = network.subscribe(l);
    network.report(true);
    expect(l).not.toHaveBeenCalled();
    network.report(false);
    off();
    network.report(true);
    expect(l).toHaveBeenCalledTimes(1);
  });
});
