/**
 * Recharge orders list, "continue paying" and expiry. Time passing is simulated by backdating an
 * order's created_at in the database (the deadline is judged on the database clock).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, yunCoinOrders } from '../../db/schema';
import { E } from '../../http/errors';
import { type Flat, sign } from '../../providers/payment/signing';
import { createTestApp, type TestApp } from '../../test/harness';
import { RECHARGE_ORDER_TTL_MS } from './config';
import { checkLedgerInvariant } from './ledger';
import { expireDue } from './recharge-expiry';

let t: TestApp;
let carol: string;
let dave: string;
let seq = 0;
const key = () => `x-${Date.now()}-${++seq}`;
const ORDERS = '/mdr/api/v1/user/yun-coin-orders';

beforeAll(async () => {
  t = await createTestApp();
  carol = (await t.loginByPhone('62000011', '852')).token;
  dave = (await t.loginByPhone('62000012', '852')).token;
});
afterAll(async () => {
  await t?.close();
});

async function order(token: string, packageId = 'hkd100') {
  const res = await t.call('POST', ORDERS, {
    token,
    body: { package_id: packageId, pay_method: 'card', idempotency_key: key() },
  });
  expect(res.code).toBe(0);
  return res.data.order as { order_no: string; price_cents: number; coins: number };
}

/** makes the order `ageMs` old */
async function age(orderNo: string, ageMs: number) {
  await t.db
    .update(yunCoinOrders)
    .set({ createdAt: sql`now() - ${sql.raw(`interval '${Math.floor(ageMs)} milliseconds'`)}` })
    .where(eq(yunCoinOrders.orderNo, orderNo));
}

function callback(orderNo: string, amountCents: number, status = 'paid') {
  const payload: Flat = {
    order_no: orderNo,
    status,
    amount_cents: amountCents,
    currency: 'HKD',
    provider_txn: `T${++seq}`,
    ts: Math.floor(Date.now() / 1000),
  };
  return t.call('POST', '/mdr/api/v1/payments/callback', {
    body: { ...payload, sign: sign(t.config.paymentSecret, payload) },
  });
}

const coins = async (token: string) =>
  (await t.call('GET', '/mdr/api/v1/user/wallets', { token })).data.coins as number;
const get = async (token: string, no: string) => (await t.call('GET', `${ORDERS}/${no}`, { token })).data;
const credits = async (no: string) =>
  (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, no))).length;

describe('recharge orders list', () => {
  it('lists own orders newest first with coins, bonus, price, pay method name and a status label', async () => {
    const paid = await order(carol, 'hkd50');
    expect((await callback(paid.order_no, 5000)).code).toBe(0);
    const cancelled = await order(carol, 'hkd10');
    expect((await callback(cancelled.order_no, 1000, 'cancelled')).code).toBe(0);
    const pending = await order(carol);
    const res = await t.call('GET', `${ORDERS}?page=1&size=10`, {
      token: carol,
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.code).toBe(0);
    const byNo = Object.fromEntries(res.data.list.map((o: { order_no: string }) => [o.order_no, o]));
    expect(res.data.list[0].order_no).toBe(pending.order_no);
    expect(byNo[pending.order_no]).toMatchObject({
      display_status: 'pending',
      can_pay: true,
      price: '100.00',
    });
    expect(byNo[paid.order_no]).toMatchObject({
      display_status: 'paid',
      can_pay: false,
      coins: 52,
      bonus_coins: 2,
      pay_method_name: '信用卡／金融卡',
    });
    expect(byNo[cancelled.order_no]).toMatchObject({ status: 'failed', display_status: 'cancelled' });
    expect(byNo[pending.order_no].expires_ms - byNo[pending.order_no].created_ms).toBe(RECHARGE_ORDER_TTL_MS);
  });

  it('never answers 5xx to bad paging; bad values are 100400, good ones page', async () => {
    // size: one paging limit everywhere (http/route-kit.ts)
    const bad = ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=1e99', 'size=0', 'size=101', 'size=x'];
    const odd = ['page=', 'page[]=1', 'page=1&page=2', 'size=%00', 'page=99999', 'size=50&page=100000'];
    for (const q of [...bad, ...odd]) {
      const res = await t.call('GET', `${ORDERS}?${q}`, { token: carol });
      expect(res.status, q).toBeLessThan(500);
      expect([0, E.BAD_REQUEST], q).toContain(res.code);
    }
    for (const q of bad)
      expect((await t.call('GET', `${ORDERS}?${q}`, { token: carol })).code, q).toBe(E.BAD_REQUEST);
    const far = await t.call('GET', `${ORDERS}?page=99999&size=10`, { token: carol });
    expect(far.data.list).toEqual([]);
  });

  it("another user's orders are neither listed, readable nor payable by order number", async () => {
    const o = await order(carol);
    const list = await t.call('GET', `${ORDERS}?size=50`, { token: dave });
    expect(list.data.list.some((x: { order_no: string }) => x.order_no === o.order_no)).toBe(false);
    expect((await t.call('GET', `${ORDERS}/${o.order_no}`, { token: dave })).code).toBe(E.NOT_FOUND);
    expect((await t.call('POST', `${ORDERS}/${o.order_no}/pay`, { token: dave, body: {} })).code).toBe(
      E.NOT_FOUND,
    );
    expect((await get(carol, o.order_no)).status).toBe('pending');
  });
});

describe('continue paying', () => {
  it('gives a fresh pay page for a pending order; refuses paid, cancelled and bad input', async () => {
    const o = await order(carol);
    const res = await t.call('POST', `${ORDERS}/${o.order_no}/pay`, { token: carol, body: {} });
    expect(res.code).toBe(0);
    expect(res.data.pay_url).toContain(`/sandbox-pay/${o.order_no}?`);
    const page = await t.app.inject({ method: 'GET', url: res.data.pay_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('HK$100.00');
    // the app always posts a JSON object; anything else is a clean 100400
    expect((await t.call('POST', `${ORDERS}/${o.order_no}/pay`, { token: carol })).code).toBe(E.BAD_REQUEST);
    expect((await t.call('POST', `${ORDERS}/${o.order_no}/pay`, { token: carol, body: { x: 1 } })).code).toBe(
      E.BAD_REQUEST,
    );
    expect((await t.call('POST', `${ORDERS}/bad-no!/pay`, { token: carol, body: {} })).code).toBe(
      E.BAD_REQUEST,
    );
    expect((await callback(o.order_no, 10000)).code).toBe(0);
    expect((await t.call('POST', `${ORDERS}/${o.order_no}/pay`, { token: carol, body: {} })).code).toBe(
      E.ORDER_STATE,
    );
    const c = await order(carol, 'hkd10');
    await callback(c.order_no, 1000, 'cancelled');
    expect((await t.call('POST', `${ORDERS}/${c.order_no}/pay`, { token: carol, body: {} })).code).toBe(
      E.ORDER_STATE,
    );
  });
});

describe('expiry', () => {
  it('an order inside its window stays payable; past it, it reads expired and cannot be resumed', async () => {
    const young = await order(carol);
    await age(young.order_no, RECHARGE_ORDER_TTL_MS - 60_000);
    expect(await get(carol, young.order_no)).toMatchObject({ status: 'pending', can_pay: true });
    const old = await order(carol);
    await age(old.order_no, RECHARGE_ORDER_TTL_MS + 1000);
    expect(await get(carol, old.order_no)).toMatchObject({
      status: 'expired',
      display_status: 'expired',
      can_pay: false,
    });
    expect((await t.call('POST', `${ORDERS}/${old.order_no}/pay`, { token: carol, body: {} })).code).toBe(
      E.ORDER_STATE,
    );
  });

  it('a paid callback after expiry credits nothing, answers 110306 and the order stays expired', async () => {
    const before = await coins(dave);
    // expired by the lazy read first
    const a = await order(dave);
    const b = await order(dave, 'hkd50');
    await age(a.order_no, RECHARGE_ORDER_TTL_MS + 1000);
    expect((await get(dave, a.order_no)).status).toBe('expired');
    // and one nobody looked at (aged after that read): the callback itself finds it past its window
    await age(b.order_no, RECHARGE_ORDER_TTL_MS + 1000);
    const [row] = await t.db.select().from(yunCoinOrders).where(eq(yunCoinOrders.orderNo, b.order_no));
    expect(row.status).toBe('pending');
    // b first: reading a's order afterwards expires b lazily too
    for (const [o, cents] of [
      [b, 5000],
      [a, 10000],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await callback(o.order_no, cents);
        expect(res.code).toBe(E.ORDER_STATE);
        expect(res.status).toBeLessThan(500);
      }
      expect((await get(dave, o.order_no)).status).toBe('expired');
      expect(await credits(o.order_no)).toBe(0);
    }
    expect(await coins(dave)).toBe(before);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });

  it('the sweep expires due pending orders of every user and leaves paid, failed and fresh ones', async () => {
    const due = [await order(carol), await order(dave)];
    const paid = await order(carol);
    await callback(paid.order_no, 10000);
    const failed = await order(dave);
    await callback(failed.order_no, 10000, 'failed');
    const fresh = await order(dave);
    for (const o of [...due, paid, failed]) await age(o.order_no, RECHARGE_ORDER_TTL_MS + 5000);
    expect(await expireDue(t.db)).toBeGreaterThanOrEqual(2);
    const row = async (no: string) =>
      (await t.db.select().from(yunCoinOrders).where(eq(yunCoinOrders.orderNo, no)))[0].status;
    expect(await row(due[0].order_no)).toBe('expired');
    expect(await row(due[1].order_no)).toBe('expired');
    expect(await row(paid.order_no)).toBe('paid');
    expect(await row(failed.order_no)).toBe('failed');
    expect(await row(fresh.order_no)).toBe('pending');
    expect(await expireDue(t.db)).toBe(0);
  });

  it('callbacks racing the sweep at the deadline: every order is paid and credited once, or expired and never credited', async () => {
    const before = await coins(carol);
    const orders = await Promise.all(Array.from({ length: 12 }, () => order(carol, 'hkd10')));
    // half inside their window, half past it; callbacks and sweeps all in flight at once
    await Promise.all(orders.map((o, i) => age(o.order_no, RECHARGE_ORDER_TTL_MS + (i % 2 ? 5000 : -5000))));
    await Promise.all(
      orders.flatMap((o) => [callback(o.order_no, 1000), expireDue(t.db), callback(o.order_no, 1000)]),
    );
    let paid = 0;
    for (const o of orders) {
      const [row] = await t.db.select().from(yunCoinOrders).where(eq(yunCoinOrders.orderNo, o.order_no));
      const n = await credits(o.order_no);
      expect(['paid', 'expired'], o.order_no).toContain(row.status);
      expect(n, o.order_no).toBe(row.status === 'paid' ? 1 : 0);
      if (row.status === 'paid') paid++;
    }
    expect(paid).toBe(orders.length / 2);
    expect(await coins(carol)).toBe(before + paid * 10);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });
});
