import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { postMessage, thread, threads } from './consult-service';
import { threadResponse, threadsResponse } from './responses';

const operator = { auth: 'operator' as const, opsRole: 'reviewer' as const };

/** The buyer's consultation thread of an order, and the merchant's side in the console. */
export async function registerConsultRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;
  app.get(
    '/mdr/api/v1/shop/consultations/:id',
    { config: { auth: 'user' }, schema: { response: threadResponse, params: idParams } },
    async (r) => ok(await thread(db, r.params.id, requireUserId(r))),
  );
  app.post(
    '/mdr/api/v1/shop/consultations/:id',
    {
      config: { auth: 'user' },
      schema: { response: threadResponse, params: idParams, body: dataSchema('shop-consultation') },
    },
    async (r) => ok(await postMessage(db, r.params.id, r.body.body, { userId: requireUserId(r) })),
  );

  app.get(
    '/mdr/api/v1/ops/shop/consultations',
    {
      config: operator,
      schema: {
        response: threadsResponse,
        querystring: { type: 'object', additionalProperties: false, properties: paging },
      },
    },
    async (r) => ok(await threads(db, r.query.page, r.query.size)),
  );
  app.get(
    '/mdr/api/v1/ops/shop/consultations/:id',
    { config: operator, schema: { response: threadResponse, params: idParams } },
    async (r) => ok(await thread(db, r.params.id, null)),
  );
  app.post(
    '/mdr/api/v1/ops/shop/consultations/:id/reply',
    {
      config: operator,
      schema: { response: threadResponse, params: idParams, body: dataSchema('shop-consultation') },
    },
    async (r) => ok(await postMessage(db, r.params.id, r.body.body, { operatorId: requireUserId(r) })),
  );
}
