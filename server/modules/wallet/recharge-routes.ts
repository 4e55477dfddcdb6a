/** Recharge HTTP: packages and pay methods, orders, and the payment gateway's callback. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { requireUserId } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { langFrom } from '../../http/i18n';
import { paging as pagingSchema } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import type { CallbackPayload, PaymentProvider } from '../../providers/payment';
import { CALLBACK_PATH } from '../../providers/payment/sandbox-routes';
import { paging } from './format';
import {
  applyCallback,
  createOrder,
  getOwnOrder,
  listOrders,
  packagesView,
  payMethodsView,
  resumePayment,
} from './recharge-service';
import {
  callbackResponse,
  orderPageResponse,
  orderResponse,
  packagesResponse,
  payResponse,
} from './responses';

const V1 = '/mdr/api/v1';

const orderNoParams = {
  type: 'object',
  required: ['orderNo'],
  properties: { orderNo: { type: 'string', pattern: '^[A-Za-z0-9]{1,40}$' } },
} as const;

export async function registerRechargeRoutes(
  root: FastifyInstance,
  db: Db,
  provider: PaymentProvider,
  apply: (payload: CallbackPayload) => Promise<unknown> = (payload) => applyCallback(db, payload),
): Promise<void> {
  const app = typed(root);
  app.get(
    `${V1}/config/recharge-packages`,
    { schema: { response: packagesResponse }, config: { auth: 'none' } },
    async (request) => {
      const { list, byId } = packagesView();
      return ok({
        packages: list,
        by_id: byId,
        pay_methods: payMethodsView(langFrom(request.headers['accept-language'])),
      });
    },
  );

  app.post(
    `${V1}/user/yun-coin-orders`,
    {
      config: { auth: 'user' },
      schema: { body: dataSchema('wallet-recharge-order'), response: payResponse },
    },
    async (request) =>
      ok(
        await createOrder(
          db,
          provider,
          requireUserId(request),
          request.body,
          langFrom(request.headers['accept-language']),
        ),
      ),
  );

  app.get(
    `${V1}/user/yun-coin-orders`,
    {
      config: { auth: 'user' },
      schema: {
        querystring: { type: 'object', properties: { ...pagingSchema } },
        response: orderPageResponse,
      },
    },
    async (request) =>
      ok(
        await listOrders(
          db,
          requireUserId(request),
          paging(request.query),
          langFrom(request.headers['accept-language']),
        ),
      ),
  );

  app.get(
    `${V1}/user/yun-coin-orders/:orderNo`,
    { config: { auth: 'user' }, schema: { response: orderResponse, params: orderNoParams } },
    async (request) =>
      ok(
        await getOwnOrder(
          db,
          requireUserId(request),
          request.params.orderNo,
          langFrom(request.headers['accept-language']),
        ),
      ),
  );

  // "continue paying" a pending order from the orders list: a fresh payment page URL
  app.post(
    `${V1}/user/yun-coin-orders/:orderNo/pay`,
    {
      config: { auth: 'user' },
      schema: { response: payResponse, params: orderNoParams, body: { type: 'object', maxProperties: 0 } },
    },
    async (request) =>
      ok(
        await resumePayment(
          db,
          provider,
          requireUserId(request),
          request.params.orderNo,
          langFrom(request.headers['accept-language']),
        ),
      ),
  );

  // Server-to-server from the gateway: no session; the HMAC signature is the authentication.
  app.post(
    CALLBACK_PATH,
    {
      config: { auth: 'none' },
      schema: { response: callbackResponse, body: { type: 'object', maxProperties: 20 } },
    },
    async (request) => {
      const verified = provider.verifyCallback(request.body);
      if (!verified.ok) {
        request.log.warn({ reason: verified.reason }, 'payment callback rejected');
        throw new ApiError(verified.reason === 'malformed' ? E.BAD_REQUEST : E.PAYMENT_SIGNATURE);
      }
      return ok(await apply(verified.payload));
    },
  );
}
