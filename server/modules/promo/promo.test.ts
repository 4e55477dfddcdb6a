/**
 * Share links and promotion income through the API: a stable share code; an order bought through it
 * records the sharer (never the buyer himself); paying opens a pending commission, completing (the
 * review) credits it once to the sharer's ecommerce ledger (sum of entries = balance); a refund before
 * completion voids it, after completion takes it back; the income is withdrawn through the bank-card
 * withdrawals; another fan's records are invisible.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { type Fan, fan, giveCoupon, key, OPS, P, paidOrder, skus } from '../../test/shop-flow';
import { checkLedgerInvariant } from '../wallet';

let t: TestApp;
let sku: { id: number; price: number };
let op: string;
let products: Map<number, number>;
/** the product a SKU belongs to (the share link names the product) */
const productOf = (skuId: number) => products.get(skuId) as number;
const R = '/byn/api/v1/user/promotion-records';
const SUMMARY = '/mdr/api/v1/user/ecommerce';

beforeAll(async () => {
  t = await createTestApp();
  [sku] = await skus(t);
  op = (await t.loginByPhone('90000000')).token;
  const all = await rows(t.db, sql`select id, product_id from shop_skus`);
  products = new Map(all.map((r) => [Number(r.id), Number(r.product_id)]));
});
afterAll(async () => t?.close());

async function codeOf(f: { token: string }) {
  const r = await t.call('GET', '/mdr/api/v1/promo/share-code', { token: f.token });
  expect(r.code).toBe(0);
  return r.data.code as string;
}

async function complete(f: Fan, orderId: number) {
  const s = await t.call('POST', `${OPS}/orders/${orderId}/ship`, { token: op, body: { carrier: 'sf' } });
  expect(s.code, JSON.stringify(s)).toBe(0);
  expect((await t.call('POST', `${P}/orders/${orderId}/confirm`, { token: f.token, body: {} })).code).toBe(0);
  const r = await t.call('POST', `${P}/orders/${orderId}/review`, {
    token: f.token,
    body: { stars: 5, content: '朋友介紹買嘅，質地唔錯' },
  });
  expect(r.code, JSON.stringify(r)).toBe(0);
}

async function refund(f: Fan, orderId: number) {
  const a = await t.call('POST', `${P}/after-sales`, {
    token: f.token,
    body: { idempotency_key: key(), order_id: orderId, kind: 'refund', reason: 'changed_mind' },
  });
  expect(a.code, JSON.stringify(a)).toBe(0);
  const d = await t.call('POST', `${OPS}/after-sales/${a.data.id}/approve`, { token: op, body: {} });
  expect(d.code, JSON.stringify(d)).toBe(0);
}

const summary = async (f: Fan) => (await t.call('GET', SUMMARY, { token: f.token })).data;
const records = async (f: Fan) => (await t.call('GET', R, { token: f.token })).data;

describe('share codes', () => {
  it('are stable per user, differ between users, and need a login', async () => {
    const a = await fan(t, '64850001');
    const b = await fan(t, '64850002');
    const code = await codeOf(a);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(await codeOf(a)).toBe(code);
    expect(await codeOf(b)).not.toBe(code);
    expect((await t.call('GET', '/mdr/api/v1/promo/share-code')).code).not.toBe(0);
    expect((await t.call('GET', SUMMARY)).code).not.toBe(0);
  });
});

describe('commission', () => {
  it('pending when paid, credited once on completion, into the ledger', async () => {
    const sharer = await fan(t, '64850011');
    const buyer = await fan(t, '64850012');
    const code = await codeOf(sharer);
    const o = await paidOrder(t, buyer, sku.id, { share_code: code, share_product_id: productOf(sku.id) });
    const [row] = await rows(t.db, sql`select sharer_id from shop_orders where id = ${o.id}`);
    expect(Number(row.sharer_id)).toBe(sharer.userId);
    const expected = Math.floor((o.goods_amount - o.discount) * 0.05);
    expect(expected).toBeGreaterThan(0);
    let s = await summary(sharer);
    expect(s).toMatchObject({
      pending: expected,
      available: 0,
      total_earned: 0,
      orders: 1,
      share_code: code,
    });
    const [pending] = (await records(sharer)).list;
    expect(pending).toMatchObject({ order_id: o.id, state: 'pending', amount_cents: expected });
    expect(pending.buyer).toMatch(/\*\*$/);
    await complete(buyer, o.id);
    s = await summary(sharer);
    expect(s).toMatchObject({ pending: 0, available: expected, total_earned: expected, credited_orders: 1 });
    const detail = await t.call('GET', `${R}/${pending.id}`, { token: sharer.token });
    expect(detail.data).toMatchObject({ state: 'credited', order_status: 'completed' });
    expect(detail.data.credited_ms).toBeGreaterThan(0);
    const entries = await rows(
      t.db,
      sql`select amount, type from ledger_entries where user_id = ${sharer.userId} and account = 'ecommerce'`,
    );
    expect(entries.map((e) => [Number(e.amount), e.type])).toEqual([[expected, 'promo_commission']]);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });

  it('never for a self-share, and an unknown code records no one', async () => {
    const me = await fan(t, '64850021');
    const code = await codeOf(me);
    const own = await paidOrder(t, me, sku.id, { share_code: code, share_product_id: productOf(sku.id) });
    const unknown = await paidOrder(t, me, sku.id, { share_code: 'ZZZZ9999' });
    const found = await rows(
      t.db,
      sql`select sharer_id from shop_orders where id in (${own.id}, ${unknown.id})`,
    );
    expect(found.map((r) => r.sharer_id)).toEqual([null, null]);
    await complete(me, own.id);
    expect(await summary(me)).toMatchObject({ orders: 0, available: 0, pending: 0 });
    // a mangled link's code is no one's (the order goes through); an absurdly long one is bad input
    const mangled = await paidOrder(t, me, sku.id, { share_code: "x'--" });
    const [m] = await rows(t.db, sql`select sharer_id from shop_orders where id = ${mangled.id}`);
    expect(m.sharer_id).toBeNull();
    const bad = await t.call('POST', `${P}/orders`, {
      token: me.token,
      body: {
        idempotency_key: key(),
        address_id: me.addressId,
        items: [{ sku_id: sku.id, quantity: 1 }],
        share_code: 'A'.repeat(40),
      },
    });
    expect(bad.code).toBe(E.BAD_REQUEST);
  });

  it('nothing for an order refunded before completion; taken back when refunded after', async () => {
    const sharer = await fan(t, '64850031');
    const buyer = await fan(t, '64850032');
    const code = await codeOf(sharer);
    const early = await paidOrder(t, buyer, sku.id, {
      share_code: code,
      share_product_id: productOf(sku.id),
    });
    await refund(buyer, early.id);
    let s = await summary(sharer);
    expect(s).toMatchObject({ pending: 0, available: 0, total_earned: 0 });
    expect((await records(sharer)).list[0]).toMatchObject({ order_id: early.id, state: 'void' });

    const late = await paidOrder(t, buyer, sku.id, { share_code: code, share_product_id: productOf(sku.id) });
    await complete(buyer, late.id);
    const credited = (await summary(sharer)).available;
    expect(credited).toBeGreaterThan(0);
    await refund(buyer, late.id);
    s = await summary(sharer);
    expect(s).toMatchObject({ available: 0, total_earned: 0 });
    const [rec] = (await t.call('GET', `${R}?state=reversed`, { token: sharer.token })).data.list;
    expect(rec).toMatchObject({ order_id: late.id, reversed_cents: credited });
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });

  it("another fan's records are invisible; bad ids and states are refused", async () => {
    const sharer = await fan(t, '64850041');
    const buyer = await fan(t, '64850042');
    await paidOrder(t, buyer, sku.id, {
      share_code: await codeOf(sharer),
      share_product_id: productOf(sku.id),
    });
    const [rec] = (await records(sharer)).list;
    expect((await t.call('GET', `${R}/${rec.id}`, { token: buyer.token })).code).toBe(E.NOT_FOUND);
    expect((await records(buyer)).total).toBe(0);
    expect((await t.call('GET', `${R}/abc`, { token: sharer.token })).code).toBe(E.BAD_REQUEST);
    expect((await t.call('GET', `${R}?state=paid`, { token: sharer.token })).code).toBe(E.BAD_REQUEST);
  });
});

describe('withdrawal of promotion income', () => {
  it('through the bank-card withdrawals, in whole HKD, back on failure', async () => {
    const sharer = await fan(t, '64850051');
    const buyer = await fan(t, '64850052');
    const code = await codeOf(sharer);
    // enough income to pass the minimum: a pricier basket, completed
    for (let i = 0; i < 3; i++) {
      const o = await paidOrder(t, buyer, sku.id, { share_code: code, share_product_id: productOf(sku.id) });
      await complete(buyer, o.id);
    }
    const before = (await summary(sharer)).available;
    const card = await t.call('POST', '/mdr/api/v1/international/user-banks', {
      token: sharer.token,
      body: {
        holder_name: 'Wong Ka Ho',
        id_type: 'hkid',
        id_number: 'A123456(3)',
        bank_id: '004',
        card_number: '4111111111111111',
        branch: 'Mong Kok',
        phone: '64850051',
      },
    });
    expect(card.code, JSON.stringify(card)).toBe(0);
    const dollars = Math.floor(before / 100);
    expect(dollars).toBeGreaterThanOrEqual(100);
    const withdraw = (amount: number) =>
      t.call('POST', '/mdr/api/v1/user/withdraw-records', {
        token: sharer.token,
        body: { amount, user_bank_id: card.data.id, idempotency_key: key(), account: 'ecommerce' },
      });
    expect((await withdraw(99)).code).toBe(E.WITHDRAW_BELOW_MIN);
    expect((await withdraw(dollars + 1)).code).toBe(E.INSUFFICIENT_INCOME);
    const w = await withdraw(dollars);
    expect(w.code, JSON.stringify(w)).toBe(0);
    expect(w.data.account).toBe('ecommerce');
    let s = await summary(sharer);
    expect(s.available).toBe(before - dollars * 100);
    expect(s.withdrawing).toBe(dollars * 100);
    const mine = await t.call('GET', '/mdr/api/v1/user/withdraw-records?account=ecommerce', {
      token: sharer.token,
    });
    expect(mine.data.list.map((x: { id: number }) => x.id)).toEqual([w.data.id]);
    const income = await t.call('GET', '/mdr/api/v1/user/withdraw-records', { token: sharer.token });
    expect(income.data.total).toBe(0);
    const failed = await t.call('POST', `/mdr/api/v1/ops/withdrawals/${w.data.id}/failed`, {
      token: op,
      body: { reason: '戶口名稱不符' },
    });
    expect(failed.code, JSON.stringify(failed)).toBe(0);
    s = await summary(sharer);
    expect(s.available).toBe(before);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });
});

describe('commission per line', () => {
  it('counts the shared product’s lines only (less their share of the coupon), and follows a partial refund', async () => {
    const sharer = await fan(t, '64850071');
    const buyer = await fan(t, '64850072');
    const code = await codeOf(sharer);
    const two = await rows(
      t.db,
      sql`select distinct on (k.product_id) k.id, k.product_id, k.price from shop_skus k
          join shop_products p on p.id = k.product_id where p.status = 1 and k.price >= 10000
          order by k.product_id, k.id limit 2`,
    );
    await t.db.execute(sql`update shop_skus set stock = 500 where id in (${two[0].id}, ${two[1].id})`);
    const [shared, other] = two.map((r) => ({
      id: Number(r.id),
      product: Number(r.product_id),
      price: Number(r.price),
    }));
    const coupon = await giveCoupon(t, buyer.userId, 10000, 5000);
    const o = await paidOrder(t, buyer, shared.id, {
      items: [
        { sku_id: shared.id, quantity: 1 },
        { sku_id: other.id, quantity: 2 },
      ],
      coupon_id: coupon,
      share_code: code,
      share_product_id: shared.product,
    });
    const goods = shared.price + 2 * other.price;
    expect(o.goods_amount).toBe(goods);
    expect(o.discount).toBe(5000);
    const base = shared.price - Math.floor((5000 * shared.price) / goods);
    const [c] = await rows(
      t.db,
      sql`select base_cents, amount_cents, product_id from promo_commissions where order_id = ${o.id}`,
    );
    expect(Number(c.base_cents)).toBe(base);
    expect(Number(c.amount_cents)).toBe(Math.floor(base * 0.05));
    expect(Number(c.product_id)).toBe(shared.product);
    // the other product's two lines counted for nothing; completing credits the shared line's commission
    await complete(buyer, o.id);
    expect(await summary(sharer)).toMatchObject({ available: Math.floor(base * 0.05) });
    // the buyer refunds the shared line: the commission falls to zero, the credited part is taken back
    const [line] = await rows(
      t.db,
      sql`select id from shop_order_items where order_id = ${o.id} and sku_id = ${shared.id}`,
    );
    const a = await t.call('POST', `${P}/after-sales`, {
      token: buyer.token,
      body: {
        idempotency_key: key(),
        order_id: o.id,
        order_item_id: Number(line.id),
        kind: 'refund',
        reason: 'quality',
      },
    });
    expect(a.code, JSON.stringify(a)).toBe(0);
    expect(a.data.amount).toBe(base);
    expect(
      (await t.call('POST', `${OPS}/after-sales/${a.data.id}/approve`, { token: op, body: {} })).code,
    ).toBe(0);
    const [after] = await rows(
      t.db,
      sql`select amount_cents, state from promo_commissions where order_id = ${o.id}`,
    );
    expect(after).toMatchObject({ amount_cents: 0, state: 'credited' });
    expect(await summary(sharer)).toMatchObject({ available: 0 });
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });
});

describe('an old share link that names no product', () => {
  it('earns no commission and leaves no record (commission is on the shared product), even when completed', async () => {
    const sharer = await fan(t, '64850081');
    const buyer = await fan(t, '64850082');
    const o = await paidOrder(t, buyer, sku.id, { share_code: await codeOf(sharer) });
    const [row] = await rows(
      t.db,
      sql`select sharer_id, share_product_id from shop_orders where id = ${o.id}`,
    );
    // who shared it is noted on the order, no product
    expect(row).toEqual({ sharer_id: sharer.userId, share_product_id: null });
    await complete(buyer, o.id);
    const c = await rows(t.db, sql`select id from promo_commissions where order_id = ${o.id}`);
    expect(c).toEqual([]);
    expect((await records(sharer)).total).toBe(0);
    expect(await summary(sharer)).toMatchObject({ available: 0 });
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });
});
