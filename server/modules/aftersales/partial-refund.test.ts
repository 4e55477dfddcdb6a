/**
 * Partial refunds: an application about one order line pays back that line's paid amount (its goods less
 * its pro-rata share of the coupon), not the order's; the order goes back to where it was; stock comes
 * back for goods not with the buyer; the last line's refund pays back all that is left (shipping
 * included) and closes the order, so the refunds sum to what was paid; a refunded line cannot be refunded
 * again; a retried approval pays once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { fan, giveCoupon, key, OPS, P, paidOrder } from '../../test/shop-flow';
import { checkPointsInvariant } from '../points';

let t: TestApp;
let op: string;
let two: { id: number; price: number }[];

beforeAll(async () => {
  t = await createTestApp();
  op = (await t.loginByPhone('90000000')).token;
  const found = await rows(
    t.db,
    sql`select distinct on (k.product_id) k.id, k.price from shop_skus k
        join shop_products p on p.id = k.product_id where p.status = 1 and k.price between 5000 and 30000
        order by k.product_id, k.id limit 2`,
  );
  await t.db.execute(sql`update shop_skus set stock = 100 where id in (${found[0].id}, ${found[1].id})`);
  two = found.map((r) => ({ id: Number(r.id), price: Number(r.price) }));
});
afterAll(async () => t?.close());

const stockOf = async (skuId: number) =>
  Number((await rows(t.db, sql`select stock from shop_skus where id = ${skuId}`))[0].stock);

/** a fan's order of `qa` of the first SKU and one of the second, paid, shipped and received */
async function receivedOrder(phone: string, qa: number) {
  const f = await fan(t, phone);
  const [a, b] = two;
  const o = await paidOrder(t, f, a.id, {
    items: [
      { sku_id: a.id, quantity: qa },
      { sku_id: b.id, quantity: 1 },
    ],
  });
  expect(
    (await t.call('POST', `${OPS}/orders/${o.id}/ship`, { token: op, body: { carrier: 'sf' } })).code,
  ).toBe(0);
  expect((await t.call('POST', `${P}/orders/${o.id}/confirm`, { token: f.token, body: {} })).code).toBe(0);
  return { f, o };
}

/** the id of order `orderId`'s line of SKU `skuId` */
async function orderLine(orderId: number, skuId: number): Promise<number> {
  const [line] = await rows(
    t.db,
    sql`select id from shop_order_items where order_id = ${orderId} and sku_id = ${skuId}`,
  );
  return Number(line.id);
}

/** `token`'s after-sales application for one line of order `orderId` (a fresh idempotency key) */
const applyForLine = (
  token: string,
  orderId: number,
  lineId: number,
  kind: 'refund' | 'return_refund' = 'refund',
  reason = 'quality',
) =>
  t.call('POST', `${P}/after-sales`, {
    token,
    body: { idempotency_key: key(), order_id: orderId, order_item_id: lineId, kind, reason },
  });

describe('partial refunds', () => {
  it('one line at a time: its amount, stock back, order back; the last line closes it; sums match', async () => {
    const f = await fan(t, '64870001');
    const [a, b] = two;
    const coupon = await giveCoupon(t, f.userId, 10000, 2000);
    const o = await paidOrder(t, f, a.id, {
      items: [
        { sku_id: a.id, quantity: 2 },
        { sku_id: b.id, quantity: 1 },
      ],
      coupon_id: coupon,
    });
    const goods = 2 * a.price + b.price;
    expect(o.goods_amount).toBe(goods);
    const lines = await rows(
      t.db,
      sql`select id, sku_id from shop_order_items where order_id = ${o.id} order by id`,
    );
    const lineOf = (skuId: number) => Number(lines.find((l) => Number(l.sku_id) === skuId)?.id);
    const stockA = await stockOf(a.id);
    const stockB = await stockOf(b.id);
    // another fan cannot name this order's line
    const other = await fan(t, '64870002');
    const theirs = await applyForLine(other.token, o.id, lineOf(a.id));
    expect(theirs.code).toBe(E.NOT_FOUND);
    const body = {
      idempotency_key: key(),
      order_id: o.id,
      order_item_id: lineOf(a.id),
      kind: 'refund',
      reason: 'quality',
    };
    const apply = await t.call('POST', `${P}/after-sales`, { token: f.token, body });
    expect(apply.code, JSON.stringify(apply)).toBe(0);
    const lineA = 2 * a.price - Math.floor((2000 * 2 * a.price) / goods);
    expect(apply.data.amount).toBe(lineA);
    expect(apply.data.order_item_id).toBe(lineOf(a.id));
    expect(apply.data.item_count).toBe(2);
    // approved three times at once: paid back once
    const approvals = await Promise.all(
      [0, 1, 2].map(() =>
        t.call('POST', `${OPS}/after-sales/${apply.data.id}/approve`, { token: op, body: {} }),
      ),
    );
    expect(approvals.filter((r) => r.code === 0)).toHaveLength(1);
    const order = async () => (await t.call('GET', `${P}/orders/${o.id}`, { token: f.token })).data;
    // not shipped yet: the order waits for shipment again; the refunded line's stock is back
    expect((await order()).status).toBe('pending_shipment');
    expect(await stockOf(a.id)).toBe(stockA + 2);
    expect(await stockOf(b.id)).toBe(stockB);
    const [p1] = await rows(
      t.db,
      sql`select status, refunded_amount from shop_payments where order_id = ${o.id} and status <> 'pending'`,
    );
    expect(p1).toEqual({ status: 'paid', refunded_amount: lineA });
    // the same line again: refused
    const twice = await t.call('POST', `${P}/after-sales`, {
      token: f.token,
      body: { ...body, idempotency_key: key() },
    });
    expect(twice.code).toBe(E.AFTER_SALE_NOT_ALLOWED);
    // the last line: all that is left (its share and the shipping), the order closes
    const last = await applyForLine(f.token, o.id, lineOf(b.id));
    expect(last.code).toBe(0);
    expect(last.data.amount).toBe(o.pay_amount - lineA);
    expect(
      (await t.call('POST', `${OPS}/after-sales/${last.data.id}/approve`, { token: op, body: {} })).code,
    ).toBe(0);
    expect((await order()).status).toBe('closed');
    expect(await stockOf(b.id)).toBe(stockB + 1);
    const refunds = await rows(t.db, sql`select amount from shop_refunds where order_id = ${o.id}`);
    expect(refunds.map((r) => Number(r.amount)).sort((x, y) => x - y)).toEqual(
      [lineA, o.pay_amount - lineA].sort((x, y) => x - y),
    );
    const [p2] = await rows(
      t.db,
      sql`select status, refunded_amount, amount from shop_payments where order_id = ${o.id} and status <> 'pending'`,
    );
    expect(p2.status).toBe('refunded');
    expect(Number(p2.refunded_amount)).toBe(Number(p2.amount));
  });

  it('after completion: the line’s order points are taken back, the rest stay; the order stays completed', async () => {
    const [a] = two;
    const { f, o } = await receivedOrder('64870003', 1);
    const r = await t.call('POST', `${P}/orders/${o.id}/review`, {
      token: f.token,
      body: { stars: 4, content: '兩件都啱身，其中一件顏色唔係太啱' },
    });
    expect(r.code, JSON.stringify(r)).toBe(0);
    const balance = async () =>
      Number(
        (await rows(t.db, sql`select balance from points_accounts where user_id = ${f.userId}`))[0]
          ?.balance ?? 0,
      );
    const earned = Math.floor(o.pay_amount / 100) + 10;
    expect(await balance()).toBe(earned);
    const stock = await stockOf(a.id);
    const ap = await applyForLine(f.token, o.id, await orderLine(o.id, a.id));
    expect(ap.data.amount).toBe(a.price);
    expect(
      (await t.call('POST', `${OPS}/after-sales/${ap.data.id}/approve`, { token: op, body: {} })).code,
    ).toBe(0);
    expect((await t.call('GET', `${P}/orders/${o.id}`, { token: f.token })).data.status).toBe('completed');
    // refund only of goods the buyer keeps: no stock back
    expect(await stockOf(a.id)).toBe(stock);
    expect(await balance()).toBe(earned - Math.floor(a.price / 100));
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
  });

  it('return and refund of one line: the parcel’s number, the merchant’s receipt, then that line’s money and stock back', async () => {
    const [a, b] = two;
    const { f, o } = await receivedOrder('64870004', 2);
    const stockA = await stockOf(a.id);
    const stockB = await stockOf(b.id);
    const ap = await applyForLine(f.token, o.id, await orderLine(o.id, a.id), 'return_refund', 'size_fit');
    expect(ap.code, JSON.stringify(ap)).toBe(0);
    expect(ap.data.amount).toBe(2 * a.price);
    const id = ap.data.id;
    const order = async () => (await t.call('GET', `${P}/orders/${o.id}`, { token: f.token })).data;
    expect((await order()).status).toBe('refunding');
    const approved = await t.call('POST', `${OPS}/after-sales/${id}/approve`, { token: op, body: {} });
    expect(approved.data.status).toBe('waiting_receipt');
    // approval of a return pays nothing yet and takes nothing back into stock
    const refunds = () => rows(t.db, sql`select amount from shop_refunds where order_id = ${o.id}`);
    expect(await refunds()).toEqual([]);
    expect(await stockOf(a.id)).toBe(stockA);
    // the merchant cannot receive before the buyer names the parcel? it can (the parcel may arrive first),
    // but the buyer's number is recorded when given
    const sent = await t.call('POST', `${P}/after-sales/${id}/express`, {
      token: f.token,
      body: { carrier: 'sf', tracking_no: 'SF5566778899' },
    });
    expect(sent.code, JSON.stringify(sent)).toBe(0);
    expect(sent.data.return_tracking_no).toBe('SF5566778899');
    // received twice at once: refunded once
    const received = await Promise.all(
      [0, 1].map(() => t.call('POST', `${OPS}/after-sales/${id}/received`, { token: op, body: {} })),
    );
    expect(received.filter((r) => r.code === 0)).toHaveLength(1);
    const done = received.find((r) => r.code === 0);
    expect(done?.data.status).toBe('success');
    // that line's money, its two units back in stock, the other line untouched; the order goes back
    expect((await refunds()).map((r) => Number(r.amount))).toEqual([2 * a.price]);
    expect(await stockOf(a.id)).toBe(stockA + 2);
    expect(await stockOf(b.id)).toBe(stockB);
    const after = await order();
    expect(after.status).toBe('pending_review');
    expect(after.timeline.map((e: { event: string }) => e.event)).toContain('refund_partial');
    const [pay] = await rows(
      t.db,
      sql`select status, amount, refunded_amount from shop_payments where order_id = ${o.id} and status <> 'pending'`,
    );
    expect(pay).toMatchObject({ status: 'paid', refunded_amount: 2 * a.price });
    expect(Number(pay.amount) - Number(pay.refunded_amount)).toBe(o.pay_amount - 2 * a.price);
    expect((await checkPointsInvariant(t.db)).ok).toBe(true);
  });
});
