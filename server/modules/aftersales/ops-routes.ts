import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { ORDER_STATES } from '../orders';
import { paymentsFor } from '../wallet';
import { AFTER_SALE_STATES, afterSaleRow, afterSaleView, listAfterSales } from './after-sales-service';
import { type Decision, decideAfterSale, opsOrders, shipByMerchant } from './merchant-service';
import { afterSalePageResponse, opsAfterSaleResponse, opsOrderPageResponse, shipResponse } from './responses';

const OPS = '/mdr/api/v1/ops/shop';
/** the merchant's work is a review queue: the reviewer role (admins have every role) */
const operator = { auth: 'operator' as const, opsRole: 'reviewer' as const };

/** The merchant side in the operator console: orders to ship, after-sales decisions (audited). */
export async function registerMerchantRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;
  const payments = paymentsFor(deps);

  async function notify(request: FastifyRequest, userId: number, notice: Record<string, unknown>) {
    try {
      await hub.publish(`user:${userId}`, { kind: 'notice', ...notice });
    } catch (err) {
      request.log.warn({ err }, 'shop notice failed');
    }
  }

  app.get(
    `${OPS}/orders`,
    {
      config: operator,
      schema: {
        response: opsOrderPageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: [...ORDER_STATES], default: 'pending_shipment' },
            ...paging,
          },
        },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      return ok(await opsOrders(db, status, page, size));
    },
  );

  app.post(
    `${OPS}/orders/:id/ship`,
    { config: operator, schema: { response: shipResponse, params: idParams, body: dataSchema('ops-ship') } },
    async (request) => {
      const r = await shipByMerchant(db, requireUserId(request), request.params.id, request.body.carrier);
      await notify(request, r.user_id, { topic: 'shop.order', status: 'pending_receipt', id: r.order_id });
      return ok({ order_id: r.order_id, carrier: r.carrier, tracking_no: r.tracking_no });
    },
  );

  app.get(
    `${OPS}/after-sales`,
    {
      config: operator,
      schema: {
        response: afterSalePageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['all', 'open', ...AFTER_SALE_STATES], default: 'open' },
            ...paging,
          },
        },
      },
    },
    async (request) => {
      const { status, page, size } = request.query;
      return ok(await listAfterSales(db, null, status, page, size));
    },
  );

  app.get(
    `${OPS}/after-sales/:id`,
    { config: operator, schema: { response: opsAfterSaleResponse, params: idParams } },
    async (request) => {
      const r = await afterSaleRow(db, request.params.id);
      return ok({ ...afterSaleView(r), user_id: Number(r.user_id) });
    },
  );

  const decide =
    (decision: Decision) =>
    async (request: FastifyRequest & { params: { id: number }; body?: { reason?: string } }) => {
      const out = await decideAfterSale(
        db,
        payments.provider,
        requireUserId(request),
        request.params.id,
        decision,
        request.body?.reason,
      );
      await notify(request, out.user_id, { topic: 'shop.after_sale', status: out.status, id: out.id });
      return ok(out);
    };
  const noBody = { type: 'object', additionalProperties: false, maxProperties: 0 } as const;
  app.post(
    `${OPS}/after-sales/:id/approve`,
    { config: operator, schema: { response: opsAfterSaleResponse, params: idParams, body: noBody } },
    decide('approve'),
  );
  app.post(
    `${OPS}/after-sales/:id/received`,
    { config: operator, schema: { response: opsAfterSaleResponse, params: idParams, body: noBody } },
    decide('received'),
  );
  app.post(
    `${OPS}/after-sales/:id/reject`,
    {
      config: operator,
      schema: {
        response: opsAfterSaleResponse,
        params: idParams,
        body: dataSchema('after-sale-reject'),
      },
    },
    decide('reject'),
  );
}
