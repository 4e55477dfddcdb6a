import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E } from '../../http/errors';
import { type Flat, sign } from '../../providers/payment/signing';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkLedgerInvariant } from './ledger';

let t: TestApp;
let alice: string;
let bob: string;
let seq = 0;
const key = () => `k-${Date.now()}-${++seq}`;

beforeAll(async () => {
  t = await createTestApp();
  alice = (await t.loginByPhone('62000001', '852')).token;
  bob = (await t.loginByPhone('62000002', '852')).token;
});
afterAll(async () => {
  await t?.close();
});

async function order(token: string, packageId = 'hkd100') {
  const res = await t.call('POST', '/mdr/api/v1/user/yun-coin-orders', {
    token,
    body: { package_id: packageId, pay_method: 'card', idempotency_key: key() },
  });
  expect(res.code).toBe(0);
  return res.data as { order: { order_no: string; price_cents: number; status: string }; pay_url: string };
}

function callback(orderNo: string, over: Partial<Flat> = {}, secret = t.config.paymentSecret) {
  const payload: Flat = {
    order_no: orderNo,
    status: 'paid',
    amount_cents: 10000,
    currency: 'HKD',
    provider_txn: `T${++seq}`,
    ts: Math.floor(Date.now() / 1000),
    ...over,
  };
  return t.call('POST', '/mdr/api/v1/payments/callback', {
    body: { ...payload, sign: sign(secret, payload) },
  });
}

const coins = async (token: string) =>
  (await t.call('GET', '/mdr/api/v1/user/wallets', { token })).data.coins as number;

describe('recharge', () => {
  it('lists the packages of the recharge protocol and the pay methods with support flags', async () => {
    const res = await t.call('GET', '/mdr/api/v1/config/recharge-packages', {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.code).toBe(0);
    expect(
      res.data.packages.map((p: { price_cents: number; coins: number }) => [p.price_cents / 100, p.coins]),
    ).toEqual([
      [10, 10],
      [50, 52],
      [100, 105],
      [300, 320],
      [500, 540],
      [1000, 1100],
    ]);
    expect(res.data.pay_methods.find((m: { id: string }) => m.id === 'card')).toMatchObject({
      supported: true,
      name: '信用卡／借记卡',
    });
    expect(res.data.pay_methods.some((m: { supported: boolean }) => !m.supported)).toBe(true);
  });

  it('goes through the sandbox page: confirm → signed callback → paid, coins credited once, back to the app', async () => {
    const { order: o, pay_url } = await order(alice);
    expect(o.status).toBe('pending');
    const page = await t.app.inject({ method: 'GET', url: pay_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('HK$100.00');
    expect(page.body).toContain(o.order_no);
    // post back exactly the hidden fields of the confirm form, as the browser would
    const form = /<form method="post" action="([^"]+)">(.*?)<\/form>/.exec(page.body);
    expect(form?.[1]).toMatch(/\/confirm$/);
    const fields = [...(form?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, k, v]) => [
      k,
      v.replace(/&#38;/g, '&'),
    ]);
    const done = await t.app.inject({
      method: 'POST',
      url: form?.[1] as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/#/pay/status/index?order_no=${o.order_no}`);
    const status = await t.call('GET', `/mdr/api/v1/user/yun-coin-orders/${o.order_no}`, { token: alice });
    expect(status.data.status).toBe('paid');
    expect(await coins(alice)).toBe(105);
    // the user centre shows the same balance
    expect((await t.call('GET', '/mdr/api/v1/user-center', { token: alice })).data.stats.coins).toBe(105);
    // the gateway retries its callback: still credited once
    expect((await callback(o.order_no)).data).toEqual({ status: 'paid', credited: false });
    expect(await coins(alice)).toBe(105);
    const details = await t.call('GET', '/mdr/api/v1/user/balance-details?type=recharge', { token: alice });
    expect(details.data.list).toHaveLength(1);
    expect(details.data.list[0]).toMatchObject({ type: 'recharge', amount: 105, ref_id: o.order_no });
  });

  it('a tampered sandbox page amount is refused', async () => {
    const { pay_url } = await order(alice);
    const page = await t.app.inject({
      method: 'GET',
      url: pay_url.replace('amount_cents=10000', 'amount_cents=1'),
    });
    expect(page.statusCode).toBe(400);
  });

  it('cancel on the sandbox page fails the order and credits nothing', async () => {
    const before = await coins(bob);
    const { order: o } = await order(bob);
    expect((await callback(o.order_no, { status: 'cancelled' })).data.status).toBe('failed');
    expect(
      (await t.call('GET', `/mdr/api/v1/user/yun-coin-orders/${o.order_no}`, { token: bob })).data.status,
    ).toBe('failed');
    expect(await coins(bob)).toBe(before);
  });

  it('rejects bad signatures, wrong amounts and malformed bodies; nothing changes', async () => {
    const { order: o } = await order(bob);
    expect((await callback(o.order_no, {}, 'wrong-secret')).code).toBe(E.PAYMENT_SIGNATURE);
    expect((await callback(o.order_no, { amount_cents: 1 })).code).toBe(E.PAYMENT_AMOUNT_MISMATCH);
    expect((await callback(o.order_no, { ts: 1_000_000 })).code).toBe(E.PAYMENT_SIGNATURE);
    const payload = {
      order_no: o.order_no,
      status: 'paid',
      amount_cents: 10000,
      currency: 'HKD',
      provider_txn: 'x',
      ts: 1,
    };
    const forged = await t.call('POST', '/mdr/api/v1/payments/callback', {
      body: { ...payload, sign: 'ab'.repeat(32) },
    });
    expect(forged.code).toBe(E.PAYMENT_SIGNATURE);
    for (const body of [{}, [], { order_no: 1 }, 'x']) {
      const res = await t.call('POST', '/mdr/api/v1/payments/callback', { body });
      expect(res.status).toBeLessThan(500);
      expect(res.code).not.toBe(0);
    }
    expect(
      (await t.call('GET', `/mdr/api/v1/user/yun-coin-orders/${o.order_no}`, { token: bob })).data.status,
    ).toBe('pending');
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });

  it('concurrent replays of one paid callback credit once', async () => {
    const before = await coins(bob);
    const { order: o } = await order(bob, 'hkd50');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => callback(o.order_no, { amount_cents: 5000 })),
    );
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(results.filter((r) => r.data.credited)).toHaveLength(1);
    expect(await coins(bob)).toBe(before + 52);
  });

  it('unsupported method → 110303; unknown package → 100400; same key → same order', async () => {
    const bad = await t.call('POST', '/mdr/api/v1/user/yun-coin-orders', {
      token: alice,
      body: { package_id: 'hkd10', pay_method: 'fps', idempotency_key: key() },
    });
    expect(bad.code).toBe(E.PAY_METHOD_UNSUPPORTED);
    const unknown = await t.call('POST', '/mdr/api/v1/user/yun-coin-orders', {
      token: alice,
      body: { package_id: 'free', pay_method: 'card', idempotency_key: key() },
    });
    expect(unknown.code).toBe(E.BAD_REQUEST);
    const body = { package_id: 'hkd10', pay_method: 'card', idempotency_key: key() };
    const a = await t.call('POST', '/mdr/api/v1/user/yun-coin-orders', { token: alice, body });
    const b = await t.call('POST', '/mdr/api/v1/user/yun-coin-orders', { token: alice, body });
    expect(b.data.order.order_no).toBe(a.data.order.order_no);
  });

  it('orders are owner-only: another user sees not found and an empty list', async () => {
    const { order: o } = await order(alice);
    expect((await t.call('GET', `/mdr/api/v1/user/yun-coin-orders/${o.order_no}`, { token: bob })).code).toBe(
      E.NOT_FOUND,
    );
    const list = await t.call('GET', '/mdr/api/v1/user/yun-coin-orders?page=1&size=50', { token: bob });
    expect(list.data.list.some((x: { order_no: string }) => x.order_no === o.order_no)).toBe(false);
    const visitor = await t.token();
    expect((await t.call('GET', '/mdr/api/v1/user/yun-coin-orders', { token: visitor })).code).toBe(
      E.NOT_LOGGED_IN,
    );
  });
});
