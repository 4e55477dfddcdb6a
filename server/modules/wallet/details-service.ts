/** Read side of the ledger: balance details (every movement) and the expert's income entries. */
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { ledgerEntries } from '../../db/schema';
import { epochMs, hkIso, type PageArgs } from './format';
import type { Account, LedgerType } from './ledger';

type Entry = typeof ledgerEntries.$inferSelect;

export function entryView(e: Entry) {
  return {
    id: e.id,
    account: e.account,
    type: e.type,
    amount: e.amount,
    balance_after: e.balanceAfter,
    direction: e.amount > 0 ? 'in' : 'out',
    ref_type: e.refType,
    ref_id: e.refId,
    memo: e.memo,
    created_at: hkIso(e.createdAt),
    created_ms: epochMs(e.createdAt),
  };
}

async function page(db: Db, where: SQL | undefined, { page, size }: PageArgs) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return { list: rows.map(entryView), total: Number(n), page, size };
}

export async function balanceDetails(
  db: Db,
  userId: number,
  filter: { account: Account; type?: LedgerType; direction?: 'in' | 'out'; month?: string },
  p: PageArgs,
) {
  const conds = [eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, filter.account)];
  if (filter.month) {
    // a calendar month in Hong Kong time (UTC+8, no daylight saving), as the app shows dates
    const [y, m] = filter.month.split('-').map(Number);
    const from = new Date(Date.UTC(y, m - 1, 1) - 8 * 3600_000);
    const to = new Date(Date.UTC(y, m, 1) - 8 * 3600_000);
    conds.push(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to));
  }
  if (filter.type) conds.push(eq(ledgerEntries.type, filter.type));
  if (filter.direction === 'in') conds.push(sql`${ledgerEntries.amount} > 0`);
  if (filter.direction === 'out') conds.push(sql`${ledgerEntries.amount} < 0`);
  return page(db, and(...conds), p);
}

/** Income entries: 'settlement' = what was earned (sales, subscriptions, refunds taken back). */
const SETTLEMENT_TYPES: LedgerType[] = ['expert_income', 'plan_purchase', 'subscription', 'refund', 'gift'];

export async function expertIncomes(db: Db, userId: number, p: PageArgs) {
  const where = and(
    eq(ledgerEntries.userId, userId),
    eq(ledgerEntries.account, 'income'),
    inArray(ledgerEntries.type, SETTLEMENT_TYPES),
  );
  const [listed, [totals]] = await Promise.all([
    page(db, where, p),
    db
      .select({
        earned: sql<number>`coalesce(sum(case when ${ledgerEntries.type} in ('withdrawal', 'withdrawal_refund') then 0 else ${ledgerEntries.amount} end), 0)::int`,
        withdrawn: sql<number>`coalesce(-sum(case when ${ledgerEntries.type} in ('withdrawal', 'withdrawal_refund') then ${ledgerEntries.amount} else 0 end), 0)::int`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'income'))),
  ]);
  return { ...listed, summary: { earned: Number(totals.earned), withdrawn: Number(totals.withdrawn) } };
}
