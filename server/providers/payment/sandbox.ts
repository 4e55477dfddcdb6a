/**
 * The default gateway: a local stand-in for a hosted payment page. createPayment answers a URL of the
 * page served by ./sandbox-routes.ts; the URL carries the amount and a signature, so the page needs no
 * state of its own and a tampered amount is refused. Its confirm/cancel buttons make the gateway post
 * a signed callback to the wallet, exactly as a real gateway would.
 */
import type { Flat } from './signing';
import { sign, verify } from './signing';
import type { CallbackPayload, PaymentProvider, PaymentRequest, VerifiedCallback } from './types';

export const SANDBOX_PREFIX = '/sandbox-pay';
const CALLBACK_MAX_AGE_S = 24 * 3600;

export function sandboxPageParams(secret: string, req: PaymentRequest): Flat {
  const params: Flat = {
    order_no: req.orderNo,
    amount_cents: req.amountCents,
    currency: req.currency,
    desc: req.description,
  };
  return { ...params, sign: sign(secret, params) };
}

export function createSandboxProvider(secret: string, now: () => number = Date.now): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(req: PaymentRequest) {
      const q = new URLSearchParams({ ...stringify(sandboxPageParams(secret, req)), lang: req.lang });
      return { payUrl: `${SANDBOX_PREFIX}/${encodeURIComponent(req.orderNo)}?${q}` };
    },
    /** the sandbox holds no money: a refund is accepted at once, its id derived from our refund number */
    async refund(req) {
      return { providerTxn: `sandbox-refund-${req.refundNo}` };
    },
    verifyCallback(body: unknown): VerifiedCallback {
      const parsed = parseCallback(body);
      if (!parsed) return { ok: false, reason: 'malformed' };
      const { sign: signature, ...payload } = parsed;
      if (!verify(secret, payload as unknown as Flat, signature)) return { ok: false, reason: 'signature' };
      if (Math.abs(now() / 1000 - payload.ts) > CALLBACK_MAX_AGE_S) return { ok: false, reason: 'stale' };
      return { ok: true, payload };
    },
  };
}

function stringify(p: Flat): Record<string, string> {
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));
}

const FIELDS: Record<keyof CallbackPayload, 'string' | 'number'> = {
  order_no: 'string',
  status: 'string',
  amount_cents: 'number',
  currency: 'string',
  provider_txn: 'string',
  ts: 'number',
};

/** Exactly the callback fields plus `sign`, with their types; anything else is malformed. */
function parseCallback(body: unknown): (CallbackPayload & { sign: string }) | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(FIELDS).length + 1 || typeof b.sign !== 'string') return null;
  for (const [k, type] of Object.entries(FIELDS)) {
    if (typeof b[k] !== type) return null;
    if (type === 'number' && !Number.isSafeInteger(b[k])) return null;
    if (type === 'string' && (b[k] as string).length > 200) return null;
  }
  return b as unknown as CallbackPayload & { sign: string };
}
