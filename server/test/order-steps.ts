/**
 * The orders API tests' shared steps (tests only): a fan with an address, an order of given lines, the
 * gateway's signed callback, a SKU's stock. Each test file keeps its own app and SKUs; these take them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DEV_PAYMENT_SECRET } from '../config';
import { rows } from '../db/rows';
import { resetClock } from '../http/clock';
import { type Flat, sign } from '../providers/payment/signing';
import { createTestApp, type TestApp } from './harness';

export const P = '/mdr/api/v1/shop';
let seq = 0;
export const key = () => `k${Date.now()}x${++seq}`;

export const address = {
  receiver: '陳大文',
  area_code: '852',
  phone: '91234567',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-WC', name: '灣仔區' },
  ],
  detail: '軒尼詩道 123 號 8 樓 A 室',
};

export type Buyer = { token: string; userId: number; addressId: number };

/** the steps bound to a test file's app (`app()` is read when a step runs, after beforeAll) */
export function orderSteps(app: () => TestApp) {
  async function fan(phone: string): Promise<Buyer> {
    const t = app();
    const { token, userId } = await t.loginByPhone(phone);
    const a = await t.call('POST', `${P}/addresses`, { token, body: address });
    expect(a.code).toBe(0);
    return { token, userId, addressId: a.data.id as number };
  }
  async function stock(skuId: number): Promise<number> {
    const [r] = await rows(app().db, sql`select stock from shop_skus where id = ${skuId}`);
    return Number(r.stock);
  }
  async function setStock(skuId: number, n: number) {
    await app().db.execute(sql`update shop_skus set stock = ${n} where id = ${skuId}`);
  }
  async function order(
    f: { token: string; addressId: number },
    items: { sku_id: number; quantity: number }[],
  ) {
    const res = await app().call('POST', `${P}/orders`, {
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
    return app().call('POST', '/mdr/api/v1/payments/callback', {
      body: { ...payload, sign: sign(DEV_PAYMENT_SECRET, payload) },
    });
  }
  /** an order paid through the sandbox (its payment number too) */
  async function paid(f: Buyer, items: { sku_id: number; quantity: number }[]) {
    const o = await order(f, items);
    const pay = await app().call('POST', `${P}/orders/${o.id}/pay`, {
      token: f.token,
      body: { idempotency_key: key() },
    });
    expect((await callback(pay.data.payment_no, o.pay_amount)).code).toBe(0);
    return o;
  }
  return { fan, stock, setStock, order, callback, paid };
}

/**
 * The one set-up of the orders test files: a fresh app before them (with three on-sale SKUs in stock,
 * by id), closed after them, the clock reset after each test. `kit.t` and `kit.skus` are set in its
 * beforeAll (hooks run in the order they are registered, so a file's own beforeAll after it sees them);
 * `order(f)` orders one of the first SKU.
 */
export function orderKit() {
  const kit = { t: undefined as unknown as TestApp, skus: [] as number[] };
  beforeAll(async () => {
    kit.t = await createTestApp();
    const found = await rows(
      kit.t.db,
      sql`select k.id from shop_skus k join shop_products p on p.id = k.product_id
          where p.status = 1 and k.stock > 0 order by k.id limit 3`,
    );
    kit.skus = found.map((r) => Number(r.id));
  });
  afterAll(async () => kit.t?.close());
  afterEach(() => resetClock());
  const steps = orderSteps(() => kit.t);
  const order = (f: Buyer, items = [{ sku_id: kit.skus[0], quantity: 1 }]) => steps.order(f, items);
  return { kit, steps, order };
}
