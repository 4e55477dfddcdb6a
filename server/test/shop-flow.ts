/** Shared steps of the coupons and after-sales API tests (tests only): a fan with an address, a paid order. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEV_PAYMENT_SECRET } from '../config';
import { rows } from '../db/rows';
import { type Flat, sign } from '../providers/payment/signing';
import type { TestApp } from './harness';

export const P = '/mdr/api/v1/shop';
export const OPS = '/mdr/api/v1/ops/shop';
let seq = 0;
export const key = () => `k${Date.now()}x${++seq}`;

const address = {
  receiver: '李嘉欣',
  area_code: '852',
  phone: '61234567',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-WC', name: '灣仔區' },
  ],
  detail: '告士打道 88 號 12 樓 C 室',
};

export type Fan = { token: string; userId: number; addressId: number };

export async function fan(t: TestApp, phone: string): Promise<Fan> {
  const { token, userId } = await t.loginByPhone(phone);
  const a = await t.call('POST', `${P}/addresses`, { token, body: address });
  expect(a.code).toBe(0);
  return { token, userId, addressId: a.data.id as number };
}

/** SKUs on sale with their price, cheapest first */
export async function skus(t: TestApp) {
  const found = await rows(
    t.db,
    sql`select k.id, k.price from shop_skus k join shop_products p on p.id = k.product_id
        where p.status = 1 order by k.price desc, k.id limit 6`,
  );
  await t.db.execute(
    sql`update shop_skus set stock = 500 where id in (${sql.join(
      found.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
  return found.map((r) => ({ id: Number(r.id), price: Number(r.price) }));
}

/** gives the fan a coupon: `threshold` / `discount` in HKD cents, valid from yesterday for `days` */
export async function giveCoupon(t: TestApp, userId: number, threshold: number, discount: number, days = 10) {
  const code = `test-${threshold}-${discount}-${++seq}`;
  const [c] = await rows(
    t.db,
    sql`insert into shop_coupons (code, name_zhhk, name_zhcn, name_zhtw, threshold, discount)
        values (${code}, '測試券', '测试券', '測試券', ${threshold}, ${discount}) returning id`,
  );
  const at = Date.now();
  const [u] = await rows(
    t.db,
    sql`insert into shop_user_coupons (coupon_id, user_id, starts_at, expires_at)
        values (${c.id}, ${userId}, ${new Date(at - 86_400_000)}, ${new Date(at + days * 86_400_000)}) returning id`,
  );
  return Number(u.id);
}

export function callback(t: TestApp, paymentNo: string, amount: number, status = 'paid') {
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

export async function order(t: TestApp, f: Fan, skuId: number, extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', `${P}/orders`, {
    token: f.token,
    body: {
      idempotency_key: key(),
      address_id: f.addressId,
      items: [{ sku_id: skuId, quantity: 1 }],
      ...extra,
    },
  });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data;
}

export async function paidOrder(t: TestApp, f: Fan, skuId: number, extra: Record<string, unknown> = {}) {
  const o = await order(t, f, skuId, extra);
  const p = await t.call('POST', `${P}/orders/${o.id}/pay`, {
    token: f.token,
    body: { idempotency_key: key() },
  });
  expect(p.code).toBe(0);
  expect((await callback(t, p.data.payment_no, o.pay_amount)).code).toBe(0);
  return o;
}
