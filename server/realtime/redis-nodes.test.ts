/**
 * Two real server processes sharing one real redis-server: a client of node B receives, in order, the
 * events published on node A, and resumes on node A after a drop without losing any.
 * Skipped only on a developer machine without redis-server; CI installs it and never skips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectClient,
  devPublish,
  fetchToken,
  haveRedisServer,
  type Running,
  startNode,
  startRedis,
} from './testing/nodes';

const available = haveRedisServer();
if (!available && process.env.CI) throw new Error('redis-server is required in CI');

describe.skipIf(!available)('two server nodes over Redis', () => {
  let redis: Running;
  let nodeA: Running;
  let nodeB: Running;

  beforeAll(async () => {
    redis = await startRedis();
    [nodeA, nodeB] = await Promise.all([
      startNode({ redisUrl: redis.url }),
      startNode({ redisUrl: redis.url }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([nodeA?.stop(), nodeB?.stop()]);
    await redis?.stop();
  });

  it('delivers events published on node A to a client of node B, in order, with increasing seqs', async () => {
    const onB = await connectClient(nodeB.url, await fetchToken(nodeB.url));
    onB.send({ type: 'subscribe', topic: 'match:77' });
    await onB.until((m) => m.type === 'subscribed');
    const seqs: number[] = [];
    for (let i = 1; i <= 30; i++) seqs.push(await devPublish(nodeA.url, 'match:77', { kind: 'match', n: i }));
    await onB.until((m) => m.type === 'event' && m.data.n === 30);
    const events = onB.messages.filter((m) => m.type === 'event');
    expect(events.map((m) => m.data.n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(events.map((m) => m.seq)).toEqual(seqs);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    onB.close();
  });

  it('numbers one topic consistently when both nodes publish on it', async () => {
    const watcher = await connectClient(nodeA.url, await fetchToken(nodeA.url));
    watcher.send({ type: 'sub', topic: 'chat:match-5' });
    await watcher.until((m) => m.type === 'subscribed');
    const got = await Promise.all(
      Array.from({ length: 20 }, (_, i) => devPublish(i % 2 ? nodeA.url : nodeB.url, 'chat:match-5', { i })),
    );
    await watcher.until(
      (m) => m.type === 'event' && watcher.messages.filter((x) => x.type === 'event').length === 20,
    );
    const seen = watcher.messages.filter((m) => m.type === 'event').map((m) => m.seq);
    // every publish got its own seq and the watcher saw them in seq order
    expect(new Set(got).size).toBe(20);
    expect(seen).toEqual([...got].sort((a, b) => a - b));
    watcher.close();
  });

  it('a client that drops off node B resumes on node A with what it missed', async () => {
    const first = await connectClient(nodeB.url, await fetchToken(nodeB.url));
    first.send({ type: 'sub', topic: 'match:88' });
    await first.until((m) => m.type === 'subscribed');
    await devPublish(nodeA.url, 'match:88', { n: 1 });
    const seen = await first.until((m) => m.type === 'event');
    first.close();
    for (let i = 2; i <= 5; i++) await devPublish(nodeB.url, 'match:88', { n: i });
    const again = await connectClient(nodeA.url, await fetchToken(nodeA.url));
    again.send({ type: 'sub', topic: 'match:88', since: seen.seq });
    await again.until((m) => m.type === 'event' && m.data.n === 5);
    expect(again.messages.filter((m) => m.type === 'event').map((m) => m.data.n)).toEqual([2, 3, 4, 5]);
    again.close();
  });
});
