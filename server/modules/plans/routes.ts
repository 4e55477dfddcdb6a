import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, lang, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { planHome, priceConfigs } from './home-service';
import { buyPlan, listPlans, listPurchases, planDetail, planFilterQuery } from './plans-service';
import { planOdds, publishPlan } from './publish-service';
import {
  buyResponse,
  packagesResponse,
  planDetailResponse,
  planHomeResponse,
  planOddsResponse,
  planPageResponse,
  priceConfigsResponse,
  publishResponse,
  purchasesResponse,
  subscribedExpertsResponse,
  subscribeResponse,
  subscriptionResponse,
  subscriptionsResponse,
} from './responses';
import {
  buyPackage,
  cancelAutoRenew,
  mySubscriptions,
  packagesOf,
  subscribedExperts,
} from './subscriptions-service';

const pageQuery = { type: 'object', properties: paging } as const;

/** Plans: publish, browse, buy; subscriptions. Settlement runs in jobs.ts. */
export async function registerPlansRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const app = typed(root);

  app.get(
    '/mdr/api/v1/config/plan-price-configs',
    { schema: { response: priceConfigsResponse } },
    async (request) => ok(await priceConfigs(db, lang(request))),
  );

  app.get(
    '/mdr/api/v1/user/expert-plan/home',
    { config: { auth: 'user' }, schema: { response: planHomeResponse } },
    async (request) => ok(await planHome(db, requireUserId(request))),
  );

  app.get(
    '/mdr/api/v1/user/expert-plan/odds',
    {
      schema: {
        response: planOddsResponse,
        querystring: {
          type: 'object',
          required: ['play_type', 'match_ids'],
          properties: {
            play_type: { type: 'string', enum: ['spf', 'rqspf', 'bqc', 'zjq', 'bf', 'sf', 'sfc14', 'rx9'] },
            match_ids: { type: 'string', maxLength: 400, pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,29}$' },
          },
        },
      },
    },
    async (request) => {
      const ids = [...new Set(request.query.match_ids.split(',').map(Number))].filter(
        (n) => n > 0 && n < 2 ** 31,
      );
      const tables = await planOdds(db, request.query.play_type, ids);
      return ok({
        list: ids.map((id) => ({
          match_id: id,
          odds: tables.get(id)?.table ?? {},
          handicap: tables.get(id)?.handicap ?? null,
        })),
      });
    },
  );

  app.post(
    '/mdr/api/v1/user/expert-plans',
    { config: { auth: 'user' }, schema: { response: publishResponse, body: dataSchema('plans-publish') } },
    async (request) => ok(await publishPlan(db, requireUserId(request), request.body)),
  );

  app.get(
    '/mdr/api/v1/user/expert-plans',
    { schema: { response: planPageResponse, querystring: planFilterQuery } },
    async (request) => ok(await listPlans(db, request.query, lang(request))),
  );

  app.get(
    '/mdr/api/v1/user/expert-plans/:id',
    { schema: { response: planDetailResponse, params: idParams } },
    async (request) => ok(await planDetail(db, request.params.id, request.auth.userId, lang(request))),
  );

  app.post(
    '/mdr/api/v1/user/expert-plans/:id/orders',
    {
      config: { auth: 'user' },
      schema: { response: buyResponse, params: idParams, body: dataSchema('plans-order') },
    },
    async (request) =>
      ok(await buyPlan(db, request.params.id, requireUserId(request), request.body.idempotency_key)),
  );

  app.get(
    '/mdr/api/v1/user/expert-plan/purchases',
    { config: { auth: 'user' }, schema: { response: purchasesResponse, querystring: pageQuery } },
    async (request) =>
      ok(
        await listPurchases(
          db,
          requireUserId(request),
          request.query.page,
          request.query.size,
          lang(request),
        ),
      ),
  );

  app.get(
    '/mdr/api/v1/user/expert-subs/:id',
    { schema: { response: packagesResponse, params: idParams } },
    async (request) => ok(await packagesOf(db, request.params.id, request.auth.userId)),
  );

  app.post(
    '/mdr/api/v1/user/expert-subscriptions/:id/orders',
    {
      config: { auth: 'user' },
      schema: { response: subscribeResponse, params: idParams, body: dataSchema('plans-order') },
    },
    async (request) =>
      ok(
        await buyPackage(
          db,
          requireUserId(request),
          request.params.id,
          request.body.idempotency_key,
          request.body.auto_renew ?? true,
        ),
      ),
  );

  app.get(
    '/mdr/api/v1/user/expert-subscriptions',
    { config: { auth: 'user' }, schema: { response: subscriptionsResponse, querystring: pageQuery } },
    async (request) =>
      ok(await mySubscriptions(db, requireUserId(request), request.query.page, request.query.size)),
  );

  app.get(
    '/mdr/api/v1/user/expert-subscription/experts',
    { config: { auth: 'user' }, schema: { response: subscribedExpertsResponse, querystring: pageQuery } },
    async (request) =>
      ok(await subscribedExperts(db, requireUserId(request), request.query.page, request.query.size)),
  );

  app.post(
    '/mdr/api/v1/user/expert-subscriptions/:id/cancel',
    { config: { auth: 'user' }, schema: { response: subscriptionResponse, params: idParams } },
    async (request) => ok(await cancelAutoRenew(db, requireUserId(request), request.params.id)),
  );
}
