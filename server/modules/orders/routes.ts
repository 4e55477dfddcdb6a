import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { id, idParams, lang, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { paymentsFor } from '../wallet';
import { cancelOrder, confirmReceipt } from './order-actions';
import { listOrders, orderDetail, STATUS_FILTER } from './order-views';
import { createOrder, settlementView } from './orders-service';
import { applyPayment, getPayment, PAYMENT_PREFIX, payOrder } from './payments-service';
import {
  orderDetailResponse,
  orderPageResponse,
  paymentResponse,
  payResponse,
  settlementResponse,
} from './responses';

const BASE = '/mdr/api/v1/shop';
const user = { auth: 'user' } as const;
const noBody = { type: 'object', additionalProperties: false, maxProperties: 0 } as const;

/** Settlement, orders (create, list by state, detail, cancel, confirm receipt) and their payment. */
export async function registerOrdersRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;
  const payments = paymentsFor(deps);
  // the gateway's callbacks for `SP…` numbers are ours
  payments.route(PAYMENT_PREFIX, (p) => applyPayment(db, p));

  app.get(
    `${BASE}/settlement`,
    {
      config: user,
      schema: {
        response: settlementResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          // coupon_id 0: no coupon; absent: the best that applies
          properties: { address_id: id, coupon_id: { type: 'integer', minimum: 0, maximum: 2147483647 } },
        },
      },
    },
    async (request) =>
      ok(
        await settlementView(
          db,
          requireUserId(request),
          request.query.address_id,
          lang(request),
          request.query.coupon_id,
        ),
      ),
  );

  app.post(
    `${BASE}/orders`,
    { config: user, schema: { response: orderDetailResponse, body: dataSchema('order-create') } },
    async (request) => ok(await createOrder(db, requireUserId(request), request.body, lang(request))),
  );

  app.get(
    `${BASE}/orders`,
    {
      config: user,
      schema: {
        response: orderPageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: [...STATUS_FILTER], default: 'all' }, ...paging },
        },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      return ok(await listOrders(db, requireUserId(request), status, page, size));
    },
  );

  app.get(
    `${BASE}/orders/:id`,
    { config: user, schema: { response: orderDetailResponse, params: idParams } },
    async (request) => ok(await orderDetail(db, requireUserId(request), request.params.id, lang(request))),
  );

  app.post(
    `${BASE}/orders/:id/cancel`,
    { config: user, schema: { response: orderDetailResponse, params: idParams, body: noBody } },
    async (request) => ok(await cancelOrder(db, requireUserId(request), request.params.id, lang(request))),
  );

  app.post(
    `${BASE}/orders/:id/confirm`,
    { config: user, schema: { response: orderDetailResponse, params: idParams, body: noBody } },
    async (request) => ok(await confirmReceipt(db, requireUserId(request), request.params.id, lang(request))),
  );

  app.post(
    `${BASE}/orders/:id/pay`,
    { config: user, schema: { response: payResponse, params: idParams, body: dataSchema('order-pay') } },
    async (request) =>
      ok(
        await payOrder(
          db,
          payments.provider,
          requireUserId(request),
          request.params.id,
          request.body,
          lang(request),
        ),
      ),
  );

  app.get(
    `${BASE}/payments/:paymentNo`,
    {
      config: user,
      schema: {
        response: paymentResponse,
        params: {
          type: 'object',
          required: ['paymentNo'],
          properties: { paymentNo: { type: 'string', pattern: '^[A-Za-z0-9]{1,40}$' } },
        },
      },
    },
    async (request) => ok(await getPayment(db, requireUserId(request), request.params.paymentNo)),
  );
}
