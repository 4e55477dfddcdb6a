/**
 * Orders through the API: creation with stock reserved (and idempotent), the parallel race for the last
 * units, payment through the sandbox gateway (idempotent; a late payment refunds instead of reviving),
 * cancel and the auto-cancel / auto-confirm timers on a fake clock, the owner-only rule, and the state
 * machine: no route takes an order along a transition the table does not hold.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PAYMENT_SECRET } from '../../config';
import { rows } from '../../db/rows';
import { fakeClock, resetClock } from '../../http/clock';
import { E } from '../../http/errors';
import { type Flat, sign } from '../../providers/payment/signing';
import { createTestApp, type TestApp } from '../../test/harness';
import { allowed, eventsFrom, ORDER_STATES, shipOrder, sweepOrders, TRANSITIONS } from '.';

let t: TestApp;
const P = '/mdr/api/v1/shop';
let seq = 0;
const key = () => `k${Date.now()}x${++seq}`;
let skuA: number;
let skuB: number;
/** the timer test's own SKU: a sweep also closes other tests' unpaid orders and gives back their units */
let skuC: number;

const address = {
  receiver: '陳大文',
  area_code: '852',
  phone: '91234567',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-WC', name: '灣仔區' },
  ],
  detail: '軒尼詩道 123 號 8 樓 A 室',
};

async function fan(phone: string) {
  const { token, userId } = await t.loginByPhone(phone);
  const a = await t.call('POST', `${P}/addresses`, { token, body: address });
  expect(a.code).toBe(0);
  return { token, userId, addressId: a.data.id as number };
}

async function stock(skuId: number): Promise<number> {
  const [r] = await rows(t.db, sql`select stock from shop_skus where id = ${skuId}`);
  return Number(r.stock);
}
async function setStock(skuId: number, n: number) {
  await t.db.execute(sql`update shop_skus set stock = ${n} where id = ${skuId}`);
}

async function order(f: { token: string; addressId: number }, items = [{ sku_id: skuA, quantity: 1 }]) {
  const res = await t.call('POST', `${P}/orders`, {
    token: f.token,
    body: { idempotency_key: key(), address_id: f.addressId, items },
  });
  expect(res.code).toBe(0);
  return res.data;
}

function callback(paymentNo: string, amount: number, status = 'paid') {
  const payload: Flat = {
    order_no: paymentNo,
    status,
    amount_cents: amount,
    currency: 'HKD',
    provider_txn: `SBXTEST${++seq}`,
    ts: Math.floor(Date.now() / 1000),
  };
  return t.call('POST', '/mdr/api/v1/payments/callback', {
    body: { ...payload, sign: sign(DEV_PAYMENT_SECRET, payload) },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const skus = await rows(
    t.db,
    sql`select k.id from shop_skus k join shop_products p on p.id = k.product_id
        where p.status = 1 and k.stock > 0 order by k.id limit 3`,
  );
  [skuA, skuB, skuC] = skus.map((r) => Number(r.id));
});
afterAll(async () => t?.close());
afterEach(() => resetClock());

describe('creating an order', () => {
  it('takes the cart’s ticked lines at today’s prices, reserves their stock, empties those lines, adds shipping', async () => {
    const f = await fan('64700001');
    await setStock(skuA, 10);
    await setStock(skuB, 10);
    await t.call('POST', `${P}/cart`, { token: f.token, body: { sku_id: skuA, quantity: 2 } });
    await t.call('POST', `${P}/cart`, { token: f.token, body: { sku_id: skuB, quantity: 1 } });
    const preview = await t.call('GET', `${P}/settlement`, { token: f.token });
    expect(preview.code).toBe(0);
    expect(preview.data.lines).toHaveLength(2);
    expect(preview.data.address.id).toBe(f.addressId);
    const body = { idempotency_key: key(), address_id: f.addressId, from_cart: true };
    const made = await t.call('POST', `${P}/orders`, { token: f.token, body });
    expect(made.code).toBe(0);
    const o = made.data;
    expect(o.status).toBe('pending_payment');
    expect(o.count).toBe(3);
    expect(o.goods_amount).toBe(preview.data.goods_amount);
    expect(o.shipping_fee).toBe(preview.data.shipping_fee);
    expect(o.pay_amount).toBe(o.goods_amount + o.shipping_fee);
    expect(o.shipping_fee).toBe(o.goods_amount >= 50000 ? 0 : 3000);
    expect(o.address.detail).toBe(address.detail);
    expect(o.timeline.map((e: { event: string }) => e.event)).toEqual(['create']);
    // the answer of the create is what a later read shows
    expect((await t.call('GET', `${P}/orders/${o.id}`, { token: f.token })).data).toEqual(o);
    expect(await stock(skuA)).toBe(8);
    expect(await stock(skuB)).toBe(9);
    expect((await t.call('GET', `${P}/cart`, { token: f.token })).data.list).toHaveLength(0);

    // a retried create answers the same order and reserves nothing more
    const again = await t.call('POST', `${P}/orders`, { token: f.token, body });
    expect(again.data.id).toBe(o.id);
    expect(await stock(skuA)).toBe(8);
  });

  it('refuses bad orders with their reasons and reserves nothing', async () => {
    const f = await fan('64700002');
    await setStock(skuA, 3);
    const cases: [string, Record<string, unknown>, number][] = [
      ['nothing ticked in the cart', { from_cart: true }, E.ORDER_EMPTY],
      ['no items', { items: [] }, E.ORDER_EMPTY],
      ['more than the stock', { items: [{ sku_id: skuA, quantity: 4 }] }, E.SHOP_STOCK_SHORT],
      [
        'the same SKU twice over the stock',
        {
          items: [
            { sku_id: skuA, quantity: 2 },
            { sku_id: skuA, quantity: 2 },
          ],
        },
        E.SHOP_STOCK_SHORT,
      ],
      ['an unknown SKU', { items: [{ sku_id: 999999, quantity: 1 }] }, E.NOT_FOUND],
      [
        'another fan’s address',
        { items: [{ sku_id: skuA, quantity: 1 }], address_id: 1 },
        E.ORDER_ADDRESS_MISSING,
      ],
      ['a zero quantity', { items: [{ sku_id: skuA, quantity: 0 }] }, E.BAD_REQUEST],
      ['a short key', { idempotency_key: 'x' }, E.BAD_REQUEST],
    ];
    const other = await fan('64700003');
    for (const [why, over, code] of cases) {
      const body = {
        idempotency_key: key(),
        address_id: f.addressId,
        ...over,
        ...(over.address_id ? { address_id: other.addressId } : {}),
      };
      const res = await t.call('POST', `${P}/orders`, { token: f.token, body });
      expect(res.code, why).toBe(code);
    }
    expect(await stock(skuA)).toBe(3);
    await setStock(skuB, 0);
    const sold = await t.call('POST', `${P}/orders`, {
      token: f.token,
      body: { idempotency_key: key(), address_id: f.addressId, items: [{ sku_id: skuB, quantity: 1 }] },
    });
    expect(sold.code).toBe(E.SHOP_SKU_UNAVAILABLE);
    // an order that fails on its second line gives back its first
    const half = await t.call('POST', `${P}/orders`, {
      token: f.token,
      body: {
        idempotency_key: key(),
        address_id: f.addressId,
        items: [
          { sku_id: skuA, quantity: 1 },
          { sku_id: skuB, quantity: 1 },
        ],
      },
    });
    expect(half.code).toBe(E.SHOP_SKU_UNAVAILABLE);
    expect(await stock(skuA)).toBe(3);
  });

  it('sells the last units exactly once: 30 parallel orders for 7 units, 7 succeed, stock 0', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, (_, i) => fan(`6471000${i}`)));
    await setStock(skuA, 7);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call('POST', `${P}/orders`, {
          token: fans[i % 6].token,
          body: {
            idempotency_key: key(),
            address_id: fans[i % 6].addressId,
            items: [{ sku_id: skuA, quantity: 1 }],
          },
        }),
      ),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(7);
    expect(
      codes.filter((c) => c !== 0).every((c) => c === E.SHOP_SKU_UNAVAILABLE || c === E.SHOP_STOCK_SHORT),
    ).toBe(true);
    expect(await stock(skuA)).toBe(0);
  });
  it('takes multi-line orders in parallel without deadlock, whatever order their lines come in', async () => {
    const fans = await Promise.all(Array.from({ length: 4 }, (_, i) => fan(`6471100${i}`)));
    await setStock(skuA, 100);
    await setStock(skuB, 100);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.call('POST', `${P}/orders`, {
          token: fans[i % 4].token,
          body: {
            idempotency_key: key(),
            address_id: fans[i % 4].addressId,
            items:
              i % 2
                ? [
                    { sku_id: skuA, quantity: 1 },
                    { sku_id: skuB, quantity: 2 },
                  ]
                : [
                    { sku_id: skuB, quantity: 2 },
                    { sku_id: skuA, quantity: 1 },
                  ],
          },
        }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(24).fill(0));
    expect(await stock(skuA)).toBe(76);
    expect(await stock(skuB)).toBe(52);
  });
});

describe('paying', () => {
  it('pays through the sandbox: same key same payment, the callback moves the order once', async () => {
    const f = await fan('64720001');
    await setStock(skuA, 5);
    const o = await order(f);
    const k = key();
    const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: k },
    });
    expect(pay.code).toBe(0);
    expect(pay.data.pay_url).toMatch(/^\/sandbox-pay\/SP/);
    expect(pay.data.amount).toBe(o.pay_amount);
    const retry = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: k },
    });
    expect(retry.data.payment_no).toBe(pay.data.payment_no);

    const wrong = await callback(pay.data.payment_no, o.pay_amount + 1);
    expect(wrong.code).toBe(E.PAYMENT_AMOUNT_MISMATCH);
    const paid = await callback(pay.data.payment_no, o.pay_amount);
    expect(paid.code).toBe(0);
    expect((await callback(pay.data.payment_no, o.pay_amount)).data).toEqual({
      status: 'paid',
      credited: false,
    });

    const d = await t.call('GET', `${P}/orders/${o.id}`, { token: f.token });
    expect(d.data.status).toBe('pending_shipment');
    expect(d.data.paid_at).not.toBeNull();
    expect(d.data.timeline.map((e: { event: string }) => e.event)).toEqual(['create', 'pay']);
    const status = await t.call('GET', `${P}/payments/${pay.data.payment_no}`, { token: f.token });
    expect(status.data).toMatchObject({ status: 'paid', order_id: o.id, order_status: 'pending_shipment' });
    // paying a paid order again with a new key is refused; with the old key it answers the settled payment
    const more = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    expect(more.code).toBe(E.ORDER_STATE);
    const old = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: k },
    });
    expect(old.data).toMatchObject({ status: 'paid', pay_url: null });

    const list = await t.call('GET', `${P}/orders?status=pending_shipment`, { token: f.token });
    expect(list.data.list.map((x: { id: number }) => x.id)).toEqual([o.id]);
    expect(list.data.counts).toMatchObject({ all: 1, pending_shipment: 1, pending_payment: 0 });
  });

  it('a gateway cancel leaves the order payable', async () => {
    const f = await fan('64720002');
    await setStock(skuA, 5);
    const o = await order(f);
    const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    expect((await callback(pay.data.payment_no, o.pay_amount, 'cancelled')).data.status).toBe('failed');
    const d = await t.call('GET', `${P}/orders/${o.id}`, { token: f.token });
    expect(d.data).toMatchObject({ status: 'pending_payment', can_pay: true });
  });
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
    expect(d.data.timeline.map((e: { event: string }) => e.event)).toEqual([
      'create',
      'pay',
      'ship',
      'auto_confirm',
    ]);
  });
});

describe('another fan’s orders', () => {
  it('are not found, whatever is asked of them', async () => {
    const alice = await fan('64740001');
    const bob = await fan('64740002');
    await setStock(skuA, 5);
    const o = await order(alice);
    for (const [method, url, body] of [
      ['GET', `${P}/orders/${o.id}`, undefined],
      ['POST', `${P}/orders/${o.id}/cancel`, {}],
      ['POST', `${P}/orders/${o.id}/confirm`, {}],
      ['POST', `${P}/orders/${o.id}/pay`, { idempotency_key: key() }],
    ] as const) {
      const res = await t.call(method, url, { token: bob.token, body });
      expect(res.code, `${method} ${url}`).toBe(E.NOT_FOUND);
    }
    const pay = await t.call('POST', `${P}/orders/${o.id}/pay`, {
      token: alice.token,
      body: { idempotency_key: key() },
    });
    expect((await t.call('GET', `${P}/payments/${pay.data.payment_no}`, { token: bob.token })).code).toBe(
      E.NOT_FOUND,
    );
    expect((await t.call('GET', `${P}/orders`, { token: bob.token })).data.total).toBe(0);
    expect((await t.call('GET', `${P}/orders/${o.id}`, { token: alice.token })).data.status).toBe(
      'pending_payment',
    );
  });
});

describe('the state machine', () => {
  it('has one way into each state and nothing out of closed', () => {
    // after-sales may still open on a completed order (server/modules/aftersales)
    expect(eventsFrom('completed')).toEqual(['refund_apply']);
    expect(eventsFrom('closed')).toEqual([]);
    expect(eventsFrom('pending_payment').sort()).toEqual(['auto_cancel', 'cancel', 'pay']);
    expect(allowed('pay', 'pending_payment', 'user')).toBe(false);
    expect(allowed('ship', 'pending_shipment', 'user')).toBe(false);
    for (const [, tr] of Object.entries(TRANSITIONS))
      for (const s of tr.from) expect(ORDER_STATES).toContain(s);
  });

  it('has a label for every state (status map, three scripts) and a timeline text for every event', () => {
    const statusMap = JSON.parse(readFileSync('screens/status/shop-order.json', 'utf8'));
    expect(Object.keys(statusMap.values).sort()).toEqual([...ORDER_STATES].sort());
    for (const lang of ['zhhk', 'zhcn', 'zhtw']) {
      const o = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')).orders;
      for (const s of ORDER_STATES) expect(o.status[s], `${lang} ${s}`).toBeTruthy();
      for (const e of [...Object.keys(TRANSITIONS), 'create'])
        expect(o.event[e], `${lang} ${e}`).toBeTruthy();
    }
  });

  it('lets no route take a transition the table does not hold, from any state a fan can reach', async () => {
    const f = await fan('64750001');
    await setStock(skuA, 20);
    // one order in each state reachable in this slice
    const byState: Record<string, number> = {};
    byState.pending_payment = (await order(f)).id;
    const closed = await order(f);
    await t.call('POST', `${P}/orders/${closed.id}/cancel`, { token: f.token, body: {} });
    byState.closed = closed.id;
    const paid = await order(f);
    const p1 = await t.call('POST', `${P}/orders/${paid.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    await callback(p1.data.payment_no, paid.pay_amount);
    byState.pending_shipment = paid.id;
    const shipped = await order(f);
    const p2 = await t.call('POST', `${P}/orders/${shipped.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    await callback(p2.data.payment_no, shipped.pay_amount);
    await shipOrder(t.db, shipped.id, 'SF Express', 'SF1');
    byState.pending_receipt = shipped.id;
    const received = await order(f);
    const p3 = await t.call('POST', `${P}/orders/${received.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    await callback(p3.data.payment_no, received.pay_amount);
    await shipOrder(t.db, received.id, 'SF Express', 'SF2');
    await t.call('POST', `${P}/orders/${received.id}/confirm`, { token: f.token, body: {} });
    byState.pending_review = received.id;

    const routeEvent = { cancel: 'cancel', confirm: 'confirm' } as const;
    for (const [state, id] of Object.entries(byState)) {
      expect((await t.call('GET', `${P}/orders/${id}`, { token: f.token })).data.status).toBe(state);
      for (const [route, event] of Object.entries(routeEvent)) {
        const res = await t.call('POST', `${P}/orders/${id}/${route}`, { token: f.token, body: {} });
        const ok = allowed(event, state, 'user');
        expect(res.code, `${route} from ${state}`).toBe(ok ? 0 : E.ORDER_STATE);
        if (ok) expect(res.data.status).toBe(TRANSITIONS[event].to);
      }
      // a fresh payment is only possible from pending payment
      const cur = (await t.call('GET', `${P}/orders/${id}`, { token: f.token })).data.status;
      const pay = await t.call('POST', `${P}/orders/${id}/pay`, {
        token: f.token,
        body: { idempotency_key: key() },
      });
      expect(pay.code, `pay from ${cur}`).toBe(cur === 'pending_payment' ? 0 : E.ORDER_STATE);
    }
    // the merchant's ship is refused from every state but pending shipment
    for (const id of [byState.closed, byState.pending_receipt, byState.pending_review])
      await expect(shipOrder(t.db, id, 'SF Express', 'SF9')).rejects.toMatchObject({ code: E.ORDER_STATE });
    // every recorded move is in the table
    const moves = await rows(
      t.db,
      sql`select event, from_status, to_status, actor from shop_order_events where from_status is not null`,
    );
    for (const m of moves) {
      const tr = TRANSITIONS[m.event as keyof typeof TRANSITIONS];
      expect(tr, String(m.event)).toBeDefined();
      expect(allowed(m.event as keyof typeof TRANSITIONS, String(m.from_status), m.actor as 'user')).toBe(
        true,
      );
      expect(m.to_status).toBe(tr.to);
    }
  });
});
