/**
 * Coupons through the API: the tabs, the settlement's choice, the discount on the order, one use under
 * concurrency (N parallel orders with one coupon → exactly one gets it; the others reserve nothing), the
 * coupon back when the unpaid order is cancelled or times out, and a coupon that is not the caller's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { fakeClock, resetClock } from '../../http/clock';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { fan, giveCoupon, key, order, P, skus } from '../../test/shop-flow';
import { sweepOrders } from '../orders';

let t: TestApp;
let sku: { id: number; price: number };

beforeAll(async () => {
  t = await createTestApp();
  [sku] = await skus(t);
});
afterAll(async () => t?.close());
afterEach(() => resetClock());

describe('coupons', () => {
  it('seeds demo coupons: usable ones and one expired', async () => {
    const { token } = await t.loginByPhone('91234567');
    const usable = await t.call('GET', `${P}/coupons?tab=usable`, { token });
    expect(usable.code).toBe(0);
    expect(usable.data.counts.usable).toBeGreaterThanOrEqual(3);
    expect(usable.data.counts.expired).toBe(1);
    for (const c of usable.data.list) {
      expect(c.status).toBe('usable');
      expect(c.discount).toBeLessThanOrEqual(c.threshold);
    }
    const expired = await t.call('GET', `${P}/coupons?tab=expired`, { token });
    expect(expired.data.list.map((c: { status: string }) => c.status)).toEqual(['expired']);
    expect((await t.call('GET', `${P}/coupons?tab=nope`, { token })).code).toBe(E.BAD_REQUEST);
    expect((await t.call('GET', `${P}/coupons`)).code).not.toBe(0);
  });

  it('is offered at settlement when the goods reach its threshold, and comes off the order once', async () => {
    const f = await fan(t, '64830001');
    const small = await giveCoupon(t, f.userId, sku.price, 1000);
    const big = await giveCoupon(t, f.userId, sku.price * 10, 5000);
    await t.call('POST', `${P}/cart`, { token: f.token, body: { sku_id: sku.id, quantity: 1 } });
    const s = await t.call('GET', `${P}/settlement`, { token: f.token });
    expect(s.code).toBe(0);
    expect(s.data.coupon_id).toBe(small);
    expect(s.data.discount).toBe(1000);
    expect(s.data.pay_amount).toBe(s.data.goods_amount + s.data.shipping_fee - 1000);
    expect(s.data.coupons.find((c: { id: number }) => c.id === big).applicable).toBe(false);
    const none = await t.call('GET', `${P}/settlement?coupon_id=0`, { token: f.token });
    expect(none.data.discount).toBe(0);
    // the big one is below its threshold: refused, nothing reserved
    const refused = await t.call('POST', `${P}/orders`, {
      token: f.token,
      body: { idempotency_key: key(), address_id: f.addressId, from_cart: true, coupon_id: big },
    });
    expect(refused.code).toBe(E.COUPON_UNUSABLE);
    const o = await order(t, f, sku.id, { coupon_id: small });
    expect(o.discount).toBe(1000);
    expect(o.pay_amount).toBe(o.goods_amount + o.shipping_fee - 1000);
    const used = await t.call('GET', `${P}/coupons?tab=used`, { token: f.token });
    expect(used.data.list.map((c: { id: number; order_id: number }) => [c.id, c.order_id])).toEqual([
      [small, o.id],
    ]);
    // a second order with it is refused
    const again = await t.call('POST', `${P}/orders`, {
      token: f.token,
      body: {
        idempotency_key: key(),
        address_id: f.addressId,
        items: [{ sku_id: sku.id, quantity: 1 }],
        coupon_id: small,
      },
    });
    expect(again.code).toBe(E.COUPON_UNUSABLE);
  });

  it('is used by exactly one of many parallel orders; the others reserve nothing', async () => {
    const f = await fan(t, '64830002');
    const c = await giveCoupon(t, f.userId, sku.price, 500);
    const [before] = await rows(t.db, sql`select stock from shop_skus where id = ${sku.id}`);
    const tries = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call('POST', `${P}/orders`, {
          token: f.token,
          body: {
            idempotency_key: key(),
            address_id: f.addressId,
            items: [{ sku_id: sku.id, quantity: 1 }],
            coupon_id: c,
          },
        }),
      ),
    );
    const won = tries.filter((r) => r.code === 0);
    expect(won).toHaveLength(1);
    expect(tries.filter((r) => r.code === E.COUPON_UNUSABLE)).toHaveLength(11);
    const [after] = await rows(t.db, sql`select stock from shop_skus where id = ${sku.id}`);
    expect(Number(before.stock) - Number(after.stock)).toBe(1);
    const [n] = await rows(t.db, sql`select count(*)::int as n from shop_orders where user_id = ${f.userId}`);
    expect(Number(n.n)).toBe(1);
  });

  it('comes back when the unpaid order is cancelled or times out', async () => {
    const f = await fan(t, '64830003');
    const c = await giveCoupon(t, f.userId, sku.price, 800);
    const o = await order(t, f, sku.id, { coupon_id: c });
    expect((await t.call('POST', `${P}/orders/${o.id}/cancel`, { token: f.token, body: {} })).code).toBe(0);
    let usable = await t.call('GET', `${P}/coupons?tab=usable`, { token: f.token });
    expect(usable.data.list.map((x: { id: number }) => x.id)).toEqual([c]);
    const o2 = await order(t, f, sku.id, { coupon_id: c });
    expect(o2.discount).toBe(800);
    const clock = fakeClock();
    clock.advance(2 * 3600_000);
    await sweepOrders(t);
    clock.restore();
    usable = await t.call('GET', `${P}/coupons?tab=usable`, { token: f.token });
    expect(usable.data.list.map((x: { id: number }) => x.id)).toEqual([c]);
  });

  it('of another fan cannot be used', async () => {
    const a = await fan(t, '64830004');
    const b = await fan(t, '64830005');
    const c = await giveCoupon(t, a.userId, sku.price, 500);
    const res = await t.call('POST', `${P}/orders`, {
      token: b.token,
      body: {
        idempotency_key: key(),
        address_id: b.addressId,
        items: [{ sku_id: sku.id, quantity: 1 }],
        coupon_id: c,
      },
    });
    expect(res.code).toBe(E.COUPON_UNUSABLE);
    const listed = await t.call('GET', `${P}/coupons?tab=usable`, { token: b.token });
    expect(listed.data.list).toEqual([]);
  });

  it('is issued by an operator to chosen fans (audited), never by a fan', async () => {
    const f = await fan(t, '64830006');
    const op = (await t.loginByPhone('90000000')).token;
    const kinds = await t.call('GET', '/mdr/api/v1/ops/shop/coupons', { token: op });
    const kind = kinds.data.list[0];
    const body = { coupon_id: kind.id, user_ids: [f.userId], days: 7 };
    expect((await t.call('POST', '/mdr/api/v1/ops/shop/coupons/grant', { token: f.token, body })).code).toBe(
      E.NO_PERMISSION,
    );
    const noOne = { coupon_id: kind.id, days: 7 };
    expect(
      (await t.call('POST', '/mdr/api/v1/ops/shop/coupons/grant', { token: op, body: noOne })).code,
    ).toBe(E.BAD_REQUEST);
    const g = await t.call('POST', '/mdr/api/v1/ops/shop/coupons/grant', { token: op, body });
    expect(g.data.granted).toBe(1);
    const mine = await t.call('GET', `${P}/coupons?tab=usable`, { token: f.token });
    expect(mine.data.list.map((c: { name: string }) => c.name)).toEqual([kind.name]);
    const [a] = await rows(
      t.db,
      sql`select reason from ops_audit where action = 'coupon.grant' and target_id = ${String(kind.id)} order by id desc limit 1`,
    );
    expect(a.reason).toBe('users: 1');
  });
});
