/**
 * An operator's decisions on experts, written by their owner (this module): reviewing an application
 * (approval makes or restores the expert) and banning / unbanning. Each runs inside the caller's
 * transaction (the console records its audit row in the same one).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { expertApplications, experts } from '../../db/schema';

export type Reviewed<T> = { ok: true; row: T } | { ok: false; exists: boolean };

/** under review (0) -> approved (1, the user becomes an expert) / failed (2, with reason) */
export async function reviewExpertApplication(
  tx: Db,
  id: number,
  approve: boolean,
  reason: string | null,
  reviewerId: number,
): Promise<Reviewed<typeof expertApplications.$inferSelect>> {
  const [app] = await tx
    .update(expertApplications)
    .set({ status: approve ? 1 : 2, reason, reviewedBy: reviewerId, reviewedAt: sql`now()` })
    .where(and(eq(expertApplications.id, id), eq(expertApplications.status, 0)))
    .returning();
  if (!app) {
    const [exists] = await tx
      .select({ id: expertApplications.id })
      .from(expertApplications)
      .where(eq(expertApplications.id, id));
    return { ok: false, exists: !!exists };
  }
  if (approve) {
    await tx
      .insert(experts)
      .values({ userId: app.userId, intro: app.intro, applicationId: app.id })
      .onConflictDoUpdate({
        target: experts.userId,
        set: {
          status: 'approved',
          banReason: null,
          intro: app.intro,
          applicationId: app.id,
          updatedAt: sql`now()`,
        },
      });
  }
  return { ok: true, row: app };
}

/** ban: approved -> banned (reason shown to the expert); unban: banned -> approved */
export async function setExpertBanned(
  tx: Db,
  userId: number,
  ban: boolean,
  reason: string | null,
): Promise<Reviewed<typeof experts.$inferSelect>> {
  const [row] = await tx
    .update(experts)
    .set({ status: ban ? 'banned' : 'approved', banReason: reason, updatedAt: sql`now()` })
    .where(and(eq(experts.userId, userId), eq(experts.status, ban ? 'approved' : 'banned')))
    .returning();
  if (row) return { ok: true, row };
  const [exists] = await tx.select({ id: experts.userId }).from(experts).where(eq(experts.userId, userId));
  return { ok: false, exists: !!exists };
}
