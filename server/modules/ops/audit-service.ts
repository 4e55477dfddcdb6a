/**
 * The audit trail's read side: every operator decision written to `ops_audit` (reviews, bans,
 * withdrawals, moderation, publishing...), newest first, with who did it. Modules write their rows in
 * the decision's own transaction; this only reads them, for the console's audit page.
 */
import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { opsAudit, users } from '../../db/schema';

export interface AuditFilter {
  page: number;
  size: number;
  /** the part of the action before the dot: 'withdrawal' matches withdrawal.paid and withdrawal.failed */
  kind?: string;
  operator_id?: number;
  target_type?: string;
  target_id?: string;
  /** Hong Kong calendar days, inclusive (YYYY-MM-DD) */
  from?: string;
  to?: string;
}

const HK = '+08:00';
const dayStart = (day: string) => new Date(`${day}T00:00:00${HK}`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export async function listAudit(db: Db, f: AuditFilter) {
  const where: SQL[] = [];
  // kinds are [a-z_] (the route's schema), so no LIKE wildcard can slip in
  if (f.kind) where.push(like(opsAudit.action, `${f.kind}.%`));
  if (f.operator_id) where.push(eq(opsAudit.operatorId, f.operator_id));
  if (f.target_type) where.push(eq(opsAudit.targetType, f.target_type));
  if (f.target_id) where.push(eq(opsAudit.targetId, f.target_id));
  if (f.from) where.push(gte(opsAudit.createdAt, dayStart(f.from)));
  if (f.to) where.push(lt(opsAudit.createdAt, nextDay(f.to)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ a: opsAudit, nickname: users.nickname })
      .from(opsAudit)
      .leftJoin(users, eq(users.id, opsAudit.operatorId))
      .where(cond)
      .orderBy(desc(opsAudit.createdAt), desc(opsAudit.id))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
    db.select({ n: count() }).from(opsAudit).where(cond),
  ]);
  return {
    list: rows.map(({ a, nickname }) => ({
      id: a.id,
      operator_id: a.operatorId,
      operator_nickname: nickname ?? '',
      action: a.action,
      kind: a.action.split('.')[0],
      target_type: a.targetType,
      target_id: a.targetId,
      reason: a.reason,
      created_at: a.createdAt.toISOString(),
      created_ms: a.createdAt.getTime(),
    })),
    total: Number(total[0]?.n ?? 0),
    page: f.page,
    size: f.size,
  };
}
