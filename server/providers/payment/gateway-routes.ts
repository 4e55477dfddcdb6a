/**
 * The gateway's own HTTP routes, registered next to the wallet's recharge routes:
 * - sandbox: the /sandbox-pay/… pages (./sandbox-routes.ts), only when the sandbox is the provider,
 *   which createPaymentProvider allows in production only with PAYMENT_SANDBOX_IN_PRODUCTION=1;
 * - stripe: POST /mdr/api/v1/payments/stripe/webhook, which reads the raw body (the signature covers
 *   its exact bytes) and hands a verified outcome to the wallet's `apply` (applyCallback).
 *
 * The webhook answers the envelope with an HTTP status Stripe understands: 2xx only when the event
 * was applied or deliberately ignored; 400 for a refused signature, 409 for an event our orders
 * refuse (unknown order, wrong amount, paid after expiry: refund it), 500 on an unexpected error, so
 * Stripe retries (applying an event twice credits once).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { msgFor } from '../../http/i18n';
import { webhookResponse } from './responses';
import { registerSandboxGateway } from './sandbox-routes';
import { STRIPE_WEBHOOK_PATH, type StripePaymentProvider } from './stripe';
import type { CallbackPayload, PaymentProvider } from './types';

/** Stripe events are a few KB; refuse anything much larger before hashing it. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export type ApplyCallback = (payload: CallbackPayload) => Promise<unknown>;

function isStripe(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe' && 'verifyWebhook' in provider;
}

export async function registerPaymentGateway(
  app: FastifyInstance,
  provider: PaymentProvider,
  paymentSecret: string,
  apply: ApplyCallback,
): Promise<void> {
  if (provider.name === 'sandbox') await registerSandboxGateway(app, paymentSecret);
  if (isStripe(provider)) await registerStripeWebhook(app, provider, apply);
}

function fail(request: FastifyRequest, reply: FastifyReply, status: number, code: number) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ code, msg: msgFor(code, request.headers['accept-language']), data: null });
}

export async function registerStripeWebhook(
  app: FastifyInstance,
  provider: StripePaymentProvider,
  apply: ApplyCallback,
): Promise<void> {
  await app.register(async (scope) => {
    // this scope only: every body arrives as the raw bytes Stripe signed
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    scope.post(
      STRIPE_WEBHOOK_PATH,
      { config: { auth: 'none' }, schema: { response: webhookResponse } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verified = provider.verifyWebhook(raw, request.headers['stripe-signature']);
        if (!verified.ok) {
          request.log.warn({ reason: verified.reason }, 'stripe webhook rejected');
          return fail(
            request,
            reply,
            400,
            verified.reason === 'malformed' ? E.BAD_REQUEST : E.PAYMENT_SIGNATURE,
          );
        }
        const { eventId, eventType, payload } = verified;
        if (!payload) return ok({ event: eventId, type: eventType, applied: false });
        try {
          const result = await apply(payload);
          request.log.info(
            { event: eventId, type: eventType, orderNo: payload.order_no, status: payload.status },
            'stripe webhook applied',
          );
          return ok({ event: eventId, type: eventType, applied: true, result });
        } catch (err) {
          if (!(err instanceof ApiError)) {
            request.log.error({ err, event: eventId, orderNo: payload.order_no }, 'stripe webhook failed');
            return fail(request, reply, 500, E.SERVER);
          }
          const log = payload.status === 'paid' ? request.log.error : request.log.warn;
          log.call(
            request.log,
            { event: eventId, orderNo: payload.order_no, txn: payload.provider_txn, code: err.code },
            payload.status === 'paid'
              ? 'stripe payment for an order we refuse: refund it in the Stripe dashboard'
              : 'stripe webhook refused by the order',
          );
          return fail(request, reply, 409, err.code);
        }
      },
    );
  });
}
