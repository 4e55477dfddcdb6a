/**
 * Account deletion (spec §4, §5, §7 POST /mdr/api/v1/user/deletes).
 *
 * A request waits out a cooling-off period (rules.json account.deletionCoolingDays). Submitting signs
 * the account out everywhere, so "a later login revokes the request" is the one way back: login()
 * calls revokeDeletionOnLogin and tells the client (deletion_revoked). When the period is over the
 * erase job anonymises the account: nickname, avatar, bio, phone, email, password, sessions go, and
 * the real-name records through the erasers server/jobs hands in; the users row itself stays, so the wallet ledger and orders keep pointing at
 * a (now anonymous) user and money history is never rewritten.
 *
 * The job is safe on many nodes: each request is claimed with FOR UPDATE SKIP LOCKED and erased in the
 * same transaction, so two nodes never erase the same account twice or half.
 */
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { accountRules } from '../../../contracts/rules';
import type { Db } from '../../db';
import { accountDeletions, attachments, sessions, users, verificationCodes } from '../../db/schema';
import { now, nowMs } from '../../http/clock';
import type { AccountDeletionBody } from '../../http/data-schemas.gen';
import type { AppDeps } from '../../http/deps';
import { ApiError, E } from '../../http/errors';
import { startPeriodic } from '../../jobs/periodic';
import { rulesDocument } from '../config';
import { revokeUserSessions } from './sessions';

const DAY_MS = 86_400_000;
/** what an erased account is called where others still see it (old chat lines, rankings) */
export const ERASED_NICKNAME = '已註銷用戶';

export const accountLimits = accountRules(rulesDocument());

function view(row: typeof accountDeletions.$inferSelect) {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    created_ms: row.createdAt.getTime(),
    effective_at: row.effectiveAt.toISOString(),
    effective_ms: row.effectiveAt.getTime(),
    cooling_days: accountLimits.deletionCoolingDays,
  };
}

export type DeletionView = ReturnType<typeof view>;

/**
 * The images must be the caller's own uploads (the users module's attachments table, read only here:
 * importing the users or realname module from auth would close an import cycle through auth-hook).
 */
async function assertOwnImages(db: Db, userId: number, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  const rows = await db
    .select({ url: attachments.url })
    .from(attachments)
    .where(and(eq(attachments.userId, userId), inArray(attachments.url, urls)));
  const owned = new Set(rows.map((r) => r.url));
  urls.forEach((url, i) => {
    if (!owned.has(url))
      throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/images/${i}`, keyword: 'ownUpload' });
  });
}

/**
 * Other modules' personal data of an account (real-name records...), erased in the same transaction.
 * server/jobs hands them in, so auth needs no import of those modules.
 */
export type AccountEraser = (tx: Db, userId: number) => Promise<void>;

/** The newest request of the user (any status), or null. */
export async function currentDeletion(db: Db, userId: number): Promise<DeletionView | null> {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .orderBy(desc(accountDeletions.id))
    .limit(1);
  return row ? view(row) : null;
}

/**
 * Files the request (a second submit while one is pending answers the pending one) and signs the
 * account out on every device, the caller's included.
 */
export async function requestDeletion(
  deps: AppDeps,
  userId: number,
  body: AccountDeletionBody,
): Promise<DeletionView> {
  const { db } = deps;
  const images = body.images ?? [];
  await assertOwnImages(db, userId, images);
  const effectiveAt = new Date(nowMs() + accountLimits.deletionCoolingDays * DAY_MS);
  const result = await db.transaction(async (tx) => {
    await tx
      .insert(accountDeletions)
      .values({
        userId,
        reason: body.reason.trim(),
        images: JSON.stringify(images),
        createdAt: now(),
        effectiveAt,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'pending')));
    const ended = await revokeUserSessions(tx as unknown as Db, userId, 'deletion');
    return { row, ended };
  });
  await Promise.all(result.ended.map((id) => deps.hub.sendToSession(id, { type: 'logout' })));
  return view(result.row);
}

/** A login during the cooling-off period withdraws the request; true when there was one. */
export async function revokeDeletionOnLogin(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(accountDeletions)
    .set({ status: 'revoked', closedAt: now() })
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'pending')))
    .returning({ id: accountDeletions.id });
  return rows.length > 0;
}

/** Erases the accounts whose cooling-off is over (app clock, so tests can set it); answers how many. */
export async function eraseDueAccounts(db: Db, erasers: AccountEraser[] = [], limit = 20): Promise<number> {
  let erased = 0;
  for (let i = 0; i < limit; i++) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: accountDeletions.id, userId: accountDeletions.userId })
        .from(accountDeletions)
        .where(and(eq(accountDeletions.status, 'pending'), lte(accountDeletions.effectiveAt, now())))
        .orderBy(accountDeletions.effectiveAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return false;
      const [user] = await tx.select().from(users).where(eq(users.id, due.userId));
      await tx
        .update(users)
        .set({
          nickname: ERASED_NICKNAME,
          desc: '',
          gender: 0,
          province: '',
          city: '',
          avatar: '',
          coverUrl: '',
          areaCode: null,
          phone: null,
          email: null,
          passwordHash: null,
          deletedAt: now(),
          updatedAt: now(),
        })
        .where(eq(users.id, due.userId));
      await tx.delete(sessions).where(eq(sessions.userId, due.userId));
      // codes are keyed by the phone/email, which are gone from the account now
      const keys = [user?.phone ? `${user.areaCode}:${user.phone}` : null, user?.email ?? null].filter(
        (k): k is string => k !== null,
      );
      for (const key of keys) await tx.delete(verificationCodes).where(eq(verificationCodes.target, key));
      for (const erase of erasers) await erase(tx as unknown as Db, due.userId);
      await tx
        .update(accountDeletions)
        .set({ status: 'done', closedAt: now(), reason: '', images: '[]' })
        .where(eq(accountDeletions.id, due.id));
      return true;
    });
    if (!done) break;
    erased++;
  }
  return erased;
}

export const DELETION_SWEEP_MS = 10 * 60_000;

/** The periodic sweep (server/jobs); its stop function waits for a sweep in flight. */
export function startDeletionJob(
  deps: Pick<AppDeps, 'db'>,
  erasers: AccountEraser[],
): Promise<() => Promise<void>> {
  return startPeriodic('auth', DELETION_SWEEP_MS, () => eraseDueAccounts(deps.db, erasers));
}
