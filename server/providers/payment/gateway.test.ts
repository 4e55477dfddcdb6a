/**
 * The payment gateway as the app serves it in production: the sandbox off (no pages, no callback
 * believed, not even one signed with the repository's default secret) and Stripe's webhook applying
 * signed events through the wallet, once.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppConfig, DEV_PAYMENT_SECRET } from '../../config';
import { E } from '../../http/errors';
import { checkLedgerInvariant } from '../../modules/wallet';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPaymentProvider } from '.';
import { type Flat, sign } from './signing';
import { STRIPE_WEBHOOK_PATH } from './stripe';

const PRODUCTION: Partial<AppConfig> = {
  nodeEnv: 'production',
  logLevel: 'silent',
  paymentSecret: DEV_PAYMENT_SECRET,
  paymentSandboxInProduction: false,
};
const WHSEC = 'whsec_goalfanTestSecret0123456789abcdef';
const STRIPE: Partial<AppConfig> = {
  ...PRODUCTION,
  paymentSecret: 'a-long-random-production-value',
  paymentProvider: 'stripe',
  stripeSecretKey: 'sk_test_51GoalFanExampleKey',
  stripeWebhookSecret: WHSEC,
  publicUrl: 'https://goalfan.example',
};
const EVENT = JSON.parse(
  readFileSync(new URL('./fixtures/stripe-checkout-session-completed.json', import.meta.url), 'utf8'),
);

let seq = 0;
const key = () => `gw-${Date.now()}-${++seq}`;

async function coins(t: TestApp, token: string): Promise<number> {
  return (await t.call('GET', '/mdr/api/v1/user/wallets', { token })).data.coins;
}

/** A sandbox callback for the order, signed with `secret`, as the sandbox page would post it. */
function forgedCallback(t: TestApp, orderNo: string, amountCents: number, secret = DEV_PAYMENT_SECRET) {
  const payload: Flat = {
    order_no: orderNo,
    status: 'paid',
    amount_cents: amountCents,
    currency: 'HKD',
    provider_txn: `FORGED${++seq}`,
    ts: Math.floor(Date.now() / 1000),
  };
  return t.call('POST', '/mdr/api/v1/payments/callback', {
    body: { ...payload, sign: sign(secret, payload) },
  });
}

describe('createPaymentProvider', () => {
  it('gives the sandbox in development and tests, a disabled gateway in production unless allowed', () => {
    const base = { ...(PRODUCTION as AppConfig), paymentProvider: 'sandbox' as const };
    expect(createPaymentProvider({ ...base, nodeEnv: 'development' }).name).toBe('sandbox');
    expect(createPaymentProvider({ ...base, nodeEnv: 'test' }).name).toBe('sandbox');
    expect(createPaymentProvider(base).name).toBe('disabled');
    expect(createPaymentProvider({ ...base, paymentSandboxInProduction: true }).name).toBe('sandbox');
    expect(createPaymentProvider(STRIPE as AppConfig).name).toBe('stripe');
    expect(() => createPaymentProvider({ ...(STRIPE as AppConfig), stripeWebhookSecret: null })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });
});

describe('production with the sandbox asked for but not allowed', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { ...PRODUCTION, paymentProvider: 'sandbox' } });
    token = (await t.loginByPhone('62100001')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves no sandbox page, takes no payment and refuses a callback signed with the default secret', async () => {
    const create = await t.call('POST', '/mdr/api/v1/user/yun-coin-orders', {
      token,
      body: { package_id: 'hkd1000', pay_method: 'card', idempotency_key: key() },
    });
    expect(create.code).toBe(E.PAY_METHOD_UNSUPPORTED);
    // the attacker's order exists (pending) but no gateway will take it
    const orders = await t.call('GET', '/mdr/api/v1/user/yun-coin-orders', { token });
    const orderNo: string = orders.data.list[0].order_no;
    expect(orders.data.list[0].status).toBe('pending');

    for (const [method, url] of [
      ['GET', `/sandbox-pay/${orderNo}?order_no=${orderNo}&amount_cents=100000&currency=HKD&desc=x&sign=00`],
      ['POST', `/sandbox-pay/${orderNo}/confirm`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: E.NOT_FOUND, data: null });
    }

    const forged = await forgedCallback(t, orderNo, 100000);
    expect(forged.code).toBe(E.PAYMENT_SIGNATURE);
    expect(await coins(t, token)).toBe(0);
    const after = await t.call('GET', `/mdr/api/v1/user/yun-coin-orders/${orderNo}`, { token });
    expect(after.data.status).toBe('pending');
  });
});

describe('production with Stripe Checkout', () => {
  let t: TestApp;
  let token: string;
  const sent: URLSearchParams[] = [];
  let sessions = 0;

  beforeAll(async () => {
    // no network here: the Stripe API answers from this stub, which records what would be sent
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      expect(url).toBe('https://api.stripe.com/v1/checkout/sessions');
      sent.push(new URLSearchParams(String(init.body)));
      const id = `cs_test_${++sessions}`;
      return new Response(JSON.stringify({ id, url: `https://checkout.stripe.com/c/pay/${id}` }), {
        status: 200,
      });
    });
    t = await createTestApp({ config: STRIPE });
    token = (await t.loginByPhone('62100002')).token;
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await t?.close();
  });
  afterEach(async () => {
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });

  async function order(packageId = 'hkd100') {
    const res = await t.call('POST', '/mdr/api/v1/user/yun-coin-orders', {
      token,
      body: { package_id: packageId, pay_method: 'card', idempotency_key: key() },
    });
    expect(res.code).toBe(0);
    return res.data as { order: { order_no: string; price_cents: number }; pay_url: string };
  }

  /** The recorded event, re-addressed to our order, as the raw text Stripe would post. */
  function event(orderNo: string, amount: number, type = 'checkout.session.completed', extra = {}) {
    const session = {
      ...EVENT.data.object,
      client_reference_id: orderNo,
      metadata: { order_no: orderNo },
      amount_subtotal: amount,
      amount_total: amount,
      ...extra,
    };
    return JSON.stringify({ ...EVENT, id: `evt_${++seq}`, type, data: { object: session } }, null, 2);
  }

  function webhook(body: string, header: string | null) {
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(header === null ? {} : { 'stripe-signature': header }),
      },
      payload: body,
    });
  }

  const signed = (body: string, secret = WHSEC, t0 = Math.floor(Date.now() / 1000)) =>
    `t=${t0},v1=${createHmac('sha256', secret).update(`${t0}.${body}`).digest('hex')}`;

  it('sends the user to Stripe Checkout for the order', async () => {
    const { order: o, pay_url } = await order();
    expect(pay_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    const form = sent.at(-1);
    expect(form?.get('client_reference_id')).toBe(o.order_no);
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('10000');
    expect(form?.get('currency')).toBe('hkd');
    expect(form?.get('success_url')).toBe(
      `https://goalfan.example/#/pay/status/index?order_no=${o.order_no}`,
    );
  });

  it('has no sandbox: no page, and a callback signed with the default secret is refused', async () => {
    const { order: o } = await order('hkd1000');
    const page = await t.app.inject({ method: 'GET', url: `/sandbox-pay/${o.order_no}` });
    expect(page.statusCode).toBe(404);
    expect((await forgedCallback(t, o.order_no, 100000)).code).toBe(E.PAYMENT_SIGNATURE);
    // nor one signed with the configured secret: only Stripe's webhook pays an order
    expect((await forgedCallback(t, o.order_no, 100000, t.config.paymentSecret)).code).toBe(
      E.PAYMENT_SIGNATURE,
    );
    expect(await coins(t, token)).toBe(0);
  });

  it('a signed checkout.session.completed pays the order once; a replay credits nothing more', async () => {
    const { order: o } = await order();
    const body = event(o.order_no, 10000);
    const first = await webhook(body, signed(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      code: 0,
      data: { applied: true, result: { status: 'paid', credited: true } },
    });
    expect(await coins(t, token)).toBe(105);
    const again = await webhook(body, signed(body));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.result).toEqual({ status: 'paid', credited: false });
    expect(await coins(t, token)).toBe(105);
    const status = await t.call('GET', `/mdr/api/v1/user/yun-coin-orders/${o.order_no}`, { token });
    expect(status.data.status).toBe('paid');
  });

  it('refuses tampered, wrongly signed, stale and unsigned events without touching the order', async () => {
    const before = await coins(t, token);
    const { order: o } = await order('hkd500');
    const body = event(o.order_no, 50000);
    const cases: Array<[string, string | null]> = [
      [body.replace('"amount_total": 50000', '"amount_total": 50001'), signed(body)],
      [body, signed(body, 'whsec_wrong')],
      [body, signed(body, WHSEC, Math.floor(Date.now() / 1000) - 301)],
      [body, null],
      [body, 'garbage'],
    ];
    for (const [payload, header] of cases) {
      const res = await webhook(payload, header);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: E.PAYMENT_SIGNATURE, data: null });
    }
    expect(await coins(t, token)).toBe(before);
    const status = await t.call('GET', `/mdr/api/v1/user/yun-coin-orders/${o.order_no}`, { token });
    expect(status.data.status).toBe('pending');
  });

  it('expired sessions fail the order; unknown orders and wrong amounts are refused with a 409', async () => {
    const before = await coins(t, token);
    const { order: o } = await order();
    const expired = event(o.order_no, 10000, 'checkout.session.expired', {
      status: 'expired',
      payment_status: 'unpaid',
    });
    const res = await webhook(expired, signed(expired));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result).toEqual({ status: 'failed', credited: false });

    const { order: o2 } = await order();
    const short = event(o2.order_no, 1000);
    const mismatch = await webhook(short, signed(short));
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ code: E.PAYMENT_AMOUNT_MISMATCH, data: null });

    const unknown = event('YC00000000000000000000', 10000);
    const missing = await webhook(unknown, signed(unknown));
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe(E.NOT_FOUND);

    // events we do not act on are acknowledged so Stripe stops sending them
    const other = event(o2.order_no, 10000, 'payment_intent.created');
    const ignored = await webhook(other, signed(other));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data).toMatchObject({ applied: false, type: 'payment_intent.created' });
    expect(await coins(t, token)).toBe(before);
  });
});
