/**
 * Stripe Checkout (HKD: cards, Alipay HK, WeChat Pay). createPayment creates a Checkout Session
 * (POST https://api.stripe.com/v1/checkout/sessions, form-encoded, Bearer secret key) and sends the
 * user to its hosted page; Stripe then reports the outcome to POST /mdr/api/v1/payments/stripe/webhook
 * (./gateway-routes.ts), which needs the raw body for the signature check below.
 *
 * Webhook signatures follow Stripe's documented scheme: `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]`,
 * where v1 = HEX(HMAC-SHA256(key = webhook signing secret "whsec_…", `${t}.${rawBody}`)); any v1 may
 * match (Stripe sends two while a secret is being rolled), compared in constant time; a timestamp
 * more than 300 s from our clock is refused (replays). Only verified events are read.
 *
 * Not exercised against the live Stripe API here (no network): session creation is tested by
 * asserting the request it would send, the webhook check with recorded-format payloads signed in tests.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { nowMs } from '../../http/clock';
import type { Lang } from '../../http/i18n';
import type { CallbackPayload, PaymentProvider, PaymentRequest, VerifiedCallback } from './types';

export const STRIPE_API = 'https://api.stripe.com/v1';
export const STRIPE_WEBHOOK_PATH = '/mdr/api/v1/payments/stripe/webhook';
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;
/** Stripe's minimum session lifetime; our orders expire 30 min after creation (RECHARGE_ORDER_TTL_MS) */
const SESSION_LIFETIME_S = 31 * 60;

const LOCALE: Record<Lang, string> = { zhhk: 'zh-HK', zhcn: 'zh', zhtw: 'zh-TW' };

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** origin the browser comes back to, without trailing slash */
  publicUrl: string;
  /** tests inject one; default: the global fetch at call time */
  fetch?: typeof fetch;
  /** ms since epoch; default: the server clock (server/http/clock.ts) */
  now?: () => number;
}

/** A verified event: a payload to apply, or an event we acknowledge and ignore (payload null). */
export type StripeWebhookResult =
  | { ok: true; eventId: string; eventType: string; payload: CallbackPayload | null }
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

export interface StripePaymentProvider extends PaymentProvider {
  readonly name: 'stripe';
  verifyWebhook(rawBody: string | Buffer, signatureHeader: unknown): StripeWebhookResult;
}

/** Stripe's form encoding of nested params: a[b][0]=c. */
export function formEncode(params: Record<string, unknown>): string {
  const out = new URLSearchParams();
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(`${prefix}[${i}]`, v);
    } else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(`${prefix}[${k}]`, v);
    else out.append(prefix, String(value));
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return out.toString();
}

export function checkoutSessionParams(
  req: PaymentRequest,
  publicUrl: string,
  nowS: number,
): Record<string, unknown> {
  const back = `${publicUrl}/#/pay/status/index?order_no=${encodeURIComponent(req.orderNo)}`;
  const currency = req.currency.toLowerCase();
  return {
    mode: 'payment',
    currency,
    payment_method_types: ['card', 'alipay', 'wechat_pay'],
    payment_method_options: { wechat_pay: { client: 'web' } },
    line_items: [
      {
        quantity: 1,
        price_data: { currency, unit_amount: req.amountCents, product_data: { name: req.description } },
      },
    ],
    client_reference_id: req.orderNo,
    metadata: { order_no: req.orderNo },
    payment_intent_data: { metadata: { order_no: req.orderNo } },
    success_url: back,
    cancel_url: back,
    locale: LOCALE[req.lang],
    expires_at: nowS + SESSION_LIFETIME_S,
  };
}

/** The header's timestamp and v1 signatures, or null when it is not of the documented form. */
export function parseSignatureHeader(header: unknown): { t: number; v1: string[] } | null {
  if (typeof header !== 'string' || header.length > 2000) return null;
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || t !== null) return null;
      t = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) v1.push(value);
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

export function stripeSignature(secret: string, t: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret)
    .update(`${t}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** Verifies the signature of a raw webhook body; 'signature' covers a missing or malformed header. */
export function verifyStripeSignature(
  secret: string,
  rawBody: string | Buffer,
  header: unknown,
  nowMsValue: number,
  toleranceS = STRIPE_SIGNATURE_TOLERANCE_S,
): { ok: true } | { ok: false; reason: 'signature' | 'stale' } {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'signature' };
  const expected = Buffer.from(stripeSignature(secret, parsed.t, rawBody), 'hex');
  // compare against every v1 without stopping early
  let match = false;
  for (const candidate of parsed.v1) {
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) match = true;
  }
  if (!match) return { ok: false, reason: 'signature' };
  if (Math.abs(nowMsValue / 1000 - parsed.t) > toleranceS) return { ok: false, reason: 'stale' };
  return { ok: true };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length <= 200 ? v : null);

/** What a verified event means for our order: a callback payload, or null (acknowledged, ignored). */
export function eventToPayload(event: unknown): { payload: CallbackPayload | null } | null {
  if (!isObj(event) || typeof event.type !== 'string' || !isObj(event.data) || !isObj(event.data.object))
    return null;
  const type = event.type;
  const session = event.data.object;
  let status: 'paid' | 'failed' | null = null;
  if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') {
    // completed with an asynchronous method still pending: wait for async_payment_succeeded/failed
    status =
      session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? 'paid' : null;
  } else if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed') {
    status = 'failed';
  }
  if (status === null) return { payload: null };
  if (session.object !== 'checkout.session') return null;
  const metadata = isObj(session.metadata) ? session.metadata : {};
  const orderNo = str(session.client_reference_id) ?? str(metadata.order_no);
  const sessionId = str(session.id);
  const intent =
    str(session.payment_intent) ?? (isObj(session.payment_intent) ? str(session.payment_intent.id) : null);
  const amount = session.amount_total;
  const currency = str(session.currency);
  const created = event.created;
  if (!orderNo || !sessionId || !currency || !Number.isSafeInteger(amount) || !Number.isSafeInteger(created))
    return null;
  return {
    payload: {
      order_no: orderNo,
      status,
      amount_cents: amount as number,
      currency: currency.toUpperCase(),
      provider_txn: intent ?? sessionId,
      ts: created as number,
    },
  };
}

export function createStripeProvider(opts: StripeOptions): StripePaymentProvider {
  if (!opts.secretKey || !opts.webhookSecret || !opts.publicUrl)
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL');
  const now = opts.now ?? nowMs;
  return {
    name: 'stripe',
    async createPayment(req: PaymentRequest) {
      const doFetch = opts.fetch ?? globalThis.fetch;
      const body = formEncode(checkoutSessionParams(req, opts.publicUrl, Math.floor(now() / 1000)));
      let res: Response;
      try {
        res = await doFetch(`${STRIPE_API}/checkout/sessions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${opts.secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body,
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new Error(`Stripe checkout session for ${req.orderNo} failed: ${(err as Error).message}`);
      }
      const json = (await res.json().catch(() => null)) as Obj | null;
      const url = json && typeof json.url === 'string' ? json.url : null;
      if (!res.ok || !url?.startsWith('https://')) {
        const error = json && isObj(json.error) ? json.error : {};
        // Stripe's message names the bad parameter; never the key. A 5xx envelope to the user.
        throw new Error(
          `Stripe checkout session for ${req.orderNo}: HTTP ${res.status} ${String(error.type ?? '')} ${String(error.message ?? '')}`.trim(),
        );
      }
      return { payUrl: url };
    },
    /** POST /v1/refunds on the payment intent, with our refund number as Stripe's idempotency key */
    async refund(req) {
      const doFetch = opts.fetch ?? globalThis.fetch;
      if (!req.providerTxn) throw new Error(`Stripe refund ${req.refundNo}: the payment has no intent id`);
      const body = formEncode({
        payment_intent: req.providerTxn,
        amount: req.amountCents,
        metadata: { refund_no: req.refundNo, payment_no: req.paymentNo },
      });
      const res = await doFetch(`${STRIPE_API}/refunds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': req.refundNo,
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await res.json().catch(() => null)) as Obj | null;
      if (!res.ok || !json || typeof json.id !== 'string')
        throw new Error(`Stripe refund ${req.refundNo}: HTTP ${res.status}`);
      return { providerTxn: json.id };
    },
    verifyCallback(): VerifiedCallback {
      // Stripe events carry their signature in a header over the raw body: only the webhook route
      // (STRIPE_WEBHOOK_PATH) can check them, so the generic callback endpoint believes nothing.
      return { ok: false, reason: 'signature' };
    },
    verifyWebhook(rawBody, signatureHeader) {
      const checked = verifyStripeSignature(opts.webhookSecret, rawBody, signatureHeader, now());
      if (!checked.ok) return checked;
      let event: unknown;
      try {
        event = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const mapped = eventToPayload(event);
      if (!mapped) return { ok: false, reason: 'malformed' };
      const e = event as Obj;
      return { ok: true, eventId: String(e.id ?? ''), eventType: String(e.type), payload: mapped.payload };
    },
  };
}
