/**
 * The limiter's contract in memory and in a real redis-server (started here on a free port), and two
 * app instances with their own databases sharing one limit through Redis. The Redis half is skipped
 * only on a developer machine without redis-server; CI installs it (.ci/run) and never skips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E } from '../http/errors';
import { haveRedisServer, type Running, startRedis } from '../realtime/testing/nodes';
import { createTestApp, type TestApp } from '../test/harness';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './index';

const available = haveRedisServer();
if (!available && process.env.CI) throw new Error('redis-server is required in CI');
if (!available) console.warn('[ratelimit.test] redis-server not found: the Redis cases are skipped');

let redis: Running | undefined;
beforeAll(async () => {
  if (available) redis = await startRedis();
}, 20_000);
afterAll(async () => {
  await redis?.stop();
});

const T0 = 1_800_000_000_000;

function contract(name: string, make: () => RateLimiter, skip = false) {
  describe.skipIf(skip)(`${name} limiter`, () => {
    let rl: RateLimiter;
    beforeAll(() => {
      rl = make();
    });
    afterAll(() => rl?.close());

    it('allows up to the limit in a window, then answers the wait until the oldest leaves it', async () => {
      const key = `k1-${Math.random()}`;
      const rules = [{ limit: 3, windowMs: 60_000 }];
      for (let i = 0; i < 3; i++) expect(await rl.take(key, rules, T0 + i * 1000)).toEqual({ ok: true });
      expect(await rl.take(key, rules, T0 + 5000)).toEqual({ ok: false, retryAfterMs: 55_000 });
      // a refused action is not recorded: the first slot frees at T0 + 60 s
      expect(await rl.take(key, rules, T0 + 60_000)).toEqual({ ok: true });
      expect((await rl.take(key, rules, T0 + 60_500)).ok).toBe(false);
    });

    it('checks every rule and answers the longest wait; a minimum interval is a limit of one', async () => {
      const key = `k2-${Math.random()}`;
      const rules = [
        { limit: 1, windowMs: 3000 },
        { limit: 2, windowMs: 60_000 },
      ];
      expect((await rl.take(key, rules, T0)).ok).toBe(true);
      expect(await rl.take(key, rules, T0 + 1000)).toEqual({ ok: false, retryAfterMs: 2000 });
      expect((await rl.take(key, rules, T0 + 3000)).ok).toBe(true);
      expect(await rl.take(key, rules, T0 + 7000)).toEqual({ ok: false, retryAfterMs: 53_000 });
    });

    it('keeps keys apart and does not count actions later than now (a clock set back)', async () => {
      const a = `k3a-${Math.random()}`;
      const rules = [{ limit: 1, windowMs: 10_000 }];
      expect((await rl.take(a, rules, T0 + 50_000)).ok).toBe(true);
      expect((await rl.take(`k3b-${Math.random()}`, rules, T0 + 50_000)).ok).toBe(true);
      expect((await rl.take(a, rules, T0)).ok).toBe(true);
    });

    it('lets exactly `limit` of many parallel takes through', async () => {
      const key = `k4-${Math.random()}`;
      const rules = [{ limit: 5, windowMs: 60_000 }];
      const got = await Promise.all(Array.from({ length: 40 }, () => rl.take(key, rules, T0)));
      expect(got.filter((v) => v.ok)).toHaveLength(5);
    });
  });
}

contract('memory', () => new MemoryRateLimiter());
contract('redis', () => new RedisRateLimiter(redis?.url ?? ''), !available);

describe.skipIf(!available)('two limiters on one Redis (two nodes)', () => {
  it('share one limit', async () => {
    const a = new RedisRateLimiter(redis?.url ?? '');
    const b = new RedisRateLimiter(redis?.url ?? '');
    try {
      const rules = [{ limit: 4, windowMs: 60_000 }];
      const got = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take('shared-key', rules, T0)),
      );
      expect(got.filter((v) => v.ok)).toHaveLength(4);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('a Redis that is away', () => {
  it('lets actions through (the limit is a guard, never a 500)', async () => {
    const gone = new RedisRateLimiter('redis://127.0.0.1:1');
    try {
      expect(await gone.take('k', [{ limit: 1, windowMs: 1000 }], T0)).toEqual({ ok: true });
    } finally {
      await gone.close();
    }
  }, 30_000);
});

/** praise taps on apps A and B alternately, the same fan (same phone, same id in both fresh databases) */
async function tapUntilRefused(apps: TestApp[], max: number) {
  const fans = await Promise.all(apps.map((t) => t.loginByPhone('61230301')));
  expect(fans[0].userId).toBe(fans[1].userId);
  const ids = await Promise.all(
    apps.map(async (t) => (await t.call('GET', '/mdr/api/v1/news?size=1')).data.list[0].id as number),
  );
  for (let i = 0; i < max; i++) {
    const k = i % 2;
    const r = await apps[k].call(i % 4 < 2 ? 'POST' : 'DELETE', `/mdr/api/v1/news/${ids[k]}/praise`, {
      token: fans[k].token,
    });
    if (r.code !== 0) return { taps: i, refused: r };
  }
  return { taps: max, refused: null };
}

describe('two app instances, each with its own database', () => {
  it('without Redis each node counts alone (30 taps a minute on each)', async () => {
    const apps = await Promise.all([createTestApp(), createTestApp()]);
    try {
      expect((await tapUntilRefused(apps, 40)).refused).toBeNull();
    } finally {
      await Promise.all(apps.map((t) => t.close()));
    }
  }, 180_000);

  it.skipIf(!available)(
    'with REDIS_URL they share one limit: the 31st tap on either node is refused',
    async () => {
      const config = { redisUrl: redis?.url ?? null };
      const apps = await Promise.all([createTestApp({ config }), createTestApp({ config })]);
      try {
        const { taps, refused } = await tapUntilRefused(apps, 40);
        expect(taps).toBe(30);
        expect(refused?.code).toBe(E.ACTION_TOO_FAST);
        expect(refused?.data.retry_after_ms).toBeGreaterThan(0);
      } finally {
        await Promise.all(apps.map((t) => t.close()));
      }
    },
    180_000,
  );
});
