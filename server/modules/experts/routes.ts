import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expertAds } from '../../db/schema';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { idParams, lang, paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { pushUnread } from '../messages';
import { expertCentre, expertSettlements } from './centre-service';
import {
  expertHome,
  expertStatistics,
  follow,
  listExperts,
  myFollows,
  rankings,
  unfollow,
} from './experts-service';
import {
  adsResponse,
  centreResponse,
  expertHomeResponse,
  expertPageResponse,
  followResponse,
  rankingsResponse,
  settlementsResponse,
  statisticsResponse,
} from './responses';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** Expert lists and homes, statistics, rankings, follows and ads (certification is the ops module's). */
export async function registerExpertsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub } = deps;

  app.get(
    '/mdr/api/v1/user/experts',
    {
      schema: {
        response: expertPageResponse,
        querystring: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['all', 'nine', 'free', 'hot'], default: 'all' },
            ...paging,
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await listExperts(db, q.type, q.page, q.size, request.auth.userId));
    },
  );

  app.get(
    '/mdr/api/v1/user/experts/:id',
    { schema: { response: expertHomeResponse, params: idParams } },
    async (request) => ok(await expertHome(db, request.params.id, request.auth.userId)),
  );

  app.get(
    '/mdr/api/v1/user/expert-statistics',
    {
      schema: {
        response: statisticsResponse,
        querystring: { type: 'object', required: ['expert_id'], properties: { expert_id: id } },
      },
    },
    async (request) => ok(await expertStatistics(db, request.query.expert_id)),
  );

  app.get(
    '/mdr/api/v1/experts/rankings',
    {
      schema: {
        response: rankingsResponse,
        querystring: {
          type: 'object',
          properties: {
            period: { type: 'string', enum: ['week', 'month', 'season'], default: 'week' },
            size: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          },
        },
      },
    },
    async (request) => ok(await rankings(db, request.query.period, request.query.size, request.auth.userId)),
  );

  app.get(
    '/mdr/api/v1/user/expert/follows',
    {
      config: { auth: 'user' },
      schema: { querystring: { type: 'object', properties: paging }, response: expertPageResponse },
    },
    async (request) =>
      ok(await myFollows(db, requireUserId(request), request.query.page, request.query.size)),
  );

  app.post(
    '/mdr/api/v1/user/expert/follows',
    {
      config: { auth: 'user' },
      schema: {
        response: followResponse,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['expert_id'],
          properties: { expert_id: id },
        },
      },
    },
    async (request) => {
      const done = await follow(db, requireUserId(request), request.body.expert_id);
      await pushUnread(db, hub, request.body.expert_id);
      return ok(done);
    },
  );

  app.delete(
    '/mdr/api/v1/user/expert/follows/:id',
    { config: { auth: 'user' }, schema: { response: followResponse, params: idParams } },
    async (request) => ok(await unfollow(db, requireUserId(request), request.params.id)),
  );

  // the caller's own expert centre: income, plan sales and settlements, statistics
  app.get(
    '/mdr/api/v1/user/expert/home',
    { schema: { response: centreResponse }, config: { auth: 'user' } },
    async (request) => ok(await expertCentre(db, requireUserId(request))),
  );

  app.get(
    '/mdr/api/v1/user/expert/settlements',
    {
      config: { auth: 'user' },
      schema: { response: settlementsResponse, querystring: { type: 'object', properties: paging } },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(await expertSettlements(db, requireUserId(request), page, size, lang(request)));
    },
  );

  app.get('/mdr/api/v1/expert-ads', { schema: { response: adsResponse } }, async () => {
    const list = await db.select().from(expertAds).orderBy(asc(expertAds.sort));
    return ok({ list: list.map((a) => ({ id: a.id, image: a.image, title: a.titleKey, link: a.link })) });
  });
}
