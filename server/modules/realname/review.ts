/**
 * An operator's review of a real-name submission, written by its owner (this module). Runs inside the
 * caller's transaction (the console records its audit row in the same one).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { realNameVerifications } from '../../db/schema';

export type Reviewed<T> = { ok: true; row: T } | { ok: false; exists: boolean };

/** pending -> approved / rejected (with reason); anything else is left alone and reported. */
export async function reviewRealName(
  tx: Db,
  id: number,
  approve: boolean,
  reason: string | null,
  reviewerId: number,
): Promise<Reviewed<typeof realNameVerifications.$inferSelect>> {
  const [row] = await tx
    .update(realNameVerifications)
    .set({
      status: approve ? 'approved' : 'rejected',
      reason,
      reviewedBy: reviewerId,
      reviewedAt: sql`now()`,
    })
    .where(and(eq(realNameVerifications.id, id), eq(realNameVerifications.status, 'pending')))
    .returning();
  if (row) return { ok: true, row };
  const [exists] = await tx
    .select({ id: realNameVerifications.id })
    .from(realNameVerifications)
    .where(eq(realNameVerifications.id, id));
  return { ok: false, exists: !!exists };
}
