/** Picks the payment gateway from config.paymentProvider; only `sandbox` exists so far. */
import type { AppConfig } from '../../config';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';

export type { CallbackPayload, PaymentProvider, PaymentRequest, VerifiedCallback } from './types';

export function createPaymentProvider(
  config: Pick<AppConfig, 'paymentProvider' | 'paymentSecret'>,
): PaymentProvider {
  if (config.paymentProvider === 'sandbox') return createSandboxProvider(config.paymentSecret);
  throw new Error(`PAYMENT_PROVIDER must be sandbox, got "${config.paymentProvider}"`);
}
