import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../http/clock';
import { createStripeProvider, formEncode, parseSignatureHeader, STRIPE_API } from './stripe';

// A checkout.session.completed event in the shape Stripe posts it (pretty-printed, as delivered);
// the signature covers these exact bytes, so the file must not be reformatted.
const FIXTURE = readFileSync(
  new URL('./fixtures/stripe-checkout-session-completed.json', import.meta.url),
  'utf8',
);
const SECRET = 'whsec_goalfanTestSecret0123456789abcdef';
const T = 1763712000; // the event's `created`
/** HMAC-SHA256(SECRET, `${T}.${FIXTURE}`), computed once with `openssl dgst -sha256 -hmac` */
const PINNED_V1 = '28e088eda1f6bbcf1f97ed3d57e3940ec4863d6ef4011233ed9d2cac051d163d';

/** Stripe's documented scheme, written out here independently of the code under test. */
function signed(body: string, t = T, secret = SECRET): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

const clock = () => fakeClock(T * 1000 + 12_000);
let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

function provider(fetchImpl?: typeof fetch) {
  return createStripeProvider({
    secretKey: 'sk_test_51GoalFanExampleKey',
    webhookSecret: SECRET,
    publicUrl: 'https://goalfan.example',
    fetch: fetchImpl,
  });
}

describe('Stripe webhook signature (t=…,v1=HMAC-SHA256(whsec, "t.body"))', () => {
  it('the test signer matches the pinned openssl value for the recorded payload', () => {
    expect(signed(FIXTURE)).toBe(`t=${T},v1=${PINNED_V1}`);
  });

  it('accepts the recorded checkout.session.completed and reads it as a paid callback', () => {
    restore = clock().restore;
    const r = provider().verifyWebhook(Buffer.from(FIXTURE), `t=${T},v1=${PINNED_V1}`);
    expect(r).toEqual({
      ok: true,
      eventId: 'evt_1QGmFa2eZvKYlo2CxR7pT3kq',
      eventType: 'checkout.session.completed',
      payload: {
        order_no: 'YC20251121160000123456',
        status: 'paid',
        amount_cents: 10000,
        currency: 'HKD',
        provider_txn: 'pi_3QGmEx2eZvKYlo2C1u8nVb5w',
        ts: T,
      },
    });
  });

  it('accepts any of several v1 signatures (secret roll) and ignores v0 and unknown schemes', () => {
    restore = clock().restore;
    const other = createHmac('sha256', 'whsec_old').update(`${T}.${FIXTURE}`).digest('hex');
    const header = `t=${T},v1=${other},v0=${'0'.repeat(64)},v1=${PINNED_V1}`;
    expect(provider().verifyWebhook(FIXTURE, header).ok).toBe(true);
  });

  it('refuses a tampered body, a wrong secret, a missing or malformed header', () => {
    restore = clock().restore;
    const p = provider();
    const tampered = FIXTURE.replace('"amount_total": 10000', '"amount_total": 100000000');
    expect(tampered).not.toBe(FIXTURE);
    expect(p.verifyWebhook(tampered, `t=${T},v1=${PINNED_V1}`)).toEqual({ ok: false, reason: 'signature' });
    expect(p.verifyWebhook(FIXTURE, signed(FIXTURE, T, 'whsec_wrong'))).toEqual({
      ok: false,
      reason: 'signature',
    });
    // the timestamp is signed too: moving it breaks the signature
    expect(p.verifyWebhook(FIXTURE, `t=${T + 1},v1=${PINNED_V1}`)).toEqual({
      ok: false,
      reason: 'signature',
    });
    for (const header of [
      undefined,
      '',
      PINNED_V1,
      `v1=${PINNED_V1}`,
      `t=${T}`,
      `t=${T},v1=${PINNED_V1.slice(2)}`,
      `t=abc,v1=${PINNED_V1}`,
      `t=${T},t=${T},v1=${PINNED_V1}`,
      ['t=1', 'v1=2'],
    ]) {
      expect(p.verifyWebhook(FIXTURE, header)).toEqual({ ok: false, reason: 'signature' });
    }
  });

  it('refuses a correctly signed event older or newer than 300 s by the server clock', () => {
    const c = fakeClock(T * 1000 + 300_000);
    restore = c.restore;
    const p = provider();
    expect(p.verifyWebhook(FIXTURE, `t=${T},v1=${PINNED_V1}`).ok).toBe(true);
    c.advance(1_000);
    expect(p.verifyWebhook(FIXTURE, `t=${T},v1=${PINNED_V1}`)).toEqual({ ok: false, reason: 'stale' });
    restore();
    restore = fakeClock(T * 1000 - 301_000).restore;
    expect(p.verifyWebhook(FIXTURE, `t=${T},v1=${PINNED_V1}`)).toEqual({ ok: false, reason: 'stale' });
  });

  it('maps expired and async_payment_failed to failed, async success to paid, ignores other events', () => {
    restore = clock().restore;
    const p = provider();
    const event = JSON.parse(FIXTURE);
    const as = (type: string, over: Record<string, unknown> = {}) => {
      const body = JSON.stringify({ ...event, type, data: { object: { ...event.data.object, ...over } } });
      return p.verifyWebhook(body, signed(body));
    };
    const status = (r: ReturnType<typeof as>) => (r.ok ? (r.payload?.status ?? 'ignored') : r.reason);
    expect(status(as('checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }))).toBe(
      'failed',
    );
    expect(status(as('checkout.session.async_payment_failed', { payment_status: 'unpaid' }))).toBe('failed');
    expect(status(as('checkout.session.async_payment_succeeded'))).toBe('paid');
    // completed but an asynchronous method is still settling: wait for its own event
    expect(status(as('checkout.session.completed', { payment_status: 'unpaid' }))).toBe('ignored');
    expect(status(as('payment_intent.succeeded'))).toBe('ignored');
    expect(status(as('checkout.session.completed', { amount_total: '10000' }))).toBe('malformed');
    expect(status(as('checkout.session.completed', { client_reference_id: null, metadata: {} }))).toBe(
      'malformed',
    );
    const notJson = 'not json';
    expect(p.verifyWebhook(notJson, signed(notJson))).toEqual({ ok: false, reason: 'malformed' });
    // the generic callback endpoint never believes a Stripe-shaped body
    expect(p.verifyCallback(event)).toEqual({ ok: false, reason: 'signature' });
  });

  it('parses the header the way Stripe documents it', () => {
    expect(parseSignatureHeader(`t=1,v1=${'a'.repeat(64)},v1=${'b'.repeat(64)},v0=zz`)).toEqual({
      t: 1,
      v1: ['a'.repeat(64), 'b'.repeat(64)],
    });
  });
});

describe('Stripe Checkout session creation (not sent anywhere: the request is inspected)', () => {
  it('posts the documented form-encoded session to the Stripe API and answers its hosted URL', async () => {
    restore = clock().restore;
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(
        JSON.stringify({
          id: 'cs_test_x',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_x',
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }) as unknown as typeof fetch;
    const r = await provider(fetchImpl).createPayment({
      orderNo: 'YC20251121160000123456',
      amountCents: 10000,
      currency: 'HKD',
      description: '105 雲幣',
      lang: 'zhhk',
    });
    expect(r).toEqual({ payUrl: 'https://checkout.stripe.com/c/pay/cs_test_x' });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0];
    expect(url).toBe(`${STRIPE_API}/checkout/sessions`);
    expect(url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer sk_test_51GoalFanExampleKey');
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(String(init.body)));
    const back = 'https://goalfan.example/#/pay/status/index?order_no=YC20251121160000123456';
    expect(form).toEqual({
      mode: 'payment',
      currency: 'hkd',
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'alipay',
      'payment_method_types[2]': 'wechat_pay',
      'payment_method_options[wechat_pay][client]': 'web',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'hkd',
      'line_items[0][price_data][unit_amount]': '10000',
      'line_items[0][price_data][product_data][name]': '105 雲幣',
      client_reference_id: 'YC20251121160000123456',
      'metadata[order_no]': 'YC20251121160000123456',
      'payment_intent_data[metadata][order_no]': 'YC20251121160000123456',
      success_url: back,
      cancel_url: back,
      locale: 'zh-HK',
      expires_at: String(T + 12 + 31 * 60),
    });
  });

  it('a Stripe error or an unusable answer fails the payment without leaking the key', async () => {
    const failing = (async () =>
      new Response(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such price' } }), {
        status: 400,
      })) as unknown as typeof fetch;
    const err = await provider(failing)
      .createPayment({ orderNo: 'YC1', amountCents: 1000, currency: 'HKD', description: 'x', lang: 'zhcn' })
      .catch((e: Error) => e);
    expect(String(err)).toMatch(/HTTP 400 invalid_request_error No such price/);
    expect(String(err)).not.toContain('sk_test');
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(
      provider(offline).createPayment({
        orderNo: 'YC1',
        amountCents: 1000,
        currency: 'HKD',
        description: 'x',
        lang: 'zhtw',
      }),
    ).rejects.toThrow(/fetch failed/);
  });

  it('encodes nested params as Stripe expects', () => {
    expect(decodeURIComponent(formEncode({ a: { b: [{ c: 1 }, 'x'] }, n: null, s: 'a&b' }))).toBe(
      'a[b][0][c]=1&a[b][1]=x&s=a&b',
    );
  });

  it('will not start without its keys', () => {
    expect(() =>
      createStripeProvider({ secretKey: '', webhookSecret: SECRET, publicUrl: 'https://x' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('Stripe refund (not sent anywhere: the request is inspected)', () => {
  it('posts the amount on the payment intent with our refund number as the idempotency key', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    const r = await provider(fetchImpl).refund({
      refundNo: 'SR20261127060641367699',
      paymentNo: 'SP20261127060629508422',
      providerTxn: 'pi_test_1',
      amountCents: 67900,
      currency: 'HKD',
    });
    expect(r).toEqual({ providerTxn: 're_test_1' });
    const { url, init } = calls[0];
    expect(url).toBe('https://api.stripe.com/v1/refunds');
    const headers = init.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('SR20261127060641367699');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      payment_intent: 'pi_test_1',
      amount: '67900',
      'metadata[refund_no]': 'SR20261127060641367699',
      'metadata[payment_no]': 'SP20261127060629508422',
    });
  });

  it('refuses a payment without an intent and fails on a Stripe error', async () => {
    const req = { refundNo: 'SR1', paymentNo: 'SP1', providerTxn: null, amountCents: 100, currency: 'HKD' };
    await expect(
      provider((async () => new Response('{}')) as unknown as typeof fetch).refund(req),
    ).rejects.toThrow(/no intent/);
    const failing = (async () =>
      new Response(JSON.stringify({ error: { type: 'invalid_request_error' } }), {
        status: 400,
      })) as unknown as typeof fetch;
    await expect(provider(failing).refund({ ...req, providerTxn: 'pi_x' })).rejects.toThrow(/HTTP 400/);
  });
});
