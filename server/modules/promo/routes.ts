import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, lang, paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { ecommerceSummary, listRecords, RECORD_STATES, recordDetail } from './income-service';
import { ecommerceResponse, recordPageResponse, recordResponse, shareCodeResponse } from './responses';
import { shareCodeOf } from './share-codes';

const noQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

/** Share codes, the promotion income summary and its records (spec §7). */
export async function registerPromoRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const user = { auth: 'user' as const };
  app.get(
    '/mdr/api/v1/promo/share-code',
    { config: user, schema: { querystring: noQuery, response: shareCodeResponse } },
    async (request) => ok({ code: await shareCodeOf(deps.db, requireUserId(request)) }),
  );
  app.get(
    '/mdr/api/v1/user/ecommerce',
    { config: user, schema: { querystring: noQuery, response: ecommerceResponse } },
    async (request) => ok(await ecommerceSummary(deps.db, requireUserId(request))),
  );
  app.get(
    '/byn/api/v1/user/promotion-records',
    {
      config: user,
      schema: {
        response: recordPageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { state: { type: 'string', enum: [...RECORD_STATES] }, ...paging },
        },
      },
    },
    async (request) => ok(await listRecords(deps.db, requireUserId(request), request.query, lang(request))),
  );
  app.get(
    '/byn/api/v1/user/promotion-records/:id',
    { config: user, schema: { params: idParams, response: recordResponse } },
    async (request) =>
      ok(await recordDetail(deps.db, requireUserId(request), request.params.id, lang(request))),
  );
}
