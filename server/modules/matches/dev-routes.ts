/**
 * Dev only (registered when the dev outbox is on): POST /dev/matches/{id}/kickoff moves a scheduled
 * match's start to now so the simulator plays it at once (browser tests run with SIM_SPEED=60). A seed
 * whose timeline would postpone or cancel the match is replaced by one that plays it; with
 * `?goal_before=<minute>` also by one that has a goal by then (a 0-0 would leave a test waiting forever).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { matches } from '../../db/schema';
import { loadSimRefs, timelineFor } from '../../feed/simulator/context';
import { mixSeed } from '../../feed/simulator/prng';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { notifyMatchChanged } from './list-cache';
import { getMatch } from './match-service';
import { idParams } from './schemas';

/** goal, own goal, penalty goal (spec §4) */
const GOAL_CODES = new Set([1, 2, 3]);

export async function registerMatchDevRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  app.post<{ Params: { id: number }; Querystring: { goal_before?: number } }>(
    '/dev/matches/:id/kickoff',
    {
      schema: {
        params: idParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { goal_before: { type: 'integer', minimum: 1, maximum: 90 } },
        },
      },
    },
    async (request) => {
      const goalBefore = request.query.goal_before;
      const m = await getMatch(db, request.params.id);
      if (!m) throw new ApiError(E.NOT_FOUND);
      if (m.status !== 1) throw new ApiError(E.MATCH_CLOSED);
      const refs = await loadSimRefs(db);
      let seed = m.simSeed || mixSeed(config.simSeed, m.id);
      const wanted = (candidate: number) => {
        const tl = timelineFor(refs, { ...m, simSeed: candidate }, config.simSeed);
        if (tl.outcome !== 'played') return false;
        if (!goalBefore) return true;
        return tl.entries.some(
          (e) => e.event && GOAL_CODES.has(e.event.code) && e.event.minute <= goalBefore,
        );
      };
      // sim_seed is a signed 32-bit column; mixSeed answers unsigned
      for (let i = 1; i < 200 && !wanted(seed); i++) seed = mixSeed(seed, i) | 0;
      const startAt = new Date(nowMs());
      await db
        .update(matches)
        .set({ startAt, simSeed: seed, updatedAt: startAt })
        .where(eq(matches.id, m.id));
      notifyMatchChanged(m.id);
      return ok({ id: m.id, start_ms: startAt.getTime(), sim_seed: seed });
    },
  );
}
