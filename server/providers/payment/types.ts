/**
 * Payment gateway interface. The wallet creates a payment and sends the user to `payUrl`; the gateway
 * later posts a signed callback to POST /mdr/api/v1/payments/callback, which the wallet checks with
 * `verifyCallback` before it believes anything in it. Stripe signs over the raw body instead: its
 * events arrive at its own webhook route (./gateway-routes.ts, ./stripe.ts), and its verifyCallback
 * refuses everything. Implementations: ./sandbox.ts (not in production unless allowed), ./stripe.ts.
 */
import type { Lang } from '../../http/i18n';

export interface PaymentRequest {
  orderNo: string;
  /** minor units (HKD cents) */
  amountCents: number;
  currency: string;
  description: string;
  lang: Lang;
}

export interface CallbackPayload {
  order_no: string;
  /** 'paid' | 'failed' | 'cancelled' */
  status: string;
  amount_cents: number;
  currency: string;
  provider_txn: string;
  /** epoch seconds when the gateway signed it */
  ts: number;
}

export type VerifiedCallback = { ok: true; payload: CallbackPayload } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  createPayment(req: PaymentRequest): Promise<{ payUrl: string }>;
  /** the raw callback body, signature included; never trust a field before this says ok */
  verifyCallback(body: unknown): VerifiedCallback;
}
