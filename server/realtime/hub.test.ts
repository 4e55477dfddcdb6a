import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { KICKED_CLOSE_CODE } from '../../contracts/realtime';
import { createHub, type SocketLike } from './hub';
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
        await until(() => [onA, onB].every((s) => s.sent.some((m) => m.type === 'event')));
        for (const s of [onA, onB])
          expect(s.sent.find((m) => m.type === 'event')).toMatchObject({
            type: 'event',
            topic: 'room:lobby',
            data: { text: 'goal' },
          });
        await settle();
        expect(bystander.sent.some((m) => m.type === 'event')).toBe(false);
      } finally {
        await nodeA.close();
        await nodeB.close();
      }
    });

    it('numbers events per topic, honours a higher publisher seq and never goes backwards', async () => {
      const a = makePubSub();
      if (!a) return;
      const hub = createHub(a);
      const topic = `match:${Math.floor(Math.random() * 1e9)}`;
      try {
        const s = new FakeSocket();
        hub.attach(s, { sessionId: 11, userId: null });
        s.receive({ type: 'sub', topic });
        await until(() => s.sent.some((m) => m.type === 'subscribed'));
        expect(await hub.publish(topic, { kind: 'x' })).toBe(1);
        expect(await hub.publish(topic, { kind: 'match', seq: 40 })).toBe(40);
        expect(await hub.publish(topic, { kind: 'match', seq: 3 })).toBe(41);
        expect(await hub.publish(topic, { kind: 'x' }, { seq: 50 })).toBe(50);
        await until(() => s.sent.filter((m) => m.type === 'event').length === 4);
        expect(s.sent.filter((m) => m.type === 'event').map((m) => m.seq)).toEqual([1, 40, 41, 50]);
        // the payload keeps the publisher's own seq (clients compare match seqs with it)
        expect(s.sent.find((m) => m.seq === 41)?.data).toEqual({ kind: 'match', seq: 3 });
      } finally {
        await hub.close();
      }
    });

    it('replays what a reconnecting client missed, in order, on another node', async () => {
      const a = makePubSub();
      const b = makePubSub();
      if (!a || !b) return;
      const nodeA = createHub(a);
      const nodeB = createHub(b);
      const topic = `chat:room-${Math.floor(Math.random() * 1e9)}`;
      try {
        const first = new FakeSocket();
        nodeB.attach(first, { sessionId: 21, userId: null });
        first.receive({ type: 'sub', topic });
        await until(() => first.sent.some((m) => m.type === 'subscribed'));
        for (let i = 1; i <= 3; i++) await nodeA.publish(topic, { n: i });
        await until(() => first.sent.filter((m) => m.type === 'event').length === 3);
        const lastSeen = first.sent.filter((m) => m.type === 'event')[2].seq;
        first.close(1006); // the phone drops off...
        for (let i = 4; i <= 60; i++) await nodeA.publish(topic, { n: i });
        // ...and comes back on the other node, while more is being published
        const again = new FakeSocket();
        nodeA.attach(again, { sessionId: 21, userId: null });
        await until(() => again.sent.some((m) => m.type === 'ready'));
        again.receive({ type: 'subscribe', topic, since: lastSeen });
        const more = (async () => {
          for (let i = 61; i <= 70; i++) await nodeB.publish(topic, { n: i });
        })();
        await more;
        await until(() => again.sent.filter((m) => m.type === 'event').length === 67);
        const ns = again.sent.filter((m) => m.type === 'event').map((m) => m.data.n);
        expect(ns).toEqual(Array.from({ length: 67 }, (_, i) => i + 4));
        expect(again.sent.some((m) => m.type === 'reset')).toBe(false);
      } finally {
        await nodeA.close();
        await nodeB.close();
      }
    });
  });
}

describe('replay limits', () => {
  it('answers reset when the gap is older than the buffer, or the topic is unknown here', async () => {
    const hub = createHub(new LocalPubSub(), { perTopic: 5 });
    try {
      for (let i = 0; i < 12; i++) await hub.publish('match:1', { n: i });
      const s = new FakeSocket();
      hub.attach(s, { sessionId: 1, userId: null });
      s.receive({ type: 'sub', topic: 'match:1', since: 2 });
      s.receive({ type: 'sub', topic: 'match:2', since: 4 });
      await until(() => s.sent.filter((m) => m.type === 'reset').length === 2);
      expect(s.sent.filter((m) => m.type === 'event')).toHaveLength(0);
      expect(s.sent).toContainEqual({ type: 'reset', topic: 'match:1', seq: 12 });
      // within the buffer: the last five come back
      const t = new FakeSocket();
      hub.attach(t, { sessionId: 2, userId: null });
      t.receive({ type: 'sub', topic: 'match:1', since: 7 });
      await until(() => t.sent.filter((m) => m.type === 'event').length === 5);
      expect(t.sent.filter((m) => m.type === 'event').map((m) => m.seq)).toEqual([8, 9, 10, 11, 12]);
      // caught up: nothing to replay, no reset
      const u = new FakeSocket();
      hub.attach(u, { sessionId: 3, userId: null });
      u.receive({ type: 'sub', topic: 'match:1', since: 12 });
      await until(() => u.sent.some((m) => m.type === 'subscribed'));
      await settle();
      expect(u.sent.filter((m) => m.type === 'event' || m.type === 'reset')).toHaveLength(0);
    } finally {
      await hub.close();
    }
  });
});

const shared = new LocalPubSub();
hubContract('in-process pubsub', () => shared);

// Redis is optional on a developer machine: the Redis contract runs when redis-server exists.
let redis: ReturnType<typeof spawn> | null = null;
const redisPort = 18_000 + Math.floor(Math.random() * 900);
const haveRedis = spawnSync('which', ['redis-server']).status === 0 || !!process.env.REDIS_URL;
// CI installs redis-server: never let a missing one pass silently there
if (!haveRedis && process.env.CI) throw new Error('redis-server is required in CI');
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
