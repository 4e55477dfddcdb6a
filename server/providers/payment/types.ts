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

/** Money back for a settled payment (after-sales). `refundNo` is the idempotency key at the gateway. */
export interface RefundRequest {
  refundNo: string;
  /** our payment number and the gateway's transaction id of the payment being refunded */
  paymentNo: string;
  providerTxn: string | null;
  amountCents: number;
  currency: string;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(req: PaymentRequest): Promise<{ payUrl: string }>;
  /** pays `amountCents` of a settled payment back; the same refundNo twice refunds once */
  refund(req: RefundRequest): Promise<{ providerTxn: string }>;
  /** the raw callback body, signature included; never trust a field before this says ok */
  verifyCallback(body: unknown): VerifiedCallback;
}
