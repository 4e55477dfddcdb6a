/**
 * Set-based ledger posting for bulk work (plan settlement: thousands of refunds and incomes at once).
 * Same rules as postLedger — never negative, idempotent per (user, key), balance == sum(entries) — in
 * a fixed number of round trips whatever the batch size. Entries travel as ONE jsonb parameter, so a
 * batch is not limited by the 65535-parameter cap of the protocol.
 *
 * Must run inside the caller's transaction: it locks every touched account row (in a fixed order, so
 * two batches cannot deadlock each other), and a failure leaves the caller to roll back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';
import type { LedgerPost } from './ledger';
import { ACCOUNTS, LEDGER_TYPES } from './ledger';

export type LedgerBatchEntry = LedgerPost & { idempotencyKey: string };

/** Posts every entry not posted before (by key); answers how many moved and how many were repeats. */
export async function postLedgerBatch(
  tx: Db,
  entries: LedgerBatchEntry[],
): Promise<{ posted: number; duplicates: number }> {
  const seen = new Map<string, LedgerBatchEntry>();
  const input: Row[] = [];
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw new Error(`ledger: bad amount ${e.amount}`);
    if (!ACCOUNTS.includes(e.account) || !LEDGER_TYPES.includes(e.type))
      throw new Error('ledger: bad account/type');
    if (!e.idempotencyKey) throw new Error('ledger: batch entries need an idempotency key');
    const k = `${e.userId}\u0000${e.idempotencyKey}`;
    const prior = seen.get(k);
    if (prior) {
      if (prior.amount !== e.amount || prior.account !== e.account || prior.type !== e.type)
        throw new ApiError(E.IDEMPOTENCY_CONFLICT);
      continue;
    }
    seen.set(k, e);
    input.push({
      ord: input.length,
      user_id: e.userId,
      account: e.account,
      amount: e.amount,
      type: e.type,
      ref_type: e.refType ?? null,
      ref_id: e.refId ?? null,
      idem: e.idempotencyKey,
      memo: e.memo ?? '',
    });
  }
  if (!input.length) return { posted: 0, duplicates: entries.length };
  const json = JSON.stringify(input);
  const src = sql`jsonb_to_recordset(${json}::jsonb) as t(ord int, user_id int, account text, amount int, type text, ref_type text, ref_id text, idem text, memo text)`;

  // 1. accounts exist, 2. and are locked in a fixed order
  await tx.execute(sql`insert into wallet_accounts (user_id, account, balance)
    select distinct user_id, account, 0 from ${src} on conflict do nothing`);
  await tx.execute(sql`select 1 from wallet_accounts w
    where (w.user_id, w.account) in (select user_id, account from ${src})
    order by w.user_id, w.account for update`);

  // 3. under the locks: repeats must match their first post, and no running balance may go negative
  const [check] = await rows(
    tx,
    sql`with input as (select * from ${src}),
    prior as (
      select i.*, e.amount as prior_amount, e.type as prior_type, e.account as prior_account
      from input i join ledger_entries e on e.user_id = i.user_id and e.idempotency_key = i.idem
    ),
    running as (
      select a.balance + sum(i.amount) over (partition by i.user_id, i.account order by i.ord) as after,
             i.account
      from input i join wallet_accounts a on a.user_id = i.user_id and a.account = i.account
      where not exists (select 1 from prior p where p.ord = i.ord)
    )
    select
      (select count(*) from prior)::int as repeats,
      (select count(*) from prior where prior_amount <> amount or prior_type <> type or prior_account <> account)::int as conflicts,
      (select count(*) from running where after < 0 and account = 'coins')::int as short_coins,
      (select count(*) from running where after < 0 and account = 'income')::int as short_income`,
  );
  if (Number(check.conflicts) > 0) throw new ApiError(E.IDEMPOTENCY_CONFLICT);
  if (Number(check.short_coins) > 0) throw new ApiError(E.INSUFFICIENT_COINS);
  if (Number(check.short_income) > 0) throw new ApiError(E.INSUFFICIENT_INCOME);

  // 4. insert the new entries with their running balance_after, then move the balances
  const [done] = await rows(
    tx,
    sql`with input as (select * from ${src}),
    fresh as (
      select i.* from input i
      where not exists (select 1 from ledger_entries e where e.user_id = i.user_id and e.idempotency_key = i.idem)
    ),
    running as (
      select f.*, a.balance + sum(f.amount) over (partition by f.user_id, f.account order by f.ord) as after
      from fresh f join wallet_accounts a on a.user_id = f.user_id and a.account = f.account
    ),
    ins as (
      insert into ledger_entries (user_id, account, amount, balance_after, type, ref_type, ref_id, idempotency_key, memo)
      select user_id, account, amount, after, type, ref_type, ref_id, idem, memo from running order by ord
      returning id
    ),
    upd as (
      update wallet_accounts w set balance = w.balance + d.delta, updated_at = now()
      from (select user_id, account, sum(amount)::int as delta from fresh group by user_id, account) d
      where w.user_id = d.user_id and w.account = d.account
      returning 1
    )
    select (select count(*) from ins)::int as posted, (select count(*) from upd)::int as accounts`,
  );
  const posted = Number(done.posted);
  return { posted, duplicates: entries.length - posted };
}
