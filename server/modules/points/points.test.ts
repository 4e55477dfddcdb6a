/**
 * The points store through the API: check-in once per Hong Kong day (concurrent taps credit once, the
 * streak bonus on the 7th day), exchanges that never take the balance or the stock below zero under
 * concurrency, idempotent on their key, with ledger sum == balance; points + cash through the gateway
 * (and back when unpaid); a completed (reviewed) order credits points; other fans' exchanges and threads
 * are invisible; the user centre counts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { fakeClock, resetClock } from '../../http/clock';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { callback, type Fan, fan, key, OPS, P, paidOrder, skus } from '../../test/shop-flow';
import { checkPointsInvariant, pointsBalance, postPoints } from '.';

const PT = '/mdr/api/v1/points';
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
  const [g] = await rows(t.db, sql`select id, points, cash, stock from points_goods where code = ${code}`);
  return { id: Number(g.id), points: Number(g.points), cash: Number(g.cash), stock: Number(g.stock) };
}

const exchange = (f: Fan, goodsId: number, extra: Record<string, unknown> = {}) =>
  t.call('POST', `${PT}/exchanges`, {
    token: f.token,
    body: { goods_id: goodsId, quantity: 1, address_id: f.addressId, idempotency_key: key(), ...extra },
  });

describe('check-in', () => {
  it('credits once per Hong Kong day, even for concurrent taps, with the 7th-day streak bonus', async () => {
    // 2026-03-01 23:30 HKT is 15:30 UTC; half an hour later is a new HK day
    const clock = fakeClock(Date.UTC(2026, 1, 28, 15, 30));
    const f = await fan(t, '64850001');
    const taps = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', `${PT}/checkin`, { token: f.token, body: {} })),
    );
    expect(taps.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(taps.filter((r) => r.data.credited > 0).map((r) => r.data.credited)).toEqual([5]);
    expect(taps.every((r) => r.data.day === '2026-02-28' && r.data.checked_in)).toBe(true);
    expect(await pointsBalance(t.db, f.userId)).toBe(5);
    let total = 5;
    for (let day = 2; day <= 7; day++) {
      clock.advance(86_400_000);
      const r = await t.call('POST', `${PT}/checkin`, { token: f.token, body: {} });
      expect(r.data.streak).toBe(day);
      total += r.data.credited;
    }
    expect(total).toBe(7 * 5 + 20);
    const acct = await t.call('GET', `${PT}/account`, { token: f.token });
    expect(acct.data).toMatchObject({ balance: total, earned: total, spent: 0 });
    expect(acct.data.checkin).toMatchObject({ checked_in: true, streak: 7 });
    // a missed day restarts the streak
    clock.advance(2 * 86_400_000);
    const late = await t.call('POST', `${PT}/checkin`, { token: f.token, body: {} });
    expect(late.data).toMatchObject({ credited: 5, streak: 1 });
    const ledger = await t.call('GET', `${PT}/entries?tab=earned&size=100`, { token: f.token });
    expect(ledger.data.list.filter((e: { reason: string }) => e.reason === 'checkin_streak')).toHaveLength(1);
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
  });
});

describe('exchanges', () => {
  it('never takes the balance below zero under concurrent exchanges; ledger sum equals balance', async () => {
    const f = await fan(t, '64850002');
    const g = await goodsBy('keyring-ball');
    await give(f.userId, g.points * 3 + 50);
    const tries = await Promise.all(Array.from({ length: 8 }, () => exchange(f, g.id)));
    const codes = tries.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c !== 0).every((c) => c === E.POINTS_SHORT)).toBe(true);
    expect(await pointsBalance(t.db, f.userId)).toBe(50);
    expect((await goodsBy('keyring-ball')).stock).toBe(g.stock - 3);
    const [{ sum }] = await rows(
      t.db,
      sql`select sum(amount)::int as sum from points_entries where user_id = ${f.userId}`,
    );
    expect(Number(sum)).toBe(50);
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
    const list = await t.call('GET', `${PT}/exchanges`, { token: f.token });
    expect(list.data.total).toBe(3);
    expect(list.data.list[0]).toMatchObject({ status: 'pending_shipment', points: g.points });
  });

  it('is idempotent on its key, refuses sold-out goods and a missing address; others cannot see it', async () => {
    const f = await fan(t, '64850003');
    const g = await goodsBy('pin-crest');
    await give(f.userId, 5000);
    const k = key();
    const [a, b] = await Promise.all([
      exchange(f, g.id, { idempotency_key: k }),
      exchange(f, g.id, { idempotency_key: k }),
    ]);
    expect(a.code).toBe(0);
    expect(b.data.id).toBe(a.data.id);
    expect(await pointsBalance(t.db, f.userId)).toBe(5000 - g.points);
    const soldOut = await goodsBy('pennant-derby');
    expect((await exchange(f, soldOut.id)).code).toBe(E.POINTS_GOODS_UNAVAILABLE);
    expect((await exchange(f, g.id, { address_id: undefined })).code).toBe(E.POINTS_ADDRESS_MISSING);
    expect(await pointsBalance(t.db, f.userId)).toBe(5000 - g.points);
    const other = await fan(t, '64850004');
    expect((await t.call('GET', `${PT}/exchanges/${a.data.id}`, { token: other.token })).code).toBe(
      E.NOT_FOUND,
    );
    expect((await exchange(other, g.id, { address_id: f.addressId })).code).toBe(E.POINTS_ADDRESS_MISSING);
    expect((await t.call('GET', `${PT}/exchanges`, { token: other.token })).data.total).toBe(0);
  });

  it('coupon goods put a shop coupon in the fan’s coupons at once', async () => {
    const f = await fan(t, '64850005');
    const g = await goodsBy('coupon-30');
    await give(f.userId, g.points);
    const r = await exchange(f, g.id, { address_id: undefined });
    expect(r.data).toMatchObject({ status: 'completed', address: null });
    const coupons = await t.call('GET', `${P}/coupons?tab=usable`, { token: f.token });
    expect(coupons.data.list.some((c: { discount: number }) => c.discount === 3000)).toBe(true);
  });

  it('points + cash waits for the gateway; unpaid, it closes and gives points and stock back', async () => {
    const f = await fan(t, '64850006');
    const g = await goodsBy('cap-supporters');
    await give(f.userId, g.points * 2);
    const paid = await exchange(f, g.id);
    expect(paid.data).toMatchObject({ status: 'pending_payment', cash: g.cash });
    const pay = await t.call('POST', `${PT}/exchanges/${paid.data.id}/pay`, { token: f.token, body: {} });
    expect(pay.data.pay_url).toContain(paid.data.exchange_no);
    expect((await callback(t, paid.data.exchange_no, g.cash)).code).toBe(0);
    const after = await t.call('GET', `${PT}/exchanges/${paid.data.id}`, { token: f.token });
    expect(after.data).toMatchObject({ status: 'pending_shipment', pay_status: 'paid' });

    const clock = fakeClock();
    const unpaid = await exchange(f, g.id);
    expect(await pointsBalance(t.db, f.userId)).toBe(0);
    clock.advance(31 * 60_000);
    const closed = await t.call('GET', `${PT}/exchanges/${unpaid.data.id}`, { token: f.token });
    expect(closed.data).toMatchObject({ status: 'closed', close_reason: 'timeout' });
    expect(await pointsBalance(t.db, f.userId)).toBe(g.points);
    expect((await goodsBy('cap-supporters')).stock).toBe(g.stock - 1);
    // a late payment does not revive it
    expect((await callback(t, unpaid.data.exchange_no, g.cash)).code).toBe(E.ORDER_STATE);
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
  });
});

describe('earning from the shop', () => {
  it('a reviewed (completed) order credits its points and the review’s, once', async () => {
    const [sku] = await skus(t);
    const f = await fan(t, '64850007');
    const o = await paidOrder(t, f, sku.id);
    expect(
      (await t.call('POST', `${OPS}/orders/${o.id}/ship`, { token: op, body: { carrier: 'sf' } })).code,
    ).toBe(0);
    expect((await t.call('POST', `${P}/orders/${o.id}/confirm`, { token: f.token, body: {} })).code).toBe(0);
    expect(await pointsBalance(t.db, f.userId)).toBe(0);
    const body = { stars: 5, content: '質地好好，著落好舒服' };
    expect((await t.call('POST', `${P}/orders/${o.id}/review`, { token: f.token, body })).code).toBe(0);
    const expected = Math.floor(o.pay_amount / 100) + 10;
    expect(await pointsBalance(t.db, f.userId)).toBe(expected);
    const ledger = await t.call('GET', `${PT}/entries`, { token: f.token });
    expect(ledger.data.list.map((e: { reason: string }) => e.reason).sort()).toEqual(['order', 'review']);
    const centre = await t.call('GET', '/mdr/api/v1/shop/usercenter', { token: f.token });
    expect(centre.data).toMatchObject({ points: expected, addresses: 1 });
    expect(centre.data.orders.all).toBe(1);
  });
});

describe('consultation', () => {
  it('a buyer writes about their order, the merchant answers; others see nothing', async () => {
    const [sku] = await skus(t);
    const f = await fan(t, '64850008');
    const o = await paidOrder(t, f, sku.id);
    const say = await t.call('POST', `${P}/consultations/${o.id}`, {
      token: f.token,
      body: { body: '<b>幾時寄出？</b>' },
    });
    expect(say.data.list).toMatchObject([{ sender: 'buyer', body: '<b>幾時寄出？</b>' }]);
    const other = await fan(t, '64850009');
    expect((await t.call('GET', `${P}/consultations/${o.id}`, { token: other.token })).code).toBe(
      E.NOT_FOUND,
    );
    expect(
      (
        await t.call('POST', `${P}/consultations/${o.id}`, {
          token: other.token,
          body: { body: 'hi' },
        })
      ).code,
    ).toBe(E.NOT_FOUND);
    expect((await t.call('GET', `${OPS}/consultations`, { token: f.token })).code).not.toBe(0);
    const listed = await t.call('GET', `${OPS}/consultations`, { token: op });
    expect(listed.data.list[0]).toMatchObject({ order_id: o.id, last_sender: 'buyer' });
    const reply = await t.call('POST', `${OPS}/consultations/${o.id}/reply`, {
      token: op,
      body: { body: '聽日寄出' },
    });
    expect(reply.data.list.map((m: { sender: string }) => m.sender)).toEqual(['buyer', 'merchant']);
    // the reply is audited like the console's other actions, in the same transaction
    const audits = await rows(
      t.db,
      sql`select action, reason from ops_audit where target_type = 'shop_order' and target_id = ${String(o.id)}
          and action = 'consultation.reply'`,
    );
    expect(audits).toHaveLength(1);
    expect(String(audits[0].reason)).toMatch(/聽日寄出$/);
    const seen = await t.call('GET', `${P}/consultations/${o.id}`, { token: f.token });
    expect(seen.data.list).toHaveLength(2);
    expect(
      (await t.call('POST', `${P}/consultations/${o.id}`, { token: f.token, body: { body: '   ' } })).code,
    ).toBe(E.BAD_REQUEST);
  });
});
