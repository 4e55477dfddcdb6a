/**
 * Reports and their moderation. A fan reports a news article, a comment, an activity, a user (or a
 * video / live room, for the live-stream issue) with a reason code, an optional detail and up to three
 * of their own JPEG uploads. Operators (reviewer role) work the open queue: hide the content, restore
 * it, ban its author from posting for some days, or dismiss the report. Each decision is one
 * transaction with its ops_audit row, closes every open report of the same target, and tells each
 * reporter the outcome in their system messages (and a banned user why).
 */
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { opsAudit, reports, users } from '../../db/schema';
import type { ReportBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { enforce, type RateLimiter, type RateRule } from '../../ratelimit';
import { sendMessage } from '../messages';
import { bannedUntil, setPostingBan } from '../moderation';
import { type ContentKind, cleanText, contentInfo, setContentHidden } from '../news';
import { assertOwnUploads } from '../realname';

export const REPORT_LIMITS = { perHour: 10 };
export const REPORT_RULES: readonly RateRule[] = [{ limit: REPORT_LIMITS.perHour, windowMs: 3_600_000 }];
export type ReportKind = ReportBody['kind'];
export type ReportStatus = 'open' | 'upheld' | 'dismissed';

const isContent = (k: string): k is ContentKind => k === 'news' || k === 'comment' || k === 'activity';

/** Who is behind the reported thing (for a ban) and a short text of it; 100404 when there is none. */
async function targetOf(db: Db, kind: ReportKind, id: number) {
  if (isContent(kind)) {
    const info = await contentInfo(db, kind, id);
    if (!info || info.hidden) throw new ApiError(E.NOT_FOUND);
    return { userId: info.userId };
  }
  if (kind === 'user') {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!u) throw new ApiError(E.NOT_FOUND);
    return { userId: u.id };
  }
  // videos and live rooms arrive with the live-stream issue: kept for the operators as reported
  return { userId: null };
}

/** File a report; a second report of the same target by the same fan while it is open answers the first. */
export async function fileReport(
  db: Db,
  reporterId: number,
  b: ReportBody,
  nowMs: number,
  limiter?: RateLimiter,
) {
  if (b.kind === 'user' && b.target_id === reporterId)
    throw new ApiError(E.BAD_REQUEST, { pointer: '/target_id' });
  const target = await targetOf(db, b.kind, b.target_id);
  const images = [...new Set(b.images ?? [])];
  if (images.some((u) => !/\.jpe?g$/i.test(u)))
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/images', keyword: 'jpeg' });
  await assertOwnUploads(db, reporterId, Object.fromEntries(images.map((u, i) => [`/images/${i}`, u])));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x72707274}, ${reporterId})`);
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.kind, b.kind),
          eq(reports.targetId, b.target_id),
          eq(reports.status, 'open'),
        ),
      );
    if (open) return { id: open.id, status: 'open' as const };
    const recent = await tx
      .select({ at: reports.createdAt })
      .from(reports)
      .where(and(eq(reports.reporterId, reporterId), gte(reports.createdAt, new Date(nowMs - 3600_000))))
      .orderBy(desc(reports.createdAt));
    if (recent.length >= REPORT_LIMITS.perHour) {
      const wait = recent[REPORT_LIMITS.perHour - 1].at.getTime() + 3600_000 - nowMs;
      throw new ApiError(E.REPORT_TOO_MANY, { retry_after_ms: Math.max(1, Math.ceil(wait)) });
    }
    // the same limit through the shared limiter: it holds across nodes that do not share this lock
    if (limiter) await enforce(limiter, `report:${reporterId}`, REPORT_RULES, nowMs, E.REPORT_TOO_MANY);
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId,
        kind: b.kind,
        targetId: b.target_id,
        targetUserId: target.userId,
        reason: b.reason,
        detail: cleanText(b.detail ?? ''),
        images,
        createdAt: new Date(nowMs),
      })
      .returning({ id: reports.id });
    return { id: row.id, status: 'open' as const };
  });
}

/** The console queue: reports by status, newest first, with the reported text and the people. */
export async function listReports(db: Db, status: ReportStatus, page: number, size: number, nowMs: number) {
  const where = eq(reports.status, status);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(where)
      .orderBy(desc(reports.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { list: await Promise.all(rows.map((r) => view(db, r, nowMs))), total: Number(n), page, size };
}

export async function getReport(db: Db, id: number, nowMs: number) {
  const [r] = await db.select().from(reports).where(eq(reports.id, id));
  if (!r) throw new ApiError(E.NOT_FOUND);
  return view(db, r, nowMs);
}

async function view(db: Db, r: typeof reports.$inferSelect, nowMs: number) {
  const ids = [r.reporterId, ...(r.targetUserId ? [r.targetUserId] : [])];
  const people = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, ids));
  const name = (id: number | null) => people.find((p) => p.id === id)?.nickname ?? '';
  let text = '';
  let hidden = false;
  let parent: { type: string; id: number } | null = null;
  if (isContent(r.kind)) {
    const info = await contentInfo(db, r.kind, r.targetId);
    text = info?.text ?? '';
    hidden = info?.hidden ?? false;
    parent = info ? { type: info.parentType, id: info.parentId } : null;
  } else if (r.kind === 'user') text = name(r.targetUserId);
  const until = r.targetUserId ? await bannedUntil(db, r.targetUserId, nowMs) : null;
  return {
    id: r.id,
    kind: r.kind,
    target_id: r.targetId,
    target_text: text,
    target_hidden: hidden,
    target_parent: parent,
    target_user: r.targetUserId ? { id: r.targetUserId, nickname: name(r.targetUserId) } : null,
    target_banned_until: until ? until.toISOString() : null,
    reporter: { id: r.reporterId, nickname: name(r.reporterId) },
    reason: r.reason,
    detail: r.detail,
    images: r.images ?? [],
    status: r.status,
    outcome: r.outcome,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}

export type Decision =
  | { action: 'hide' }
  | { action: 'restore' }
  | { action: 'dismiss' }
  | { action: 'ban'; days: number };

/**
 * Decide a report: one transaction with the content change or ban, the audit row, every open report of
 * the same target closed and a system message to each of their reporters (and to a banned user).
 * Answers the users whose unread counts changed and the content that was hidden or restored.
 */
export async function decide(
  db: Db,
  operatorId: number,
  id: number,
  d: Decision,
  reason: string | undefined,
  nowMs: number,
): Promise<{ told: number[]; target: { kind: ContentKind; id: number } | null }> {
  const told = new Set<number>();
  let target: { kind: ContentKind; id: number } | null = null;
  await db.transaction(async (tx) => {
    const [r] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!r) throw new ApiError(E.NOT_FOUND);
    const at = new Date(nowMs);
    const note = (reason ?? '').trim();
    if (d.action === 'hide' || d.action === 'restore') {
      if (!isContent(r.kind)) throw new ApiError(E.BAD_REQUEST, { pointer: '/kind' });
      await setContentHidden(tx as unknown as Db, r.kind, r.targetId, d.action === 'hide');
      target = { kind: r.kind, id: r.targetId };
    }
    if (d.action === 'ban') {
      if (!r.targetUserId) throw new ApiError(E.BAD_REQUEST, { pointer: '/kind' });
      const until = new Date(nowMs + d.days * 86_400_000);
      await setPostingBan(tx, r.targetUserId, until, operatorId, note);
      if (
        await sendMessage(tx, {
          userId: r.targetUserId,
          category: 'system',
          kind: 'posting_banned',
          text: note,
          scripted: ['text'],
          params: { days: d.days, until: until.toISOString().slice(0, 10) },
          at,
        })
      )
        told.add(r.targetUserId);
    }
    await tx.insert(opsAudit).values({
      operatorId,
      action: `report.${d.action}`,
      targetType: 'report',
      targetId: String(r.id),
      reason: note || null,
    });
    if (d.action === 'restore') {
      // a restore reopens nothing and tells nobody: it corrects an earlier hide
      await tx
        .update(reports)
        .set({ outcome: 'restored', decidedBy: operatorId, decidedAt: at })
        .where(and(eq(reports.kind, r.kind), eq(reports.targetId, r.targetId), eq(reports.outcome, 'hide')));
      return;
    }
    const status = d.action === 'dismiss' ? 'dismissed' : 'upheld';
    const closed = await tx
      .update(reports)
      .set({ status, outcome: d.action, decidedBy: operatorId, decidedAt: at })
      .where(and(eq(reports.kind, r.kind), eq(reports.targetId, r.targetId), eq(reports.status, 'open')))
      .returning({ reporterId: reports.reporterId });
    for (const reporter of new Set(closed.map((c) => c.reporterId))) {
      await sendMessage(tx, {
        userId: reporter,
        category: 'system',
        kind: `report_${d.action}`,
        targetType: r.kind,
        targetId: r.targetId,
        text: note,
        scripted: ['text'],
        params: { kind: r.kind, ...(d.action === 'ban' ? { days: d.days } : {}) },
        at,
      });
      told.add(reporter);
    }
  });
  return { told: [...told], target };
}
