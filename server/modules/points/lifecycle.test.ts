/**
 * The points goods' life after the exchange: a perk is granted in the exchange's own transaction, once
 * (a retried exchange with the same key grants nothing more; a second exchange extends it); the merchant
 * ships exchanged goods from the console through the shop's logistics provider (audited, once); the
 * points job closes unpaid points + cash exchanges on its own (nobody reads them) and completes shipped
 * goods after the auto-confirm days.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { fakeClock, resetClock } from '../../http/clock';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Fan, fan, key } from '../../test/shop-flow';
import { checkPointsInvariant, pointsBalance, postPoints, sweepPoints } from '.';

const PT = '/mdr/api/v1/points';
const OPS = '/mdr/api/v1/ops/points';
const DAY = 86_400_000;
let t: TestApp;
let op: string;

beforeAll(async () => {
  t = await createTestApp();
  op = (await t.loginByPhone('90000000')).token;
});
afterAll(async () => t?.close());
afterEach(() => resetClock());

const give = (userId: number, amount: number) =>
  postPoints(t.db, { userId, amount, reason: 'order', key: `test-${key()}` });

async function goodsBy(code: string) {
  const [g] = await rows(t.db, sql`select id, points, cash from points_goods where code = ${code}`);
  return { id: Number(g.id), points: Number(g.points), cash: Number(g.cash) };
}

const exchange = (f: Fan, goodsId: number, idem = key()) =>
  t.call('POST', `${PT}/exchanges`, {
    token: f.token,
    body: { goods_id: goodsId, quantity: 1, address_id: f.addressId, idempotency_key: idem },
  });

/** `f` exchanges the first points-only physical gift (points given first): waiting to be shipped */
async function physicalExchange(f: Fan) {
  const [g] = await rows(
    t.db,
    sql`select id, points from points_goods where kind = 'physical' and cash = 0 order by id limit 1`,
  );
  await give(f.userId, Number(g.points));
  const x = await exchange(f, Number(g.id));
  expect(x.data.status).toBe('pending_shipment');
  return x;
}

describe('perks', () => {
  it('are granted in the exchange, once per exchange; a second exchange extends the end', async () => {
    const start = Date.now();
    const clock = fakeClock(start);
    const f = await fan(t, '64860001');
    const badge = await goodsBy('perk-badge');
    await give(f.userId, badge.points * 3);
    const idem = key();
    const first = await exchange(f, badge.id, idem);
    expect(first.code, JSON.stringify(first)).toBe(0);
    expect(first.data.status).toBe('completed');
    // the same request again (a retried tap): the same exchange, nothing granted twice
    const again = await exchange(f, badge.id, idem);
    expect(again.data.id).toBe(first.data.id);
    const perks = async () => {
      const r = await t.call('GET', `${PT}/account`, { token: f.token });
      expect(r.code, JSON.stringify(r)).toBe(0);
      return r.data.perks;
    };
    expect(await perks()).toEqual([{ perk: 'gold_badge', expires_ms: start + 90 * DAY }]);
    expect(await pointsBalance(t.db, f.userId)).toBe(badge.points * 2);
    // ten days later another badge: 90 more days from the current end, not from today
    clock.advance(10 * DAY);
    expect((await exchange(f, badge.id)).code).toBe(0);
    expect(await perks()).toEqual([{ perk: 'gold_badge', expires_ms: start + 180 * DAY }]);
    const [n] = await rows(
      t.db,
      sql`select count(*)::int as n from points_user_perks where user_id = ${f.userId}`,
    );
    expect(n.n).toBe(1);
    // after its end it is no longer listed
    clock.advance(200 * DAY);
    f.token = (await t.loginByPhone('64860001')).token;
    expect(await perks()).toEqual([]);
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
  });
});

describe('shipping exchanged goods', () => {
  it('the merchant ships from the console with a tracking number (audited, once); the buyer sees the parcel', async () => {
    const clock = fakeClock(Date.now());
    const f = await fan(t, '64860002');
    const x = await physicalExchange(f);
    expect(x.data.tracking).toBeNull();
    const queue = await t.call('GET', `${OPS}/exchanges?size=100`, { token: op });
    expect(queue.code).toBe(0);
    expect(queue.data.list.some((r: { id: number }) => r.id === x.data.id)).toBe(true);
    // a fan is not the merchant
    expect(
      (
        await t.call('POST', `${OPS}/exchanges/${x.data.id}/ship`, {
          token: f.token,
          body: { carrier: 'sf' },
        })
      ).code,
    ).toBe(E.NO_PERMISSION);
    const s = await t.call('POST', `${OPS}/exchanges/${x.data.id}/ship`, {
      token: op,
      body: { carrier: 'hkpost' },
    });
    expect(s.code, JSON.stringify(s)).toBe(0);
    expect(s.data.tracking_no).toMatch(/^EC\d{9}HK$/);
    expect(
      (await t.call('POST', `${OPS}/exchanges/${x.data.id}/ship`, { token: op, body: { carrier: 'sf' } }))
        .code,
    ).toBe(E.POINTS_EXCHANGE_STATE);
    const [a] = await rows(
      t.db,
      sql`select action, reason from ops_audit where target_type = 'points_exchange' and target_id = ${String(x.data.id)}`,
    );
    expect(a).toEqual({ action: 'points_exchange.ship', reason: `hkpost ${s.data.tracking_no}` });
    clock.advance(4 * 3600_000);
    const d = await t.call('GET', `${PT}/exchanges/${x.data.id}`, { token: f.token });
    expect(d.data.status).toBe('shipped');
    expect(d.data.carrier).toBe('hkpost');
    expect(d.data.tracking.events.map((e: { code: string }) => e.code)).toEqual(['in_transit', 'collected']);
    // the shop's auto-confirm days later the points job completes it
    clock.advance(8 * DAY);
    const swept = await sweepPoints({ db: t.db });
    expect(swept.completed).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', `${PT}/exchanges/${x.data.id}`, { token: f.token })).data.status).toBe(
      'completed',
    );
  });
});

describe('the points job', () => {
  it('closes an unpaid points + cash exchange past its window without anyone reading it', async () => {
    const clock = fakeClock(Date.now());
    const f = await fan(t, '64860003');
    const [g] = await rows(
      t.db,
      sql`select id, points, stock from points_goods where cash > 0 order by id limit 1`,
    );
    await give(f.userId, Number(g.points));
    const x = await exchange(f, Number(g.id));
    expect(x.data.status).toBe('pending_payment');
    expect(await pointsBalance(t.db, f.userId)).toBe(0);
    clock.advance(29 * 60_000);
    expect((await sweepPoints({ db: t.db })).closed).toBe(0);
    clock.advance(2 * 60_000);
    expect((await sweepPoints({ db: t.db })).closed).toBe(1);
    const [row] = await rows(
      t.db,
      sql`select status, close_reason from points_exchanges where id = ${x.data.id}`,
    );
    expect(row).toEqual({ status: 'closed', close_reason: 'timeout' });
    const [after] = await rows(t.db, sql`select stock from points_goods where id = ${g.id}`);
    expect(Number(after.stock)).toBe(Number(g.stock));
    expect(await pointsBalance(t.db, f.userId)).toBe(Number(g.points));
    // a second pass finds nothing more
    expect((await sweepPoints({ db: t.db })).closed).toBe(0);
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
  });
});

describe('confirming receipt of exchanged goods', () => {
  it('the buyer confirms a shipped exchange (completed, idempotent); not before shipping, not another fan', async () => {
    const f = await fan(t, '64860003');
    const other = await fan(t, '64860004');
    const x = await physicalExchange(f);
    const confirm = (token: string) =>
      t.call('POST', `${PT}/exchanges/${x.data.id}/confirm`, { token, body: {} });
    // not shipped yet: the table has no confirm from pending_shipment
    expect((await confirm(f.token)).code).toBe(E.POINTS_EXCHANGE_STATE);
    await t.call('POST', `${OPS}/exchanges/${x.data.id}/ship`, { token: op, body: { carrier: 'sf' } });
    // someone else's exchange is not found
    expect((await confirm(other.token)).code).toBe(E.NOT_FOUND);
    const [a, b] = await Promise.all([confirm(f.token), confirm(f.token)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.data.status).toBe('completed');
    expect(b.data.status).toBe('completed');
    expect((await confirm(f.token)).data.status).toBe('completed');
    // the timer has nothing left to do for it
    const [r] = await rows(t.db, sql`select status from points_exchanges where id = ${x.data.id}`);
    expect(r.status).toBe('completed');
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
  });

  it('the transition table refuses anything it does not list', async () => {
    const { exchangeAllows } = await import('./exchange-states');
    expect(exchangeAllows('confirm', 'shipped')).toBe(true);
    for (const s of ['pending_payment', 'pending_shipment', 'completed', 'closed'])
      expect(exchangeAllows('confirm', s)).toBe(false);
    expect(exchangeAllows('ship', 'shipped')).toBe(false);
  });
});

describe('perks where a fan sees them', () => {
  it('the gold badge beside the name (chat lines, own page, public profile) and ad-free on the account, until they end', async () => {
    const start = Date.now();
    const clock = fakeClock(start);
    const f = await fan(t, '64860005');
    const [m] = await rows(t.db, sql`select id from matches order by id limit 1`);
    const room = `match-${m.id}`;
    const say = async (text: string) => {
      const r = await t.call('POST', `/mdr/api/v1/chat/rooms/${room}/messages`, {
        token: f.token,
        body: { text },
      });
      expect(r.code, JSON.stringify(r)).toBe(0);
      return r.data.user.gold_badge as boolean;
    };
    const own = async () => (await t.call('GET', '/mdr/api/v1/users', { token: f.token })).data.perks;
    const profile = async () =>
      (await t.call('GET', `/mdr/api/v1/users/${f.userId}/profiles`, { token: await t.token() })).data
        .gold_badge as boolean;
    expect(await own()).toEqual({ gold_badge: false, ad_free: false });
    expect(await profile()).toBe(false);
    const badge = await goodsBy('perk-badge');
    const adFree = await goodsBy('perk-ad-free');
    await give(f.userId, badge.points + adFree.points);
    expect((await exchange(f, badge.id)).code).toBe(0);
    expect((await exchange(f, adFree.id)).code).toBe(0);
    expect(await own()).toEqual({ gold_badge: true, ad_free: true });
    expect(
      (await t.call('GET', '/mdr/api/v1/user-center', { token: f.token })).data.user.perks.gold_badge,
    ).toBe(true);
    expect(await profile()).toBe(true);
    expect(await say('金章到手，開波前嚟報到')).toBe(true);
    const lines = async () => {
      const h = await t.call('GET', `/mdr/api/v1/chat/rooms/${room}/messages`, { token: f.token });
      return h.data.list
        .filter((x: { user: { id: number } }) => x.user.id === f.userId)
        .map((x: { user: { gold_badge: boolean } }) => x.user.gold_badge);
    };
    expect(await lines()).toEqual([true]);
    // ad-free (30 days) ends first, then the badge (90 days)
    clock.advance(31 * DAY);
    f.token = (await t.loginByPhone('64860005')).token;
    expect(await own()).toEqual({ gold_badge: true, ad_free: false });
    clock.advance(60 * DAY);
    f.token = (await t.loginByPhone('64860005')).token;
    expect(await own()).toEqual({ gold_badge: false, ad_free: false });
    expect(await profile()).toBe(false);
    // the badge is the sender's as of now: gone from their old lines too
    expect(await lines()).toEqual([false]);
  });
});
