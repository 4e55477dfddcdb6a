/**
 * Expiry of unpaid recharge orders. A pending order older than RECHARGE_ORDER_TTL_MS becomes
 * `expired` through ONE conditional UPDATE (`status = 'pending'` in its WHERE). The paid callback
 * locks the same row (SELECT ... FOR UPDATE) before it changes it, so the two serialise on the row
 * lock and PostgreSQL re-checks the loser's condition against the winner's committed row: an order
 * ends either paid (and credited once) or expired, never both.
 *
 * It runs lazily before an owner reads their orders (the list never shows a stale "pending") and
 * in a sweep every SWEEP_MS when JOBS is on (so orders nobody looks at expire too). The deadline is
 * judged on the database clock everywhere, so the app's and the database's clocks cannot disagree.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { yunCoinOrders } from '../../db/schema';
import type { AppDeps } from '../../http/deps';
import { RECHARGE_ORDER_TTL_MS } from './config';

export const EXPIRY_SWEEP_MS = 60_000;

/** true for an order created before the payment window (database clock); a constant, not input */
export const pastDeadline: SQL = sql`${yunCoinOrders.createdAt} < now() - ${sql.raw(
  `interval '${Math.floor(RECHARGE_ORDER_TTL_MS / 1000)} seconds'`,
)}`;

/** Expires the due pending orders (of one user when given); answers how many changed. */
export async function expireDue(db: Db, userId?: number): Promise<number> {
  const rows = await db
    .update(yunCoinOrders)
    .set({ status: 'expired', failReason: 'expired' })
    .where(
      and(
        eq(yunCoinOrders.status, 'pending'),
        pastDeadline,
        userId === undefined ? undefined : eq(yunCoinOrders.userId, userId),
      ),
    )
    .returning({ id: yunCoinOrders.id });
  return rows.length;
}

/** The periodic sweep (server/jobs); its stop function waits for a sweep in flight. */
export async function startRechargeExpiry(deps: Pick<AppDeps, 'db'>): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => (stopped ? 0 : expireDue(deps.db)))
      .catch((err) => console.warn(`[wallet] recharge expiry failed: ${(err as Error).message}`));
  };
  const timer = setInterval(sweep, EXPIRY_SWEEP_MS);
  timer.unref?.();
  sweep();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
