/**
 * Operator decisions. Each runs in one transaction that changes the item only while it still waits for
 * a decision (a conditional update, so two operators deciding at once cannot both win) and writes the
 * ops_audit row with the operator and time. The user is told afterwards through `user:<id>`.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { opsAudit, withdrawals } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { reviewExpertApplication, setExpertBanned } from '../certification';
import { reviewRealName } from '../realname';
import { markWithdrawalFailed, markWithdrawalPaid } from '../wallet';

export interface Decision {
  operatorId: number;
  reason?: string;
}

/** What the caller publishes to the affected user once the transaction has committed. */
export interface Outcome {
  userId: number;
  /** the audit action (realname.approve, expert.ban, withdrawal.paid...): names the user's system message */
  action: string;
  notice: { kind: 'notice'; topic: string; status: string | number; reason: string | null; id: number };
}

type Tx = Db;

async function audit(tx: Tx, d: Decision, action: string, targetType: string, targetId: number | string) {
  await tx.insert(opsAudit).values({
    operatorId: d.operatorId,
    action,
    targetType,
    targetId: String(targetId),
    reason: d.reason ?? null,
  });
}

function needReason(d: Decision): string {
  const reason = d.reason?.trim();
  if (!reason) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/reason', keyword: 'required' });
  return reason;
}

async function notFoundOrDecided(exists: boolean): Promise<never> {
  throw new ApiError(exists ? E.OPS_ALREADY_DECIDED : E.NOT_FOUND);
}

export async function decideRealName(db: Db, id: number, approve: boolean, d: Decision): Promise<Outcome> {
  const reason = approve ? null : needReason(d);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const r = await reviewRealName(tx, id, approve, reason, d.operatorId);
    if (!r.ok) return notFoundOrDecided(r.exists);
    await audit(
      tx,
      { ...d, reason: reason ?? undefined },
      approve ? 'realname.approve' : 'realname.reject',
      'realname',
      id,
    );
    return {
      userId: r.row.userId,
      action: approve ? 'realname.approve' : 'realname.reject',
      notice: { kind: 'notice', topic: 'realname', status: r.row.status, reason, id },
    };
  });
}

export async function decideExpertApplication(
  db: Db,
  id: number,
  approve: boolean,
  d: Decision,
): Promise<Outcome> {
  const reason = approve ? null : needReason(d);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const r = await reviewExpertApplication(tx, id, approve, reason, d.operatorId);
    if (!r.ok) return notFoundOrDecided(r.exists);
    await audit(
      tx,
      { ...d, reason: reason ?? undefined },
      approve ? 'expert.approve' : 'expert.reject',
      'expert_application',
      id,
    );
    return {
      userId: r.row.userId,
      action: approve ? 'expert.approve' : 'expert.reject',
      notice: { kind: 'notice', topic: 'expert', status: approve ? 1 : 2, reason, id },
    };
  });
}

/** ban: approved → banned (reason shown to the expert); unban: banned → approved. */
export async function setExpertBan(db: Db, userId: number, ban: boolean, d: Decision): Promise<Outcome> {
  const reason = ban ? needReason(d) : null;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const r = await setExpertBanned(tx, userId, ban, reason);
    if (!r.ok) return notFoundOrDecided(r.exists);
    await audit(
      tx,
      { ...d, reason: reason ?? undefined },
      ban ? 'expert.ban' : 'expert.unban',
      'expert',
      userId,
    );
    return {
      userId,
      action: ban ? 'expert.ban' : 'expert.unban',
      notice: { kind: 'notice', topic: 'expert', status: ban ? 3 : 1, reason, id: userId },
    };
  });
}

/**
 * Withdrawals: the wallet module moves the money (and refunds a failure through the ledger); its own
 * transaction nests as a savepoint inside ours so the audit row commits with it or not at all.
 */
export async function decideWithdrawal(
  db: Db,
  id: number,
  paid: boolean,
  d: Decision,
  lang: Lang,
): Promise<Outcome> {
  const reason = paid ? null : needReason(d);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    const w = paid
      ? await markWithdrawalPaid(tx, id, d.operatorId, lang)
      : await markWithdrawalFailed(tx, id, d.operatorId, reason as string, lang);
    await audit(
      tx,
      { ...d, reason: reason ?? undefined },
      paid ? 'withdrawal.paid' : 'withdrawal.failed',
      'withdrawal',
      id,
    );
    const [owner] = await tx
      .select({ userId: withdrawals.userId })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    return {
      userId: owner.userId,
      action: paid ? 'withdrawal.paid' : 'withdrawal.failed',
      notice: { kind: 'notice', topic: 'withdrawal', status: w.status, reason, id },
    };
  });
}
