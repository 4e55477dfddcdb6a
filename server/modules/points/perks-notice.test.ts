/**
 * Perks reach the fan's other tabs and devices without a new sign-in: a settled perk exchange and a perk
 * that runs out (the points sweep) are pushed on the fan's own `user:<id>` topic as a `perks` notice (the
 * app then reads the account again); other exchanges and other fans' perks push nothing to them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../../db/rows';
import { fakeClock, now, resetClock } from '../../http/clock';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Fan, fan, key } from '../../test/shop-flow';
import { postPoints, sweepPoints } from '.';

const DAY = 86_400_000;
let t: TestApp;
let sent: { topic: string; msg: unknown }[];

beforeAll(async () => {
  t = await createTestApp();
  const hub = t.app.deps.hub;
  const publish = hub.publish.bind(hub);
  vi.spyOn(hub, 'publish').mockImplementation(async (topic, msg, opts) => {
    sent.push({ topic, msg });
    return publish(topic, msg, opts);
  });
});
afterAll(async () => t?.close());
afterEach(() => resetClock());

const perkNotices = (userId: number) =>
  sent.filter((s) => s.topic === `user:${userId}` && (s.msg as { topic?: string }).topic === 'perks');

async function exchangeGoods(f: Fan, code: string) {
  const [g] = await rows(t.db, sql`select id, points from points_goods where code = ${code}`);
  await postPoints(t.db, { userId: f.userId, amount: Number(g.points), reason: 'order', key: `t-${key()}` });
  return t.call('POST', '/mdr/api/v1/points/exchanges', {
    token: f.token,
    body: { goods_id: Number(g.id), quantity: 1, address_id: f.addressId, idempotency_key: key() },
  });
}

describe('perk notices', () => {
  it('a perk exchanged is pushed to its fan at once; a physical gift is not', async () => {
    sent = [];
    const f = await fan(t, '64880001');
    const other = await fan(t, '64880002');
    const x = await exchangeGoods(f, 'perk-ad-free');
    expect(x.code, JSON.stringify(x)).toBe(0);
    expect(perkNotices(f.userId)).toEqual([
      { topic: `user:${f.userId}`, msg: { kind: 'notice', topic: 'perks' } },
    ]);
    expect(perkNotices(other.userId)).toEqual([]);
    // the account read on that notice carries the perk
    const me = await t.call('GET', '/mdr/api/v1/users', { token: f.token });
    expect(me.data.perks).toEqual({ gold_badge: false, ad_free: true });
    const [physical] = await rows(
      t.db,
      sql`select code from points_goods where kind = 'physical' and cash = 0 order by id limit 1`,
    );
    sent = [];
    expect((await exchangeGoods(f, String(physical.code))).code).toBe(0);
    expect(perkNotices(f.userId)).toEqual([]);
  });

  it('a perk that runs out is pushed once, by the sweep after its end', async () => {
    const clock = fakeClock(Date.now());
    const f = await fan(t, '64880003');
    expect((await exchangeGoods(f, 'perk-badge')).code).toBe(0);
    const hub = t.app.deps.hub;
    // 89 days on: still running, nothing to say
    clock.advance(89 * DAY);
    let since = now();
    sent = [];
    clock.advance(DAY / 2);
    expect((await sweepPoints({ db: t.db, hub }, since)).perksEnded).toBe(0);
    expect(perkNotices(f.userId)).toEqual([]);
    // past its 90th day: the next sweep tells the fan, the one after does not repeat it
    since = now();
    clock.advance(DAY);
    const swept = await sweepPoints({ db: t.db, hub }, since);
    expect(swept.perksEnded).toBeGreaterThanOrEqual(1);
    expect(perkNotices(f.userId)).toHaveLength(1);
    since = now();
    clock.advance(60_000);
    await sweepPoints({ db: t.db, hub }, since);
    expect(perkNotices(f.userId)).toHaveLength(1);
    const me = await t.call('GET', '/mdr/api/v1/users', { token: (await t.loginByPhone('64880003')).token });
    expect(me.data.perks.gold_badge).toBe(false);
  });
});
