/**
 * Read side of the operator console: counts, review queues and details. Only operators reach these
 * (routes use auth 'operator'); they are the only place another person's documents are shown.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { expertApplications, experts, realNameVerifications, users, withdrawals } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import type { SignUrl } from '../../storage/signed-urls';
import { withdrawalView } from '../wallet';

export interface PageArgs {
  page: number;
  size: number;
}

const userCols = { nickname: users.nickname, avatar: users.avatar, userExternal: users.userExternal };

export async function opsSummary(db: Db) {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const [realname, applications, expertsApproved, expertsBanned, withdrawalsProcessing] = await Promise.all([
    n(
      db
        .select({ n: count() })
        .from(realNameVerifications)
        .where(eq(realNameVerifications.status, 'pending')),
    ),
    n(db.select({ n: count() }).from(expertApplications).where(eq(expertApplications.status, 0))),
    n(db.select({ n: count() }).from(experts).where(eq(experts.status, 'approved'))),
    n(db.select({ n: count() }).from(experts).where(eq(experts.status, 'banned'))),
    n(db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'processing'))),
  ]);
  return {
    realname_pending: realname,
    applications_pending: applications,
    experts_approved: expertsApproved,
    experts_banned: expertsBanned,
    withdrawals_processing: withdrawalsProcessing,
  };
}

/** document images are private: `sign` turns each reference into a short-lived URL for the operator */
function realNameItem(
  r: typeof realNameVerifications.$inferSelect,
  u: { nickname: string; avatar: string; userExternal: string } | null,
  sign: SignUrl,
) {
  return {
    id: r.id,
    user_id: r.userId,
    user_external: u?.userExternal ?? '',
    nickname: u?.nickname ?? '',
    avatar: u?.avatar ?? '',
    full_name: r.fullName,
    birth_date: r.birthDate,
    country: r.country,
    document_type: r.documentType,
    front_image: sign(r.frontUrl),
    back_image: sign(r.backUrl),
    status: r.status,
    reason: r.reason,
    reviewed_by: r.reviewedBy,
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listRealName(db: Db, status: string | undefined, p: PageArgs, sign: SignUrl) {
  const where = status ? eq(realNameVerifications.status, status) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ r: realNameVerifications, u: userCols })
      .from(realNameVerifications)
      .leftJoin(users, eq(users.id, realNameVerifications.userId))
      .where(where)
      // the queue is worked oldest first; decided items newest first
      .orderBy(status === 'pending' ? realNameVerifications.id : desc(realNameVerifications.id))
      .limit(p.size)
      .offset((p.page - 1) * p.size),
    db.select({ n: count() }).from(realNameVerifications).where(where),
  ]);
  return { list: rows.map((x) => realNameItem(x.r, x.u, sign)), total: Number(n), ...p };
}

export async function getRealName(db: Db, id: number, sign: SignUrl) {
  const [x] = await db
    .select({ r: realNameVerifications, u: userCols })
    .from(realNameVerifications)
    .leftJoin(users, eq(users.id, realNameVerifications.userId))
    .where(eq(realNameVerifications.id, id));
  if (!x) throw new ApiError(E.NOT_FOUND);
  return realNameItem(x.r, x.u, sign);
}

function applicationItem(
  a: typeof expertApplications.$inferSelect,
  u: { nickname: string; avatar: string; userExternal: string } | null,
  sign: SignUrl,
) {
  return {
    id: a.id,
    user_id: a.userId,
    user_external: u?.userExternal ?? '',
    nickname: u?.nickname ?? '',
    avatar: u?.avatar ?? '',
    intro: a.intro,
    id_front: sign(a.idFrontUrl),
    id_back: sign(a.idBackUrl),
    platforms: a.platforms.map((p) => ({ ...p, screenshot: sign(p.screenshot) })),
    platform_names: a.platforms.map((p) => p.name).join(' / '),
    status: a.status,
    reason: a.reason,
    reviewed_by: a.reviewedBy,
    reviewed_at: a.reviewedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
  };
}

export async function listApplications(db: Db, status: number | undefined, p: PageArgs, sign: SignUrl) {
  const where = status === undefined ? undefined : eq(expertApplications.status, status);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ a: expertApplications, u: userCols })
      .from(expertApplications)
      .leftJoin(users, eq(users.id, expertApplications.userId))
      .where(where)
      .orderBy(status === 0 ? expertApplications.id : desc(expertApplications.id))
      .limit(p.size)
      .offset((p.page - 1) * p.size),
    db.select({ n: count() }).from(expertApplications).where(where),
  ]);
  return { list: rows.map((x) => applicationItem(x.a, x.u, sign)), total: Number(n), ...p };
}

export async function getApplication(db: Db, id: number, sign: SignUrl) {
  const [x] = await db
    .select({ a: expertApplications, u: userCols })
    .from(expertApplications)
    .leftJoin(users, eq(users.id, expertApplications.userId))
    .where(eq(expertApplications.id, id));
  if (!x) throw new ApiError(E.NOT_FOUND);
  return applicationItem(x.a, x.u, sign);
}

function expertItem(
  e: typeof experts.$inferSelect,
  u: { nickname: string; avatar: string; userExternal: string } | null,
) {
  return {
    id: e.userId,
    user_id: e.userId,
    user_external: u?.userExternal ?? '',
    nickname: u?.nickname ?? '',
    avatar: u?.avatar ?? '',
    status: e.status,
    ban_reason: e.banReason,
    intro: e.intro,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export async function getExpert(db: Db, userId: number) {
  const [x] = await db
    .select({ e: experts, u: userCols })
    .from(experts)
    .leftJoin(users, eq(users.id, experts.userId))
    .where(eq(experts.userId, userId));
  if (!x) throw new ApiError(E.NOT_FOUND);
  return expertItem(x.e, x.u);
}

export async function getWithdrawal(db: Db, id: number, lang: Lang) {
  const [x] = await db
    .select({ w: withdrawals, u: userCols })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  if (!x) throw new ApiError(E.NOT_FOUND);
  return {
    ...withdrawalView(x.w, lang),
    user_id: x.w.userId,
    nickname: x.u?.nickname ?? '',
    operator_id: x.w.operatorId,
  };
}

export async function listExperts(db: Db, status: string | undefined, p: PageArgs) {
  const conds: SQL[] = [];
  if (status) conds.push(eq(experts.status, status));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ e: experts, u: userCols })
      .from(experts)
      .leftJoin(users, eq(users.id, experts.userId))
      .where(where)
      .orderBy(desc(experts.updatedAt))
      .limit(p.size)
      .offset((p.page - 1) * p.size),
    db.select({ n: count() }).from(experts).where(where),
  ]);
  return {
    list: rows.map(({ e, u }) => expertItem(e, u)),
    total: Number(n),
    ...p,
  };
}
