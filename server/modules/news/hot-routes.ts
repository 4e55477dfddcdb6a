import type { FastifyInstance } from 'fastify';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { lang, paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { hotList } from './hot-list';
import { hotListResponse } from './responses';

/** GET /mdr/api/v1/hot-list: news and activities by engagement in the last 48 hours (hot-list.ts). */
export function registerHotListRoute(root: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  const app = typed(root);
  app.get(
    '/mdr/api/v1/hot-list',
    {
      config: { auth: 'none' },
      schema: {
        response: hotListResponse,
        querystring: { type: 'object', additionalProperties: false, properties: { ...paging } },
      },
    },
    async (request) =>
      ok(
        await hotList(deps.db, {
          lang: lang(request),
          nowMs: nowMs(),
          page: request.query.page,
          size: request.query.size,
          viewerId: request.auth.userId,
        }),
      ),
  );
}
