/**
 * The browser's realtime client (src/api/realtime.ts) against the real server: it subscribes, loses its
 * socket, and on reconnect resumes with `since` so the events published meanwhile arrive once, in order;
 * a gap older than the replay buffer arrives as a reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRealtimeClient } from '../../src/api/realtime';
import { createTestApp, type TestApp } from '../test/harness';
import { createHub } from './hub';
import { LocalPubSub } from './pubsub';

let t: TestApp;
let base: string;
const sockets: WebSocket[] = [];

/** ws's client, recorded so the test can cut the connection like a phone going through a tunnel */
class RecordedWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    sockets.push(this);
    // a browser WebSocket reports failures through onclose; ws would throw an unhandled 'error'
    this.on('error', (e) => console.error('[client-resume] socket error', url, (e as Error).message));
  }
}

beforeAll(async () => {
  // a small replay buffer so the "too old" case needs few events
  t = await createTestApp({ hub: createHub(new LocalPubSub(), { perTopic: 20 }) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await t?.close();
  // a hub handed in is not the app's to close
  await t?.app.deps.hub.close();
});

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('realtime client against the server', () => {
  it('resumes after a drop: missed events once and in order, then a reset for a gap that is too old', async () => {
    const token = await t.token();
    const client = createRealtimeClient({
      getToken: () => token,
      onKicked: () => {},
      url: (tok) => `${base}/ws?token=${encodeURIComponent(tok)}`,
      WebSocketImpl: RecordedWebSocket as unknown as typeof globalThis.WebSocket,
      baseDelayMs: 50,
    });
    const got: unknown[] = [];
    const states: string[] = [];
    client.onState((s) => states.push(s));
    client.subscribe('match:4242', (data) => got.push(data));
    client.connect();
    await until(() => client.lastSeq('match:4242') !== undefined);
    const { hub } = t.app.deps;
    await hub.publish('match:4242', { n: 1 });
    await until(() => got.length === 1);

    sockets[sockets.length - 1].terminate();
    await until(() => client.state !== 'open');
    for (let n = 2; n <= 5; n++) await hub.publish('match:4242', { n });
    await until(() => got.length === 5);
    expect(got).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    expect(client.state).toBe('open');

    // away for longer than the buffer reaches back: the listener hears a reset and refetches
    sockets[sockets.length - 1].terminate();
    await until(() => client.state !== 'open');
    for (let n = 6; n <= 40; n++) await hub.publish('match:4242', { n });
    await until(() => got.some((m) => (m as { kind?: string }).kind === 'reset'));
    expect(got.slice(5)).toEqual([{ kind: 'reset', topic: 'match:4242' }]);
    await hub.publish('match:4242', { n: 41 });
    await until(() => got.length === 7);
    expect(got[6]).toEqual({ n: 41 });
    expect(states).toContain('retrying');
    client.disconnect();
  });
});
