/** Lottery lists experts pick plan matches from: jczq, bjdc (win/lose) and ctzc issues. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { langFrom } from '../../http/i18n';
import { typed } from '../../http/type-provider';
import { ctzcIssues, ctzcMatches, lotteryMatches, lotteryOddsOf } from './list-service';
import { getMatch } from './match-service';
import {
  ctzcIssuesResponse,
  ctzcMatchesResponse,
  lotteryOddsResponse,
  lotteryPageResponse,
} from './responses';
import { ctzcQuery, idParams, pagingQuery } from './schemas';

const open = { auth: 'none' as const };

export async function registerLotteryRoutes(
  root: FastifyInstance,
  deps: AppDeps,
  speed: number,
): Promise<void> {
  const app = typed(root);
  const { db } = deps;
  const lang = (r: FastifyRequest) => langFrom(r.headers['accept-language']);
  const must = async (id: number) => {
    if (!(await getMatch(db, id))) throw new ApiError(E.NOT_FOUND);
  };

  for (const [path, market] of [
    ['/mdr/api/v1/jczq', 'jczq'],
    ['/mdr/api/v1/bjdc-sf', 'bjdc'],
  ] as const) {
    app.get(
      `${path}/matches`,
      { config: open, schema: { response: lotteryPageResponse, querystring: pagingQuery } },
      async (request) =>
        ok(
          await lotteryMatches(
            db,
            market,
            lang(request),
            nowMs(),
            speed,
            request.query.page,
            request.query.size,
          ),
        ),
    );
    app.get(
      `${path}/odds/:id`,
      { config: open, schema: { response: lotteryOddsResponse, params: idParams } },
      async (request) => {
        await must(request.params.id);
        return ok(await lotteryOddsOf(db, request.params.id, market));
      },
    );
  }

  app.get(
    '/mdr/api/v1/ctzc/issue-nums',
    { schema: { response: ctzcIssuesResponse }, config: open },
    async () => ok({ list: await ctzcIssues(db, nowMs()) }),
  );

  app.get(
    '/mdr/api/v1/ctzc/matches',
    { config: open, schema: { response: ctzcMatchesResponse, querystring: ctzcQuery } },
    async (request) => ok(await ctzcMatches(db, request.query.issue_num, lang(request), nowMs(), speed)),
  );
}
