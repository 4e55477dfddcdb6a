import type { FastifyInstance } from 'fastify';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { langFrom } from '../../http/i18n';
import { paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { GROUPS, globalSearch } from './global-service';
import { globalSearchResponse, hotKeywordsResponse, searchMatchesResponse } from './responses';
import { hotKeywords, logSearch, searchMatches } from './search-service';

const KEYWORD_MAX = 30;

/**
 * GET /mdr/api/v1/search/matches (teams + their matches around now), GET /mdr/api/v1/search?keyword=&type=&size=
 * (every entity grouped by type: `size` hits per group, or one group), GET /mdr/api/v1/search/hot.
 */
export async function registerSearchRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, config } = deps;

  app.get(
    '/mdr/api/v1/search/matches',
    {
      config: { auth: 'none' },
      schema: {
        response: searchMatchesResponse,
        querystring: {
          type: 'object',
          required: ['keyword'],
          properties: {
            keyword: { type: 'string', minLength: 1, maxLength: KEYWORD_MAX },
            ...paging,
          },
        },
      },
    },
    async (request) => {
      const keyword = request.query.keyword.trim().replace(/\s+/g, ' ');
      // all-space keywords pass the length check but search for nothing
      if (!keyword) throw new ApiError(E.BAD_REQUEST);
      const { page, size } = request.query;
      const result = await searchMatches(db, {
        keyword,
        page,
        size,
        lang: langFrom(request.headers['accept-language']),
        clockSpeed: config.feedProvider === 'simulator' ? config.simSpeed : 1,
      });
      if (page === 1) await logSearch(db, keyword, request.auth.userId, result.teams.length);
      return ok(result);
    },
  );

  app.get(
    '/mdr/api/v1/search',
    {
      config: { auth: 'none' },
      schema: {
        response: globalSearchResponse,
        querystring: {
          type: 'object',
          required: ['keyword'],
          additionalProperties: false,
          properties: {
            keyword: { type: 'string', minLength: 1, maxLength: KEYWORD_MAX },
            type: { type: 'string', enum: ['all', ...GROUPS], default: 'all' },
            size: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
          },
        },
      },
    },
    async (request) => {
      const keyword = request.query.keyword.trim().replace(/\s+/g, ' ');
      if (!keyword) throw new ApiError(E.BAD_REQUEST);
      const result = await globalSearch(db, {
        keyword,
        lang: langFrom(request.headers['accept-language']),
        type: request.query.type === 'all' ? undefined : request.query.type,
        size: request.query.size,
        viewerId: request.auth.userId,
        nowMs: nowMs(),
        clockSpeed: config.feedProvider === 'simulator' ? config.simSpeed : 1,
      });
      if (request.query.type === 'all') await logSearch(db, keyword, request.auth.userId, result.total);
      return ok(result);
    },
  );

  app.get(
    '/mdr/api/v1/search/hot',
    {
      config: { auth: 'none' },
      schema: {
        response: hotKeywordsResponse,
        querystring: {
          type: 'object',
          properties: { size: { type: 'integer', minimum: 1, maximum: 30, default: 10 } },
        },
      },
    },
    async (request) =>
      ok({ list: await hotKeywords(db, langFrom(request.headers['accept-language']), request.query.size) }),
  );
}
