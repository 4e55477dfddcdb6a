import type { FastifyInstance } from 'fastify';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { id, idParams, lang } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { competitionDetail, competitionRound, competitionsHome } from './competition-service';
import { coachDetail, playerDetail, teamDetail, transferList } from './people-service';
import {
  coachResponse,
  competitionResponse,
  competitionsResponse,
  playerResponse,
  roundResponse,
  teamResponse,
  transfersResponse,
} from './responses';

const PREFIX = '/mdr/api/v1/database';
/** the database is public reading */
const open = { auth: 'none' as const };

const roundQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { round: { type: 'string', pattern: '^[0-9]{1,3}$' } },
} as const;

const transfersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { team_id: id, player_id: id },
} as const;

/** Competitions, a competition's season and rounds, clubs, players, coaches, transfers (all read-only). */
export async function registerDatabaseRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, config } = deps;
  const speed = config.feedProvider === 'simulator' ? config.simSpeed : 1;

  app.get(
    `${PREFIX}/competitions`,
    { config: open, schema: { response: competitionsResponse } },
    async (request) => ok(await competitionsHome(db, lang(request), nowMs(), speed)),
  );

  app.get(
    `${PREFIX}/competitions/:id`,
    { config: open, schema: { response: competitionResponse, params: idParams } },
    async (request) => ok(await competitionDetail(db, request.params.id, lang(request))),
  );

  app.get(
    `${PREFIX}/competitions/:id/matches`,
    { config: open, schema: { response: roundResponse, params: idParams, querystring: roundQuery } },
    async (request) =>
      ok(await competitionRound(db, request.params.id, request.query.round, lang(request), speed)),
  );

  app.get(
    `${PREFIX}/teams/:id`,
    { config: open, schema: { response: teamResponse, params: idParams } },
    async (request) => ok(await teamDetail(db, request.params.id, lang(request), speed)),
  );

  app.get(
    `${PREFIX}/players/:id`,
    { config: open, schema: { response: playerResponse, params: idParams } },
    async (request) => ok(await playerDetail(db, request.params.id, lang(request), speed, nowMs())),
  );

  app.get(
    `${PREFIX}/coaches/:id`,
    { config: open, schema: { response: coachResponse, params: idParams } },
    async (request) => ok(await coachDetail(db, request.params.id, lang(request), speed, nowMs())),
  );

  app.get(
    `${PREFIX}/transfers`,
    { config: open, schema: { response: transfersResponse, querystring: transfersQuery } },
    async (request) => {
      const q = request.query;
      // exactly one of the two: a club's moves or a player's history
      if ((q.team_id === undefined) === (q.player_id === undefined)) throw new ApiError(E.BAD_REQUEST);
      return ok(await transferList(db, q, lang(request)));
    },
  );
}
