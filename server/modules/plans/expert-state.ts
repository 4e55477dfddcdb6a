/**
 * The expert's certification state, per contract §4. The ops module owns it
 * (server/modules/certification/certification-service.ts `getExpertState`); until that lands this reads
 * the same tables the same way. Swap to a re-export when it is committed.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { expertApplications, experts, realNameVerifications } from '../../db/schema';

export type ExpertState = { status: 'none' | 0 | 1 | 2 | 3; reason?: string };

export async function getExpertState(db: Db, userId: number): Promise<ExpertState> {
  const [e] = await db.select().from(experts).where(eq(experts.userId, userId));
  if (e) return e.status === 'banned' ? { status: 3, reason: e.banReason ?? undefined } : { status: 1 };
  const [app] = await db
    .select()
    .from(expertApplications)
    .where(eq(expertApplications.userId, userId))
    .orderBy(desc(expertApplications.id))
    .limit(1);
  if (!app) return { status: 'none' };
  return app.status === 2
    ? { status: 2, reason: app.reason ?? undefined }
    : { status: app.status === 1 ? 1 : 0 };
}

/** Same as realname-service's isRealNameVerified (contract §4); swap to a re-export once it is committed. */
export async function isRealNameVerified(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: realNameVerifications.id })
    .from(realNameVerifications)
    .where(and(eq(realNameVerifications.userId, userId), eq(realNameVerifications.status, 'approved')))
    .limit(1);
  return !!row;
}
