/**
 * Slows password guessing. Every password attempt is counted *before* the password is checked, by one
 * conditional upsert on a counter row (PostgreSQL locks the conflicting row and re-checks the condition,
 * so parallel attempts cannot all pass a count read earlier):
 * - per account target: 10 attempts in a 15-minute window, then 100429 until the window passes;
 *   a successful login clears the target's counter;
 * - per client IP: 50 failed attempts in 15 minutes, whatever the targets (a success gives its
 *   attempt back), so one client cannot spray many accounts.
 * Unknown accounts and accounts without a password count exactly like the others, so neither the
 * answer nor the throttling tells which accounts exist. Code login has its own limits (codes.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { authAttempts } from '../../db/schema';
import { nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';

export const MAX_PASSWORD_FAILURES = 10;
export const MAX_PASSWORD_FAILURES_PER_IP = 50;
export const FAILURE_WINDOW_MS = 15 * 60_000;

const targetKeyOf = (target: string) => `pw:${target}`;
const ipKeyOf = (ip: string) => `pw-ip:${ip}`;

/**
 * Counts one attempt under `key` unless `limit` attempts were already counted in the current window;
 * true when counted. One statement: insert the counter, or bump it (restarting an expired window) only
 * while it is under the limit.
 */
export async function takeAttempt(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const at = nowMs();
  const now = new Date(at).toISOString();
  const since = new Date(at - windowMs).toISOString();
  const expired = sql`${authAttempts.windowStart} <= ${since}::timestamptz`;
  const rows = await db
    .insert(authAttempts)
    .values({ key, count: 1, windowStart: new Date(at) })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        count: sql`case when ${expired} then 1 else ${authAttempts.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now}::timestamptz else ${authAttempts.windowStart} end`,
      },
      setWhere: sql`${expired} or ${authAttempts.count} < ${limit}`,
    })
    .returning({ count: authAttempts.count });
  return rows.length > 0;
}

/** Gives one counted attempt back (never below zero). */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(authAttempts)
    .set({ count: sql`greatest(${authAttempts.count} - 1, 0)` })
    .where(eq(authAttempts.key, key));
}

/**
 * Counts a password attempt for this account target and this IP before the password is checked;
 * throws 100429 when either has used up its window (nothing is counted then).
 */
export async function reservePasswordAttempt(db: Db, target: string, ip: string): Promise<void> {
  if (!(await takeAttempt(db, targetKeyOf(target), MAX_PASSWORD_FAILURES, FAILURE_WINDOW_MS))) {
    throw new ApiError(E.TOO_MANY);
  }
  if (!(await takeAttempt(db, ipKeyOf(ip), MAX_PASSWORD_FAILURES_PER_IP, FAILURE_WINDOW_MS))) {
    await refundAttempt(db, targetKeyOf(target));
    throw new ApiError(E.TOO_MANY);
  }
}

/** The password was right: the account's counter starts over and the IP gets its attempt back. */
export async function passwordAttemptSucceeded(db: Db, target: string, ip: string): Promise<void> {
  await clearPasswordFailures(db, target);
  await refundAttempt(db, ipKeyOf(ip));
}

/** After a password reset (or a right password) the account's counter starts over. */
export async function clearPasswordFailures(db: Db, target: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, targetKeyOf(target)));
}
