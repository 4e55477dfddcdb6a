/**
 * The wallet ledger: the only code that moves coins. Every movement is one ledger_entries row and one
 * change of wallet_accounts.balance, done together so the invariant sum(entries) == balance holds.
 *
 * Speed matters (plan purchases are benchmarked at >= 300/s on PGlite), so the common case is ONE
 * statement: lock the account row (FOR UPDATE), insert the entry computed from the locked balance
 * (skipped on an idempotency-key conflict or when the balance would go negative), then set the
 * balance from the entry. Only when that statement moves nothing do we spend more round trips to find
 * out why (duplicate key, missing account row, insufficient balance).
 *
 * Concurrency (PostgreSQL, READ COMMITTED): FOR UPDATE waits for a concurrent writer and then reads
 * the newest row version, and ON CONFLICT sees a concurrently committed key, so two posts with the
 * same key move money once and two debits can never both spend the same coins.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';

export type LedgerType =
  | 'recharge'
  | 'plan_purchase'
  | 'subscription'
  | 'refund'
  | 'expert_income'
  | 'withdrawal'
  | 'withdrawal_refund'
  | 'gift'
  | 'promo_commission'
  | 'promo_reversal'
  | 'lucky_bag'
  | 'lucky_bag_refund';
/**
 * coins: spendable yun coins; income: expert earnings (withdrawable), both integer coins;
 * ecommerce: promotion income from share links (withdrawable), integer HKD cents
 */
export type Account = 'coins' | 'income' | 'ecommerce';

export const LEDGER_TYPES: readonly LedgerType[] = [
  'recharge',
  'plan_purchase',
  'subscription',
  'refund',
  'expert_income',
  'withdrawal',
  'withdrawal_refund',
  'gift',
  'promo_commission',
  'promo_reversal',
  'lucky_bag',
  'lucky_bag_refund',
];
export const ACCOUNTS: readonly Account[] = ['coins', 'income', 'ecommerce'];

export interface LedgerPost {
  userId: number;
  account: Account;
  /** + credit, - debit; a non-zero integer */
  amount: number;
  type: LedgerType;
  refType?: string;
  refId?: string;
  /** unique per user: a retry with the same key returns the first entry and moves nothing */
  idempotencyKey?: string;
  memo?: string;
}

export interface LedgerResult {
  entryId: number;
  balance: number;
  duplicate: boolean;
}

function checkPost(e: LedgerPost): void {
  if (!Number.isSafeInteger(e.amount) || e.amount === 0)
    throw new Error(`ledger: amount must be a non-zero integer, got ${e.amount}`);
  if (!ACCOUNTS.includes(e.account)) throw new Error(`ledger: unknown account ${e.account}`);
  if (!LEDGER_TYPES.includes(e.type)) throw new Error(`ledger: unknown type ${e.type}`);
  if (!Number.isInteger(e.userId) || e.userId <= 0) throw new Error(`ledger: bad user ${e.userId}`);
}

/** The one-statement move; answers no row when nothing moved (duplicate, no account, or too poor). */
function moveStatement(e: LedgerPost) {
  return sql`
    with acct as (
      select balance from wallet_accounts
      where user_id = ${e.userId} and account = ${e.account}
      for update
    ), ins as (
      insert into ledger_entries
        (user_id, account, amount, balance_after, type, ref_type, ref_id, idempotency_key, memo)
      select ${e.userId}, ${e.account}, ${e.amount}, acct.balance + ${e.amount}, ${e.type},
             ${e.refType ?? null}, ${e.refId ?? null}, ${e.idempotencyKey ?? null}, ${e.memo ?? ''}
      from acct
      where acct.balance + ${e.amount} >= 0
      on conflict (user_id, idempotency_key) do nothing
      returning id, balance_after
    ), upd as (
      update wallet_accounts set balance = ins.balance_after, updated_at = now()
      from ins
      where wallet_accounts.user_id = ${e.userId} and wallet_accounts.account = ${e.account}
      returning wallet_accounts.balance
    )
    select ins.id, upd.balance from ins, upd`;
}

export interface GatedDebit {
  userId: number;
  account: Account;
  type: LedgerType;
  refType: string;
  /** unique per user, as for postLedger */
  idempotencyKey: string;
  memo: string;
}

/**
 * A debit as CTE parts for a caller's ONE-statement write (a single statement is its own transaction,
 * so no BEGIN/COMMIT round trips): `lock` defines `acct` (the account row, locked FOR UPDATE, which
 * the caller's CTEs may read to refuse before writing anything); the caller then defines `charge`
 * (zero or one row: amount > 0 to debit, ref_id text); `post` writes the entry as `led` and the
 * balance as `bal`, with the same rules as postLedger (never negative, idempotency key).
 * `guard` (a select-list item) aborts the whole statement when a charge row was not debited, so the
 * caller's other writes can never outlive a missing debit.
 */
/** Holds a user's account row until the caller's transaction ends: that user's movements queue behind it. */
export async function lockAccount(tx: Db, userId: number, account: string): Promise<void> {
  await tx.execute(
    sql`select 1 from wallet_accounts where user_id = ${userId} and account = ${account} for update`,
  );
}

export function gatedDebit(e: GatedDebit) {
  checkPost({ ...e, amount: -1 });
  const lock = sql`acct as (
      select balance from wallet_accounts
      where user_id = ${e.userId} and account = ${e.account}
      for update
    )`;
  const post = sql`led as (
      insert into ledger_entries
        (user_id, account, amount, balance_after, type, ref_type, ref_id, idempotency_key, memo)
      select ${e.userId}, ${e.account}, -charge.amount, acct.balance - charge.amount, ${e.type},
             ${e.refType}, charge.ref_id, ${e.idempotencyKey}, ${e.memo}
      from charge, acct
      where charge.amount > 0 and acct.balance - charge.amount >= 0
      on conflict (user_id, idempotency_key) do nothing
      returning id, balance_after
    ), bal as (
      update wallet_accounts set balance = led.balance_after, updated_at = now()
      from led
      where wallet_accounts.user_id = ${e.userId} and wallet_accounts.account = ${e.account}
      returning wallet_accounts.balance
    )`;
  // a failed cast raises an error (reading charge keeps the planner from folding it early), and an error anywhere rolls back every part of the statement
  const guard = sql`case when exists (select 1 from charge where amount > 0)
      and not exists (select 1 from bal) then cast('ledger: debit not posted for ' || (select ref_id from charge) as int) end`;
  return { lock, post, guard };
}

export interface GatedCredit {
  account: Account;
  type: LedgerType;
  refType: string;
  memo: string;
}

/**
 * A credit as CTE parts for the same kind of ONE-statement write as gatedDebit: the caller defines
 * `credit` (zero or one row: user_id int, amount int > 0, ref_id text, idem text — the idempotency key,
 * unique per user); `post` adds the amount to the account (made when missing, the row locked by the
 * upsert) as `cacct` and writes the entry with that balance as `cled`. `guard` aborts the whole
 * statement when a credit row got no entry (a repeated key), so a balance never moves without its entry.
 */
export function gatedCredit(e: GatedCredit) {
  checkPost({ ...e, userId: 1, amount: 1 });
  const post = sql`cacct as (
      insert into wallet_accounts (user_id, account, balance)
      select user_id, ${e.account}, amount from credit where amount > 0
      on conflict (user_id, account) do update
        set balance = wallet_accounts.balance + excluded.balance, updated_at = now()
      returning user_id, balance
    ), cled as (
      insert into ledger_entries
        (user_id, account, amount, balance_after, type, ref_type, ref_id, idempotency_key, memo)
      select credit.user_id, ${e.account}, credit.amount, cacct.balance, ${e.type},
             ${e.refType}, credit.ref_id, credit.idem, ${e.memo}
      from credit join cacct on cacct.user_id = credit.user_id
      on conflict (user_id, idempotency_key) do nothing
      returning id
    )`;
  const guard = sql`case when exists (select 1 from credit where amount > 0)
      and not exists (select 1 from cled) then cast('ledger: credit not posted for ' || (select ref_id from credit) as int) end`;
  return { post, guard };
}

/**
 * Must be called inside the caller's transaction (tx) when it goes with other writes. Locks the
 * account row, refuses to go negative (ApiError 110300 for coins, 110301 for income), and is
 * idempotent on idempotencyKey (same key → the original entry with duplicate: true; same key but a
 * different amount, account or type → ApiError 110304).
 */
export async function postLedger(tx: Db, e: LedgerPost): Promise<LedgerResult> {
  checkPost(e);
  for (let attempt = 0; attempt < 3; attempt++) {
    const moved = await rows(tx, moveStatement(e));
    if (moved.length)
      return { entryId: Number(moved[0].id), balance: Number(moved[0].balance), duplicate: false };

    if (e.idempotencyKey !== undefined) {
      const prior = await rows(
        tx,
        sql`select id, account, amount, type, balance_after from ledger_entries
            where user_id = ${e.userId} and idempotency_key = ${e.idempotencyKey}`,
      );
      if (prior.length) {
        const p = prior[0];
        if (p.account !== e.account || Number(p.amount) !== e.amount || p.type !== e.type)
          throw new ApiError(E.IDEMPOTENCY_CONFLICT);
        const balance = await rows(
          tx,
          sql`select balance from wallet_accounts where user_id = ${e.userId} and account = ${e.account}`,
        );
        return { entryId: Number(p.id), balance: Number(balance[0]?.balance ?? 0), duplicate: true };
      }
    }

    const account = await rows(
      tx,
      sql`select balance from wallet_accounts where user_id = ${e.userId} and account = ${e.account}`,
    );
    if (account.length) {
      // The row exists now. Either the balance is too low, or another transaction created the row
      // (and committed) between our move and this read: then the move simply has to run again.
      if (Number(account[0].balance) + e.amount >= 0 && attempt < 2) continue;
      break;
    }
    if (attempt > 0) break;
    await tx.execute(
      sql`insert into wallet_accounts (user_id, account, balance) values (${e.userId}, ${e.account}, 0)
          on conflict do nothing`,
    );
  }
  throw new ApiError(e.account === 'coins' ? E.INSUFFICIENT_COINS : E.INSUFFICIENT_INCOME);
}

export async function getBalances(db: Db, userId: number): Promise<{ coins: number; income: number }> {
  const found = await rows(db, sql`select account, balance from wallet_accounts where user_id = ${userId}`);
  const out = { coins: 0, income: 0 };
  for (const r of found) {
    if (r.account === 'coins' || r.account === 'income') out[r.account] = Number(r.balance);
  }
  return out;
}

/** The promotion-income balance in HKD cents; `lock` holds the row (FOR UPDATE) for the caller's transaction. */
export async function getEcommerceBalance(db: Db, userId: number, lock = false): Promise<number> {
  const found = await rows(
    db,
    lock
      ? sql`select balance from wallet_accounts where user_id = ${userId} and account = 'ecommerce' for update`
      : sql`select balance from wallet_accounts where user_id = ${userId} and account = 'ecommerce'`,
  );
  return Number(found[0]?.balance ?? 0);
}

export interface LedgerMismatch {
  user_id: number;
  account: string;
  balance: number;
  ledger_sum: number;
  /** the newest entry's balance_after, which must equal the balance too */
  last_balance_after: number | null;
}

/** For every account: balance == sum of its entries == the newest entry's balance_after. */
export async function checkLedgerInvariant(db: Db): Promise<{ ok: boolean; mismatches: LedgerMismatch[] }> {
  const found = await rows(
    db,
    sql`
    with sums as (
      select user_id, account, sum(amount)::bigint as total, max(id) as last_id
      from ledger_entries group by user_id, account
    )
    select coalesce(a.user_id, s.user_id) as user_id, coalesce(a.account, s.account) as account,
           coalesce(a.balance, 0) as balance, coalesce(s.total, 0) as ledger_sum,
           l.balance_after as last_balance_after
    from wallet_accounts a
    full outer join sums s on s.user_id = a.user_id and s.account = a.account
    left join ledger_entries l on l.id = s.last_id
    where coalesce(a.balance, 0) <> coalesce(s.total, 0)
       or (l.id is not null and l.balance_after <> coalesce(a.balance, 0))`,
  );
  const mismatches = found.map((r) => ({
    user_id: Number(r.user_id),
    account: String(r.account),
    balance: Number(r.balance),
    ledger_sum: Number(r.ledger_sum),
    last_balance_after: r.last_balance_after === null ? null : Number(r.last_balance_after),
  }));
  return { ok: mismatches.length === 0, mismatches };
}
