/**
 * The points store's timers (when JOBS is on), on the app clock (server/http/clock.ts) so tests move
 * time instead of waiting: unpaid points + cash exchanges past their payment window close (stock and
 * points back) without waiting for someone to read them; shipped goods past the auto-confirm days
 * complete.
 */
import type { AppDeps } from '../../http/deps';
import { startPeriodic } from '../../jobs/periodic';
import { completeShipped } from './exchange-merchant';
import { closeOverdue } from './exchange-service';

export const POINTS_SWEEP_MS = 30_000;

/** One pass (the job's tick; tests call it directly). */
export async function sweepPoints(deps: Pick<AppDeps, 'db'>): Promise<{ closed: number; completed: number }> {
  const closed = await closeOverdue(deps.db);
  const completed = await completeShipped(deps.db);
  return { closed, completed };
}

export function startPointsJobs(deps: Pick<AppDeps, 'db'>): Promise<() => Promise<void>> {
  return startPeriodic('points', POINTS_SWEEP_MS, () => sweepPoints(deps));
}
