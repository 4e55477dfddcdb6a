/**
 * The order timers (when JOBS is on): unpaid orders past their window are cancelled and their stock
 * released; shipped orders past the auto-confirm countdown count as received; received orders past the review
 * window complete. Both read the app clock
 * (server/http/clock.ts), so tests move time instead of waiting.
 */
import type { AppDeps } from '../../http/deps';
import { startPeriodic } from '../../jobs/periodic';
import { cancelOverdue, completeOverdue, confirmOverdue } from './order-sweeps';

export const ORDER_SWEEP_MS = 30_000;

/** One pass of both timers (the job's tick; tests call it directly). */
export async function sweepOrders(
  deps: Pick<AppDeps, 'db'>,
): Promise<{ cancelled: number; confirmed: number; completed: number }> {
  const cancelled = await cancelOverdue(deps.db);
  const confirmed = await confirmOverdue(deps.db);
  const completed = await completeOverdue(deps.db);
  return { cancelled, confirmed, completed };
}

export function startOrderJobs(deps: Pick<AppDeps, 'db'>): Promise<() => Promise<void>> {
  return startPeriodic('orders', ORDER_SWEEP_MS, () => sweepOrders(deps));
}
