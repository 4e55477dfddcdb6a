/**
 * The points ledger: the only code that moves points, with the coins' guarantees (wallet/ledger.ts):
 * one points_entries row and one change of points_accounts.balance per movement, written by ONE
 * statement (lock the account row FOR UPDATE, insert the entry computed from the locked balance unless
 * it would go negative or its idempotency key was used, then set the balance from the entry), so
 * balance == sum(entries) == the newest entry's balance_after, and a retry with the same key moves
 * nothing. Callers pass their transaction when the movement goes with other writes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';

export const POINTS_REASONS = [
  'checkin',
  'checkin_streak',
  'order',
  'review',
  'order_refund',
  'exchange',
  'exchange_refund',
] as const;
export type PointsReason = (typeof POINTS_REASONS)[number];

export interface PointsPost {
  userId: number;
  /** + earned, - spent; a non-zero integer */
  amount: number;
  reason: PointsReason;
  refId?: string;
  /** unique per user: a retry with the same key answers the first entry and moves nothing */
  key: string;
}

export interface PointsResult {
  entryId: number;
  balance: number;
  duplicate: boolean;
}

function check(p: PointsPost): void {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`points: bad amount ${p.amount}`);
  if (!POINTS_REASONS.includes(p.reason)) throw new Error(`points: unknown reason ${p.reason}`);
  if (!Number.isInteger(p.userId) || p.userId <= 0) throw new Error(`points: bad user ${p.userId}`);
  if (!p.key) throw new Error('points: a movement needs its idempotency key');
}

const move = (p: PointsPost) => sql`
  with acct as (
    select balance from points_accounts where user_id = ${p.userId} for update
  ), ins as (
    insert into points_entries (user_id, amount, balance_after, reason, ref_id, idempotency_key, created_at)
    select ${p.userId}, ${p.amount}, acct.balance + ${p.amount}, ${p.reason}, ${p.refId ?? null}, ${p.key}, ${now()}
    from acct
    where acct.balance + ${p.amount} >= 0
    on conflict (user_id, idempotency_key) do nothing
    returning id, balance_after
  ), upd as (
    update points_accounts set balance = ins.balance_after, updated_at = ${now()}
    from ins where points_accounts.user_id = ${p.userId}
    returning points_accounts.balance
  )
  select ins.id, upd.balance from ins, upd`;

/**
 * Posts one movement. Too few points: ApiError POINTS_SHORT (data {balance}). The same key again: the
 * first entry with duplicate: true (a different amount or reason under that key: IDEMPOTENCY_CONFLICT).
 */
export async function postPoints(tx: Db, p: PointsPost): Promise<PointsResult> {
  check(p);
  for (let attempt = 0; attempt < 3; attempt++) {
    const moved = await rows(tx, move(p));
    if (moved.length)
      return { entryId: Number(moved[0].id), balance: Number(moved[0].balance), duplicate: false };
    const [prior] = await rows(
      tx,
      sql`select id, amount, reason from points_entries where user_id = ${p.userId} and idempotency_key = ${p.key}`,
    );
    if (prior) {
      if (Number(prior.amount) !== p.amount || prior.reason !== p.reason)
        throw new ApiError(E.IDEMPOTENCY_CONFLICT);
      return { entryId: Number(prior.id), balance: await pointsBalance(tx, p.userId), duplicate: true };
    }
    const [acct] = await rows(tx, sql`select balance from points_accounts where user_id = ${p.userId}`);
    if (acct) {
      const balance = Number(acct.balance);
      // a concurrent first movement created the row between our statements: run again
      if (balance + p.amount >= 0 && attempt < 2) continue;
      throw new ApiError(E.POINTS_SHORT, { balance });
    }
    if (attempt > 0) break;
    await tx.execute(
      sql`insert into points_accounts (user_id, balance) values (${p.userId}, 0) on conflict do nothing`,
    );
  }
  throw new ApiError(E.POINTS_SHORT, { balance: 0 });
}

export async function pointsBalance(db: Db, userId: number): Promise<number> {
  const [a] = await rows(db, sql`select balance from points_accounts where user_id = ${userId}`);
  return Number(a?.balance ?? 0);
}

/** Every account: balance == sum of its entries == the newest entry's balance_after (tests, health). */
export async function checkPointsInvariant(db: Db) {
  const bad = await rows(
    db,
    sql`with sums as (
          select user_id, sum(amount)::bigint as total, max(id) as last_id from points_entries group by user_id
        )
        select coalesce(a.user_id, s.user_id) as user_id, coalesce(a.balance, 0) as balance,
               coalesce(s.total, 0) as total, l.balance_after
        from points_accounts a full outer join sums s on s.user_id = a.user_id
        left join points_entries l on l.id = s.last_id
        where coalesce(a.balance, 0) <> coalesce(s.total, 0)
           or (l.id is not null and l.balance_after <> coalesce(a.balance, 0))`,
  );
  return { ok: bad.length === 0, mismatches: bad };
}
