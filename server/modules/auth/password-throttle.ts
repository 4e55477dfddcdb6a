/**
 * Slows password guessing: after 10 wrong passwords for one account within 15 minutes, password
 * login for it answers 100429 until the window passes. Unknown accounts count the same way so the
 * answer does not reveal which accounts exist. Code login is unaffected (it has its own limits).
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db';
import { loginFailures } from '../../db/schema';
import { now, nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';

export const MAX_PASSWORD_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

export async function assertPasswordAttemptAllowed(db: Db, target: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.target, target),
        gt(loginFailures.createdAt, new Date(nowMs() - FAILURE_WINDOW_MS)),
      ),
    );
  if (row.n >= MAX_PASSWORD_FAILURES) throw new ApiError(E.TOO_MANY);
}

export async function recordPasswordFailure(db: Db, target: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ target, ip, createdAt: now() });
}

export async function clearPasswordFailures(db: Db, target: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.target, target));
}
