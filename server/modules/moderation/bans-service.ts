/**
 * Posting bans: an operator (from a report) stops a user posting comments and activities until a
 * time. Checked by the writers (news comments, activities) before they write; set in the deciding
 * operator's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { postingBans } from '../../db/schema';
import { ApiError, E } from '../../http/errors';

/** When the user's ban ends, or null when they may post at `nowMs`. */
export async function bannedUntil(
  db: Pick<Db, 'select'>,
  userId: number,
  nowMs: number,
): Promise<Date | null> {
  const [b] = await db
    .select({ until: postingBans.until })
    .from(postingBans)
    .where(eq(postingBans.userId, userId));
  return b && b.until.getTime() > nowMs ? b.until : null;
}

/** 160202 with {until} while the user is banned from posting. */
export async function assertMayPost(db: Pick<Db, 'select'>, userId: number, nowMs: number): Promise<void> {
  const until = await bannedUntil(db, userId, nowMs);
  if (until) throw new ApiError(E.POSTING_BANNED, { until: until.toISOString() });
}

/** Ban (or extend the ban of) a user until `until`, inside the caller's transaction. */
export async function setPostingBan(
  tx: Pick<Db, 'insert'>,
  userId: number,
  until: Date,
  operatorId: number,
  reason: string,
): Promise<void> {
  await tx
    .insert(postingBans)
    .values({ userId, until, operatorId, reason })
    .onConflictDoUpdate({
      target: postingBans.userId,
      set: { until, operatorId, reason, createdAt: sql`now()` },
    });
}
