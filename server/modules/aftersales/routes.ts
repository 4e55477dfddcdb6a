import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { orderDetailResponse } from '../orders';
import {
  AFTER_SALE_STATES,
  afterSaleRow,
  afterSaleView,
  applyAfterSale,
  editAfterSale,
  listAfterSales,
  sendReturnExpress,
  withdrawAfterSale,
} from './after-sales-service';
import { registerAfterSalesDevRoutes } from './dev-routes';
import { afterSalePageResponse, afterSaleResponse, trackingResponse } from './responses';
import { reviewOrder } from './reviews-service';
import { orderTracking } from './tracking-service';

const BASE = '/mdr/api/v1/shop';
const user = { auth: 'user' } as const;
const noBody = { type: 'object', additionalProperties: false, maxProperties: 0 } as const;

/** The buyer's after-sales, an order's tracking, and reviewing a received order. */
export async function registerAfterSalesRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;
  await registerAfterSalesDevRoutes(root, deps);

  app.get(
    `${BASE}/orders/:id/tracking`,
    { config: user, schema: { response: trackingResponse, params: idParams } },
    async (request) => ok(await orderTracking(db, requireUserId(request), request.params.id)),
  );

  app.post(
    `${BASE}/orders/:id/review`,
    {
      config: user,
      schema: { response: orderDetailResponse, params: idParams, body: dataSchema('review-create') },
    },
    async (request) => ok(await reviewOrder(db, requireUserId(request), request.params.id, request.body)),
  );

  app.get(
    `${BASE}/after-sales`,
    {
      config: user,
      schema: {
        response: afterSalePageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['all', 'open', ...AFTER_SALE_STATES], default: 'all' },
            ...paging,
          },
        },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      return ok(await listAfterSales(db, requireUserId(request), status, page, size));
    },
  );

  app.post(
    `${BASE}/after-sales`,
    { config: user, schema: { response: afterSaleResponse, body: dataSchema('after-sale-apply') } },
    async (request) => ok(await applyAfterSale(db, requireUserId(request), request.body)),
  );

  app.get(
    `${BASE}/after-sales/:id`,
    { config: user, schema: { response: afterSaleResponse, params: idParams } },
    async (request) => ok(afterSaleView(await afterSaleRow(db, request.params.id, requireUserId(request)))),
  );

  app.put(
    `${BASE}/after-sales/:id`,
    {
      config: user,
      schema: { response: afterSaleResponse, params: idParams, body: dataSchema('after-sale-edit') },
    },
    async (request) => ok(await editAfterSale(db, requireUserId(request), request.params.id, request.body)),
  );

  app.post(
    `${BASE}/after-sales/:id/withdraw`,
    { config: user, schema: { response: afterSaleResponse, params: idParams, body: noBody } },
    async (request) => ok(await withdrawAfterSale(db, requireUserId(request), request.params.id)),
  );

  app.post(
    `${BASE}/after-sales/:id/express`,
    {
      config: user,
      schema: { response: afterSaleResponse, params: idParams, body: dataSchema('after-sale-express') },
    },
    async (request) =>
      ok(await sendReturnExpress(db, requireUserId(request), request.params.id, request.body)),
  );
}
