/**
 * Dev only (registered when the dev outbox is on): POST /dev/matches/{id}/kickoff moves a scheduled
 * match's start to now so the simulator plays it at once (browser tests run with SIM_SPEED=60). A seed
 * whose timeline would postpone or cancel the match is replaced by one that plays it.
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

export async function registerMatchDevRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  app.post<{ Params: { id: number } }>(
    '/dev/matches/:id/kickoff',
    { schema: { params: idParams } },
    async (request) => {
      const m = await getMatch(db, request.params.id);
      if (!m) throw new ApiError(E.NOT_FOUND);
      if (m.status !== 1) throw new ApiError(E.MATCH_CLOSED);
      const refs = await loadSimRefs(db);
      let seed = m.simSeed || mixSeed(config.simSeed, m.id);
      for (
        let i = 1;
        i < 50 && timelineFor(refs, { ...m, simSeed: seed }, config.simSeed).outcome !== 'played';
        i++
      )
        seed = mixSeed(seed, i);
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
