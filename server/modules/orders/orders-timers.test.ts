/**
 * Orders on a fake clock: a fan's cancel; the timers (auto-cancel of unpaid orders with their stock
 * released, a late payment refunded not revived; auto-confirm of shipped orders; auto-complete of
 * received orders never reviewed, crediting the order's points once and the review's not at all).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { fakeClock } from '../../http/clock';
import { E } from '../../http/errors';
import type { TestApp } from '../../test/harness';
import { key, orderKit, P } from '../../test/order-steps';
import { shipOrder, sweepOrders } from '.';

let t: TestApp;
let skuA: number;
/** the timer tests' own SKU: a sweep also closes other tests' unpaid orders and gives back their units */
let skuC: number;
const { kit, steps, order } = orderKit();
const { callback, fan, setStock, stock } = steps;

beforeAll(() => {
  t = kit.t;
  [skuA, , skuC] = kit.skus;
});

describe('cancel and the timers', () => {
  it('a fan cancels an unpaid order and its stock comes back; a paid order cannot be cancelled', async () => {
    const f = await fan('64730001');
    await setStock(skuA, 5);
    const o = await order(f, [{ sku_id: skuA, quantity: 2 }]);
    expect(await stock(skuA)).toBe(3);
    const c = await t.call('POST', `${P}/orders/${o.id}/cancel`, { token: f.token, body: {} });
    expect(c.code).toBe(0);
    expect(c.data).toMatchObject({ status: 'closed', close_reason: 'user_cancelled', can_pay: false });
    expect(await stock(skuA)).toBe(5);
    expect((await t.call('POST', `${P}/orders/${o.id}/cancel`, { token: f.token, body: {} })).code).toBe(
      E.ORDER_STATE,
    );
    expect(await stock(skuA)).toBe(5);
    const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    expect(pay.code).toBe(E.ORDER_STATE);
  });

  it('auto-cancels an unpaid order past its window and releases the stock; a late payment refunds, never revives', async () => {
    const clock = fakeClock();
    const f = await fan('64730002');
    await setStock(skuC, 5);
    const o = await order(f, [{ sku_id: skuC, quantity: 2 }]);
    const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    clock.advance(29 * 60_000);
    expect((await sweepOrders({ db: t.db })).cancelled).toBe(0);
    clock.advance(2 * 60_000);
    expect((await sweepOrders({ db: t.db })).cancelled).toBeGreaterThanOrEqual(1);
    expect(await stock(skuC)).toBe(5);
    const d = await t.call('GET', `${P}/orders/${o.id}`, { token: f.token });
    expect(d.data).toMatchObject({ status: 'closed', close_reason: 'timeout' });
    expect(d.data.timeline.at(-1)).toMatchObject({ event: 'auto_cancel', actor: 'system', to: 'closed' });

    const late = await callback(pay.data.payment_no, o.pay_amount);
    expect(late.code).toBe(E.ORDER_STATE);
    const status = await t.call('GET', `${P}/payments/${pay.data.payment_no}`, { token: f.token });
    expect(status.data).toMatchObject({ status: 'refund_due', order_status: 'closed' });
    expect(await stock(skuC)).toBe(5);
  });

  it('a payment arriving after the window (before any sweep) closes the order and refunds', async () => {
    const clock = fakeClock();
    const f = await fan('64730003');
    await setStock(skuA, 5);
    const o = await order(f);
    const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    clock.advance(31 * 60_000);
    expect((await callback(pay.data.payment_no, o.pay_amount)).code).toBe(E.ORDER_STATE);
    expect(await stock(skuA)).toBe(5);
    const d = await t.call('GET', `${P}/orders/${o.id}`, { token: f.token });
    expect(d.data.status).toBe('closed');
  });

  it('auto-confirms a shipped order after the countdown; the fan may confirm before', async () => {
    const clock = fakeClock();
    const f = await fan('64730004');
    await setStock(skuA, 5);
    const a = await order(f);
    const b = await order(f);
    for (const o of [a, b]) {
      const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
        token: f.token,
        body: { idempotency_key: key() },
      });
      expect((await callback(pay.data.payment_no, o.pay_amount)).code).toBe(0);
      await shipOrder(t.db, o.id, 'SF Express', `SF${o.id}0001`);
    }
    const mine = await t.call('POST', `${P}/orders/${a.id}/confirm`, { token: f.token, body: {} });
    expect(mine.data.status).toBe('pending_review');
    clock.advance(6 * 86_400_000);
    await sweepOrders({ db: t.db });
    expect((await t.call('GET', `${P}/orders/${b.id}`, { token: f.token })).data.status).toBe(
      'pending_receipt',
    );
    clock.advance(86_400_000 + 1000);
    await sweepOrders({ db: t.db });
    const d = await t.call('GET', `${P}/orders/${b.id}`, { token: f.token });
    expect(d.data.status).toBe('pending_review');
    expect(d.data.review_window_passed).toBe(false);
    expect(d.data.timeline.map((e: { event: string }) => e.event)).toEqual([
      'create',
      'pay',
      'ship',
      'auto_confirm',
    ]);
  });

  it('completes a received order never reviewed after the review window: the order’s points once, no review points', async () => {
    const clock = fakeClock();
    const f = await fan('64730005');
    await setStock(skuC, 5);
    const o = await steps.paid(f, [{ sku_id: skuC, quantity: 1 }]);
    await shipOrder(t.db, o.id, 'sf', `SF${o.id}0002`);
    expect((await t.call('POST', `${P}/orders/${o.id}/confirm`, { token: f.token, body: {} })).code).toBe(0);
    clock.advance(14 * 86_400_000);
    await sweepOrders({ db: t.db });
    const get = async () => (await t.call('GET', `${P}/orders/${o.id}`, { token: f.token })).data;
    expect((await get()).status).toBe('pending_review');
    clock.advance(86_400_000 + 1000);
    expect((await sweepOrders({ db: t.db })).completed).toBeGreaterThanOrEqual(1);
    const d = await get();
    expect(d.status).toBe('completed');
    expect(d.review_window_passed).toBe(true);
    expect(d.timeline.map((e: { event: string }) => e.event)).toEqual([
      'create',
      'pay',
      'ship',
      'confirm',
      'auto_complete',
    ]);
    const entries = async () =>
      rows(t.db, sql`select reason, amount from points_entries where user_id = ${f.userId} order by id`);
    expect(await entries()).toEqual([{ reason: 'order', amount: Math.floor(o.pay_amount / 100) }]);
    // another pass, and a late review, change nothing
    await sweepOrders({ db: t.db });
    const late = await t.call('POST', `${P}/orders/${o.id}/review`, {
      token: f.token,
      body: { stars: 5, content: '遲咗評價，質素好好' },
    });
    expect(late.code).toBe(E.REVIEW_NOT_ALLOWED);
    expect(await entries()).toHaveLength(1);
  });
});
