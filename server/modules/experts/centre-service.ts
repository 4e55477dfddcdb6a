/**
 * The expert's own centre (`/user/ec/expert`): what they earned and withdrew, how their plans sold
 * and settled, and their statistics. Everything here is the caller's own; nothing takes an expert id.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { plans } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { getExpertState } from '../certification';
import { planCards } from '../plans';
import { getBalances } from '../wallet';
import { expertStatistics } from './experts-service';

const toInt = (v: unknown) => Number(v ?? 0);

export async function expertCentre(db: Db, userId: number) {
  const [state, balances, [money], [counts]] = await Promise.all([
    getExpertState(db, userId),
    getBalances(db, userId),
    rows(
      db,
      sql`select
            coalesce(sum(amount) filter (where type not in ('withdrawal', 'withdrawal_refund')), 0)::int as earned,
            coalesce(sum(amount) filter (where type = 'expert_income'), 0)::int as from_plans,
            coalesce(sum(amount) filter (where type = 'subscription'), 0)::int as from_subscriptions,
            coalesce(-sum(amount) filter (where type in ('withdrawal', 'withdrawal_refund')), 0)::int as withdrawn
          from ledger_entries where user_id = ${userId} and account = 'income'`,
    ),
    rows(
      db,
      sql`select
            count(*)::int as published,
            (count(*) filter (where settle_state = 0 and close_at > now()))::int as on_sale,
            (count(*) filter (where settle_state in (0, 9) and close_at <= now()))::int as awaiting,
            (count(*) filter (where settle_state = 1))::int as settled,
            (count(*) filter (where settle_state = 1 and hit))::int as red,
            (count(*) filter (where settle_state = 2))::int as expired,
            coalesce(sum(buy_count), 0)::int as buyers
          from plans where expert_id = ${userId}`,
    ),
  ]);
  const [processing] = await rows(
    db,
    sql`select coalesce(sum(amount), 0)::int as amount from withdrawals
        where user_id = ${userId} and status = 'processing'`,
  );
  const isExpert = state.status === 1 || state.status === 3;
  return {
    expert_status: state.status,
    reason: state.reason ?? null,
    income: balances.income,
    earned: toInt(money.earned),
    from_plans: toInt(money.from_plans),
    from_subscriptions: toInt(money.from_subscriptions),
    // withdrawals still being paid out are part of what left the balance
    withdrawn: toInt(money.withdrawn),
    withdrawing: toInt(processing.amount),
    plans: {
      published: toInt(counts.published),
      on_sale: toInt(counts.on_sale),
      awaiting: toInt(counts.awaiting),
      settled: toInt(counts.settled),
      red: toInt(counts.red),
      expired: toInt(counts.expired),
      buyers: toInt(counts.buyers),
    },
    statistics: isExpert ? await expertStatistics(db, userId) : null,
  };
}

/**
 * The settlement tab: the caller's plans, newest first, each with what it sold, what was refunded to
 * buyers and what it paid the expert (the ledger's income entry for the plan).
 */
export async function expertSettlements(db: Db, userId: number, page: number, size: number, lang: Lang) {
  const [found, [{ total }]] = await Promise.all([
    db
      .select()
      .from(plans)
      .where(eq(plans.expertId, userId))
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(size)
      .offset((page - 1) * size),
    rows(db, sql`select count(*)::int as total from plans where expert_id = ${userId}`),
  ]);
  if (!found.length) return { list: [], total: toInt(total), page, size };
  const ids = found.map((p) => p.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const refList = sql.join(
    ids.map((id) => sql`${String(id)}`),
    sql`, `,
  );
  const [cards, sales, incomes] = await Promise.all([
    planCards(db, found, lang),
    rows(
      db,
      sql`select plan_id,
            coalesce(sum(price), 0)::int as sales,
            (count(*) filter (where state = 1))::int as refunded,
            coalesce(sum(price) filter (where state = 1), 0)::int as refunded_amount
          from plan_orders where plan_id in (${idList}) group by plan_id`,
    ),
    rows(
      db,
      sql`select ref_id, sum(amount)::int as amount from ledger_entries
          where user_id = ${userId} and account = 'income' and type = 'expert_income'
            and ref_type = 'plan' and ref_id in (${refList})
          group by ref_id`,
    ),
  ]);
  const salesBy = new Map(sales.map((s) => [toInt(s.plan_id), s]));
  const incomeBy = new Map(incomes.map((i) => [Number(i.ref_id), toInt(i.amount)]));
  const list = cards.map((card) => {
    const s = salesBy.get(card.id);
    return {
      ...card,
      sales: toInt(s?.sales),
      refunded: toInt(s?.refunded),
      refunded_amount: toInt(s?.refunded_amount),
      income: incomeBy.get(card.id) ?? 0,
    };
  });
  return { list, total: toInt(total), page, size };
}
