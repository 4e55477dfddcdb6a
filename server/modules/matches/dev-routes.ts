/**
 * Dev only (registered when the dev outbox is on, never in production):
 * - POST /dev/matches makes a fixture between two seeded clubs at a given time (`start_in_min` from
 *   the server's now: negative for a match already under way or finished, which the feed plays at
 *   once). Tests that need a scheduled, live or finished match make one here, so they pass at any hour.
 * - POST /dev/matches/{id}/kickoff moves a scheduled match's start to now so the simulator plays it at
 *   once (browser tests run with SIM_SPEED=60).
 * Both ask the provider's `kickoff` for a sim seed whose timeline plays the match (not postponed or
 * cancelled); with `goal_before=<minute>` also one that has a goal by then (a 0-0 would leave a test
 * waiting forever).
 */

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../../db/schema';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { langFrom } from '../../http/i18n';
import { typed } from '../../http/type-provider';
import { createDevFixture } from './dev-fixture';
import { toItem } from './items';
import type { MatchFeed } from './live-contract';
import { getMatch } from './match-service';
import { getRefs } from './names';
import { idParams } from './schemas';
import { applied } from './update-service';

const goalBefore = { type: 'integer', minimum: 1, maximum: 90 } as const;

const createBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    competition: { type: 'string', pattern: '^[A-Z0-9]{2,12}$', default: 'EPL' },
    /** minutes from now; a week either way */
    start_in_min: { type: 'integer', minimum: -10_080, maximum: 10_080, default: 30 },
    goal_before: goalBefore,
  },
} as const;

export async function registerMatchDevRoutes(
  root: FastifyInstance,
  deps: AppDeps,
  feed: MatchFeed,
): Promise<void> {
  const app = typed(root);
  const { db } = deps;

  app.post('/dev/matches', { schema: { body: createBody } }, async (request) => {
    const body = request.body ?? { competition: 'EPL', start_in_min: 30 };
    const row = await createDevFixture(db, feed, {
      competition: body.competition ?? 'EPL',
      startAt: new Date(nowMs() + (body.start_in_min ?? 30) * 60_000),
      goalBefore: body.goal_before,
    });
    await applied(db, null, { matchId: row.id, rebuild: true });
    const refs = await getRefs(db, [row.homeTeamId, row.awayTeamId]);
    return ok(toItem(row, refs, langFrom(request.headers['accept-language']), feed.speed));
  });

  app.post(
    '/dev/matches/:id/kickoff',
    {
      schema: {
        params: idParams,
        querystring: { type: 'object', additionalProperties: false, properties: { goal_before: goalBefore } },
      },
    },
    async (request) => {
      const m = await getMatch(db, request.params.id);
      if (!m) throw new ApiError(E.NOT_FOUND);
      if (m.status !== 1) throw new ApiError(E.MATCH_CLOSED);
      const { simSeed: seed } = await feed.kickoff(m, { goalBefore: request.query.goal_before });
      const startAt = new Date(nowMs());
      await db
        .update(matches)
        .set({ startAt, simSeed: seed, updatedAt: startAt })
        .where(eq(matches.id, m.id));
      await applied(db, null, { matchId: m.id, rebuild: true });
      return ok({ id: m.id, start_ms: startAt.getTime(), sim_seed: seed });
    },
  );
}
