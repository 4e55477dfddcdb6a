/**
 * The points store's timers (when JOBS is on), on the app clock (server/http/clock.ts) so tests move
 * time instead of waiting: unpaid points + cash exchanges past their payment window close (stock and
 * points back) without waiting for someone to read them; shipped goods past the auto-confirm days
 * complete; fans whose perks ran out since the last pass hear it on their topic (their tabs drop the
 * badge or show the banners again).
 */

import { now } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { startPeriodic } from '../../jobs/periodic';
import { completeShipped } from './exchange-merchant';
import { closeOverdue } from './exchange-service';
import { perksChanged, perksEnded } from './perks';

export const POINTS_SWEEP_MS = 30_000;

/**
 * One pass (the job's tick; tests call it directly). With a hub, the fans whose perks ended after `since`
 * (the previous pass; the first looks one period back) are told.
 */
export async function sweepPoints(
  deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'hub'>>,
  since?: Date,
): Promise<{ closed: number; completed: number; perksEnded: number }> {
  const closed = await closeOverdue(deps.db);
  const completed = await completeShipped(deps.db);
  let ended: number[] = [];
  if (deps.hub && since) {
    ended = await perksEnded(deps.db, since, now());
    await perksChanged({ hub: deps.hub }, ended);
  }
  return { closed, completed, perksEnded: ended.length };
}

export function startPointsJobs(deps: Pick<AppDeps, 'db' | 'hub'>): Promise<() => Promise<void>> {
  let since = new Date(now().getTime() - POINTS_SWEEP_MS);
  return startPeriodic('points', POINTS_SWEEP_MS, async () => {
    const until = now();
    const out = await sweepPoints(deps, since);
    since = until;
    return out;
  });
}
