/**
 * Picks the payment gateway from config.paymentProvider: `sandbox` (development, tests, and staging
 * with PAYMENT_SANDBOX_IN_PRODUCTION=1) or `stripe` (Stripe Checkout). The sandbox asked for in
 * production without that variable gives a disabled gateway: no payment pages, no callback believed
 * (main.ts refuses to start that way; this also covers an app built without main.ts).
 */
import { type PaymentConfig, sandboxAllowed } from '../../config';
import { ApiError, E } from '../../http/errors';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';
import type { PaymentProvider, VerifiedCallback } from './types';

export { answerCallback, type CallbackTarget, settleCallback } from './settle';
export type { CallbackPayload, PaymentProvider, PaymentRequest, VerifiedCallback } from './types';

export type { PaymentConfig };

export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  if (config.paymentProvider === 'sandbox') {
    return sandboxAllowed(config) ? createSandboxProvider(config.paymentSecret) : createDisabledProvider();
  }
  if (config.paymentProvider === 'stripe') {
    return createStripeProvider({
      secretKey: config.stripeSecretKey ?? '',
      webhookSecret: config.stripeWebhookSecret ?? '',
      publicUrl: config.publicUrl ?? '',
    });
  }
  throw new Error(`PAYMENT_PROVIDER must be sandbox or stripe, got "${config.paymentProvider}"`);
}

/** No gateway: creating a payment answers 110303 (pay method unsupported), every callback is refused. */
export function createDisabledProvider(): PaymentProvider {
  return {
    name: 'disabled',
    async createPayment() {
      throw new ApiError(E.PAY_METHOD_UNSUPPORTED);
    },
    async refund() {
      throw new ApiError(E.PAY_METHOD_UNSUPPORTED);
    },
    verifyCallback(): VerifiedCallback {
      return { ok: false, reason: 'disabled' };
    },
  };
}
