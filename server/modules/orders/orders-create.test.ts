import { beforeAll, describe, expect, it } from 'vitest';
import { E } from '../../http/errors';
import type { TestApp } from '../../test/harness';
import { address, key, orderKit, P } from '../../test/order-steps';

let t: TestApp;
let skuA: number;
let skuB: number;
const { kit, steps, order } = orderKit();
const { callback, fan, setStock, stock } = steps;

beforeAll(() => {
  t = kit.t;
  [skuA, skuB] = kit.skus;
});

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
  it('makes one order for a key however often it is sent, and takes the stock once; a short line takes nothing', async () => {
    const f = await fan('64712001');
    await setStock(skuA, 10);
    await setStock(skuB, 10);
    const body = {
      idempotency_key: key(),
      address_id: f.addressId,
      items: [
        { sku_id: skuB, quantity: 1 },
        { sku_id: skuA, quantity: 2 },
      ],
    };
    const sent = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', `${P}/orders`, { token: f.token, body })),
    );
    expect(sent.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(sent.map((r) => r.data.id)).size).toBe(1);
    const again = await t.call('POST', `${P}/orders`, { token: f.token, body });
    expect(again.data.id).toBe(sent[0].data.id);
    expect(again.data.items).toHaveLength(2);
    expect(await stock(skuA)).toBe(8);
    expect(await stock(skuB)).toBe(9);
    // one line short: nothing is reserved, not even the line that had its units
    const short = await t.call('POST', `${P}/orders`, {
      token: f.token,
      body: {
        idempotency_key: key(),
        address_id: f.addressId,
        items: [
          { sku_id: skuA, quantity: 1 },
          { sku_id: skuB, quantity: 10 },
        ],
      },
    });
    expect(short.code).toBe(E.SHOP_STOCK_SHORT);
    expect(short.data).toMatchObject({ sku_id: skuB, stock: 9 });
    expect(await stock(skuA)).toBe(8);
    expect(await stock(skuB)).toBe(9);
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
