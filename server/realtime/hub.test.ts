import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createHub, KICKED_CLOSE_CODE, type SocketLike } from './hub';
import { LocalPubSub, type PubSub } from './pubsub';
import { RedisPubSub } from './redis-pubsub';

class FakeSocket implements SocketLike {
  readyState = 1;
  sent: any[] = [];
  closedWith: number | null = null;
  private listeners: Record<string, Array<(data?: unknown) => void>> = {};
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
    for (const l of this.listeners.close ?? []) l();
  }
  on(event: string, listener: (data?: unknown) => void) {
    this.listeners[event] = [...(this.listeners[event] ?? []), listener];
    return this;
  }
  receive(msg: unknown) {
    for (const l of this.listeners.message ?? []) l(Buffer.from(JSON.stringify(msg)));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 30));

async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function hubContract(name: string, makePubSub: () => PubSub | null) {
  describe(name, () => {
    it('delivers a kick from one node to a socket held by another node, which then closes', async () => {
      const a = makePubSub();
      const b = makePubSub();
      if (!a || !b) return;
      const nodeA = createHub(a);
      const nodeB = createHub(b);
      try {
        const socket = new FakeSocket();
        nodeB.attach(socket, { sessionId: 7, userId: 3 });
        await until(() => socket.sent.some((m) => m.type === 'ready'));
        await nodeA.sendToSession(7, { type: 'kicked' });
        await until(() => socket.closedWith !== null);
        expect(socket.sent).toContainEqual({ type: 'kicked' });
        expect(socket.closedWith).toBe(KICKED_CLOSE_CODE);
        expect(nodeB.connectionCount()).toBe(0);
      } finally {
        await nodeA.close();
        await nodeB.close();
      }
    });

    it('fans a topic event out to subscribers on every node', async () => {
      const a = makePubSub();
      const b = makePubSub();
      if (!a || !b) return;
      const nodeA = createHub(a);
      const nodeB = createHub(b);
      try {
        const onA = new FakeSocket();
        const onB = new FakeSocket();
        const bystander = new FakeSocket();
        nodeA.attach(onA, { sessionId: 1, userId: null });
        nodeB.attach(onB, { sessionId: 2, userId: null });
        nodeB.attach(bystander, { sessionId: 3, userId: null });
        onA.receive({ type: 'sub', topic: 'room:lobby' });
        onB.receive({ type: 'sub', topic: 'room:lobby' });
        await until(() => [onA, onB].every((s) => s.sent.some((m) => m.type === 'subscribed')));
        await nodeA.publish('room:lobby', { text: 'goal' });
        const event = { type: 'event', topic: 'room:lobby', data: { text: 'goal' } };
        await until(() => [onA, onB].every((s) => s.sent.some((m) => m.type === 'event')));
        expect(onA.sent).toContainEqual(event);
        expect(onB.sent).toContainEqual(event);
        await settle();
        expect(bystander.sent.some((m) => m.type === 'event')).toBe(false);
      } finally {
        await nodeA.close();
        await nodeB.close();
      }
    });
  });
}

const shared = new LocalPubSub();
hubContract('in-process pubsub', () => shared);

// Redis is optional on a developer machine: the Redis contract runs when redis-server exists.
let redis: ReturnType<typeof spawn> | null = null;
const redisPort = 18_000 + Math.floor(Math.random() * 900);
const haveRedis = spawnSync('which', ['redis-server']).status === 0 || !!process.env.REDIS_URL;
const redisUrl = process.env.REDIS_URL ?? `redis://127.0.0.1:${redisPort}`;
if (haveRedis && !process.env.REDIS_URL) {
  redis = spawn('redis-server', ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 300));
}
afterAll(() => {
  redis?.kill('SIGTERM');
});
hubContract('redis pubsub', () => (haveRedis ? new RedisPubSub(redisUrl) : null));

describe('topic limits', () => {
  it('caps subscriptions per socket at 50', async () => {
    const hub = createHub(new LocalPubSub());
    const socket = new FakeSocket();
    hub.attach(socket, { sessionId: 1, userId: null });
    for (let i = 0; i < 51; i++) socket.receive({ type: 'sub', topic: `match:${i}` });
    await until(() => socket.sent.filter((m) => m.type === 'subscribed' || m.type === 'error').length === 51);
    expect(socket.sent.filter((m) => m.type === 'subscribed')).toHaveLength(50);
    expect(socket.sent).toContainEqual({ type: 'error', reason: 'too_many_topics', topic: 'match:50' });
    await hub.close();
  });
});
