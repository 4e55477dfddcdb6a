import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import { nowMs } from '../../http/clock';
import { CachedBody, sendCached } from '../../http/compression';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { type Lang, langFrom } from '../../http/i18n';
import { typed } from '../../http/type-provider';
import { matchData, matchIntelligence } from './data-service';
import { registerMatchDevRoutes } from './dev-routes';
import { setListTtl } from './list-cache';
import { leagueCounts, matchList, popularMatches } from './list-service';
import type { MatchFeed } from './live-contract';
import { registerLotteryRoutes } from './lottery-routes';
import {
  bookMatch,
  matchDetail,
  matchEventsList,
  matchLineupsOf,
  matchOddsOf,
  matchStatistics,
  supportMatch,
} from './match-service';
import { oddsHistory } from './odds-history';
import {
  bookingResponse,
  dataResponse,
  eventsResponse,
  intelligenceResponse,
  leaguesResponse,
  lineupsResponse,
  matchDetailResponse,
  matchPageResponse,
  oddsHistoryResponse,
  oddsResponse,
  statisticsResponse,
  supportResponse,
} from './responses';
import {
  bookmakerParams,
  eventsQuery,
  idParams,
  leaguesQuery,
  listQuery,
  pagingQuery,
  supportBody,
} from './schemas';

const PREFIX = '/mdr/api/v1/matches';
/** reads are public (a token, when sent, still personalises booked / supported) */
const open = { auth: 'none' as const };

function validDate(date: string | undefined): void {
  if (date === undefined) return;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new ApiError(E.BAD_REQUEST, { in: 'querystring', pointer: '/date', keyword: 'format' });
  }
}

/**
 * Popular news, handed over by app.ts from the news module's face: matches does not import news
 * (news reads matches), so the composition root connects them.
 */
export interface PopularNewsSource {
  popular(lang: Lang, nowMs: number, page: number, size: number): Promise<unknown>;
  /** the route's response schema (the news feed page) */
  response: Record<number, unknown>;
}

/** Match lists, detail, events, statistics, lineups, odds, data, intelligence, lottery lists, support, booking. */
export async function registerMatchesRoutes(
  root: FastifyInstance,
  deps: AppDeps,
  feed: MatchFeed,
  news: PopularNewsSource,
): Promise<void> {
  const app = typed(root);
  const { db, hub, config } = deps;
  const lang = (r: FastifyRequest) => langFrom(r.headers['accept-language']);
  const speed = feed.speed;
  // several nodes may write one PostgreSQL: pick up their changes quickly; PGlite has one writer
  setListTtl(config.databaseUrl ? 2000 : 60_000);

  app.get(
    PREFIX,
    { config: open, schema: { response: matchPageResponse, querystring: listQuery } },
    async (request, reply) => {
      const q = request.query;
      validDate(q.date);
      if (q.tab === 'appointment' && request.auth.userId === null) throw new ApiError(E.NOT_LOGGED_IN);
      const out = await matchList(db, q, lang(request), nowMs(), speed, request.auth.userId);
      if (out instanceof CachedBody) return sendCached(request, reply, out);
      return out;
    },
  );

  app.get(
    `${PREFIX}/leagues`,
    { config: open, schema: { response: leaguesResponse, querystring: leaguesQuery } },
    async (request) => {
      validDate(request.query.date);
      if (request.query.tab === 'appointment' && request.auth.userId === null)
        throw new ApiError(E.NOT_LOGGED_IN);
      return ok({
        list: await leagueCounts(db, request.query, lang(request), nowMs(), speed, request.auth.userId),
      });
    },
  );

  app.get(
    `${PREFIX}/popular`,
    { config: open, schema: { response: matchPageResponse, querystring: pagingQuery } },
    async (request) =>
      ok(await popularMatches(db, lang(request), nowMs(), speed, request.query.page, request.query.size)),
  );

  root.get<{ Querystring: { page: number; size: number } }>(
    `${PREFIX}/news/popular`,
    { config: open, schema: { response: news.response, querystring: pagingQuery } },
    async (request) => ok(await news.popular(lang(request), nowMs(), request.query.page, request.query.size)),
  );

  app.get(
    `${PREFIX}/:id`,
    { config: open, schema: { response: matchDetailResponse, params: idParams } },
    async (request) =>
      ok(await matchDetail(db, request.params.id, lang(request), request.auth.userId, speed)),
  );

  app.get(
    `${PREFIX}/:id/events`,
    { config: open, schema: { response: eventsResponse, params: idParams, querystring: eventsQuery } },
    async (request) => {
      const list = await matchEventsList(
        db,
        request.params.id,
        lang(request),
        request.query.all,
        request.query.after_seq,
      );
      return ok({ list, total: list.length });
    },
  );

  app.get(
    `${PREFIX}/:id/statistics`,
    { config: open, schema: { response: statisticsResponse, params: idParams } },
    async (request) => ok(await matchStatistics(db, request.params.id)),
  );

  app.get(
    `${PREFIX}/:id/lineups`,
    { config: open, schema: { response: lineupsResponse, params: idParams } },
    async (request) => ok(await matchLineupsOf(db, request.params.id, lang(request))),
  );

  app.get(
    `${PREFIX}/:id/odds`,
    { config: open, schema: { response: oddsResponse, params: idParams } },
    async (request) => {
      const list = await matchOddsOf(db, request.params.id, lang(request));
      return ok({ list: list.filter((r) => r.bookmaker !== 'lottery') });
    },
  );

  app.get(
    `${PREFIX}/:id/odds/:bookmaker`,
    { config: open, schema: { response: oddsHistoryResponse, params: bookmakerParams } },
    async (request) =>
      ok(await oddsHistory(db, feed, request.params.id, request.params.bookmaker, lang(request))),
  );

  app.get(
    `${PREFIX}/:id/data`,
    { config: open, schema: { response: dataResponse, params: idParams } },
    async (request) => ok(await matchData(db, request.params.id, lang(request))),
  );

  app.get(
    `${PREFIX}/:id/intelligence`,
    { config: open, schema: { response: intelligenceResponse, params: idParams } },
    async (request) => ok(await matchIntelligence(db, request.params.id, lang(request))),
  );

  app.post(
    `${PREFIX}/:id/support`,
    { config: { auth: 'user' }, schema: { response: supportResponse, params: idParams, body: supportBody } },
    async (request) =>
      ok(await supportMatch(db, hub, request.params.id, requireUserId(request), request.body.side)),
  );

  app.post(
    `${PREFIX}/:id/appointment`,
    { config: { auth: 'user' }, schema: { params: idParams, response: bookingResponse } },
    async (request) => ok(await bookMatch(db, request.params.id, requireUserId(request), true)),
  );

  app.delete(
    `${PREFIX}/:id/appointment`,
    { config: { auth: 'user' }, schema: { response: bookingResponse, params: idParams } },
    async (request) => ok(await bookMatch(db, request.params.id, requireUserId(request), false)),
  );

  await registerLotteryRoutes(root, deps, speed);
  if (config.devOutbox) await registerMatchDevRoutes(root, deps, feed);
}
