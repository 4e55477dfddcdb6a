/**
 * Expert certification. A user with an approved real-name check applies (self-introduction, ID card
 * images, 1-3 platforms with screenshots); an operator approves (the user becomes an expert) or rejects
 * with a reason (the user may apply again). Operators can ban an expert from publishing and lift it.
 *
 * State per spec §4 (getExpertState): 'none' never applied; 0 under review; 1 approved;
 * 2 failed with reason (can reapply); 3 publishing banned with reason (contact support).
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { expertApplications, experts } from '../../db/schema';
import type { ExpertsApplyBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { assertOwnUploads, isRealNameVerified, isUniqueViolation } from '../realname';

export type ExpertStatus = 'none' | 0 | 1 | 2 | 3;
export interface ExpertState {
  status: ExpertStatus;
  reason?: string;
}

export type ApplicationRow = typeof expertApplications.$inferSelect;

export function platformsOf(input: ExpertsApplyBody): { name: string; screenshot: string }[] {
  const out: { name: string; screenshot: string }[] = [];
  for (const i of [1, 2, 3] as const) {
    const name = input[`platform${i}_name`];
    const screenshot = input[`platform${i}_screenshot`];
    if (name && screenshot) out.push({ name: name.trim(), screenshot });
  }
  return out;
}

async function latestApplication(db: Db, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(expertApplications)
    .where(eq(expertApplications.userId, userId))
    .orderBy(desc(expertApplications.id))
    .limit(1);
  return row;
}

/** The contract other modules (plans, wallet) rely on; see the file comment for the states. */
export async function getExpertState(db: Db, userId: number): Promise<ExpertState> {
  const [expert] = await db.select().from(experts).where(eq(experts.userId, userId));
  if (expert?.status === 'banned') return { status: 3, reason: expert.banReason ?? '' };
  if (expert) return { status: 1 };
  const app = await latestApplication(db, userId);
  if (!app) return { status: 'none' };
  if (app.status === 2) return { status: 2, reason: app.reason ?? '' };
  if (app.status === 0) return { status: 0 };
  // an approved application whose expert row was removed: treat as never certified
  return { status: 'none' };
}

/** The audit-status screen's data: the state plus the latest application's summary. */
export async function applyStatusView(db: Db, userId: number) {
  const state = await getExpertState(db, userId);
  const app = await latestApplication(db, userId);
  return {
    status: state.status,
    reason: state.reason ?? null,
    can_apply: state.status === 'none' || state.status === 2,
    application: app
      ? {
          id: app.id,
          intro: app.intro,
          platforms: app.platforms.map((p) => p.name),
          created_at: app.createdAt.toISOString(),
          reviewed_at: app.reviewedAt?.toISOString() ?? null,
        }
      : null,
  };
}

export async function applyForExpert(
  db: Db,
  userId: number,
  input: ExpertsApplyBody,
): Promise<ApplicationRow> {
  if (!(await isRealNameVerified(db, userId))) throw new ApiError(E.REAL_NAME_REQUIRED);
  const platforms = platformsOf(input);
  const images: Record<string, string> = { '/id_front': input.id_front, '/id_back': input.id_back };
  platforms.forEach((p, i) => {
    images[`/platform${i + 1}_screenshot`] = p.screenshot;
  });
  await assertOwnUploads(db, userId, images);

  return db.transaction(async (tx) => {
    const state = await getExpertState(tx as unknown as Db, userId);
    if (state.status === 0) throw new ApiError(E.EXPERT_APPLY_PENDING);
    if (state.status === 1) throw new ApiError(E.EXPERT_ALREADY);
    if (state.status === 3) throw new ApiError(E.EXPERT_BANNED, { reason: state.reason ?? '' });
    try {
      const [row] = await tx
        .insert(expertApplications)
        .values({
          userId,
          intro: input.intro.trim(),
          idFrontUrl: input.id_front,
          idBackUrl: input.id_back,
          platforms,
        })
        .returning();
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(E.EXPERT_APPLY_PENDING);
      throw err;
    }
  });
}
