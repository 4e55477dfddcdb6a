/**
 * Reading and buying plans. The title and the match line are public; the picks and the content are
 * the paid part, readable by the author, a buyer, an active subscriber of the author, or anyone when
 * the plan is free.
 */
import { and, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { runPrepared } from '../../db/prepared';
import { planMatches, planOrders, plans, subscriptions } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { id, paging } from '../../http/route-kit';
import type { RequestOf } from '../../http/type-provider';
import { gatedDebit, getBalances } from '../wallet';
import { expertSummaries } from './expert-summary';
import { hkIso, matchSummaries } from './match-summary';
import { type PlayType, pickLabel } from './play-types';

export type PlanRow = typeof plans.$inferSelect;

type Texts = Partial<Record<Lang, { title: string; content: string }>>;

/** A plan's title and content in the reader's script when it has them there, else as written. */
export function planText(p: Pick<PlanRow, 'title' | 'content' | 'texts'>, lang: Lang) {
  const t = (p.texts as Texts | null)?.[lang];
  return { title: t?.title ?? p.title, content: t?.content ?? p.content };
}

export function resultOf(p: Pick<PlanRow, 'settleState' | 'hit'>): 'pending' | 'red' | 'black' | 'expired' {
  if (p.settleState === 2) return 'expired';
  if (p.settleState !== 1) return 'pending';
  return p.hit ? 'red' : 'black';
}

/** Public cards for a page of plans (no picks, no content). */
export async function planCards(db: Db, rows: PlanRow[], lang: Lang) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const links = await db
    .select({ planId: planMatches.planId, matchId: planMatches.matchId })
    .from(planMatches)
    .where(inArray(planMatches.planId, ids));
  const byPlan = new Map<number, number[]>();
  for (const l of links) byPlan.set(l.planId, [...(byPlan.get(l.planId) ?? []), l.matchId]);
  const [ms, ex] = await Promise.all([
    matchSummaries(
      db,
      links.map((l) => l.matchId),
      lang,
    ),
    expertSummaries(
      db,
      rows.map((r) => r.expertId),
    ),
  ]);
  const at = now().getTime();
  return rows.map((p) => {
    const matchIds = (byPlan.get(p.id) ?? []).sort(
      (a, b) => (ms.get(a)?.start_ms ?? 0) - (ms.get(b)?.start_ms ?? 0),
    );
    return {
      id: p.id,
      expert: ex.get(p.expertId) ?? null,
      title: planText(p, lang).title,
      price: p.price,
      free: p.price === 0,
      lottery: p.lottery,
      play_type: p.playType,
      mode: p.mode,
      refund_if_not_red: p.refundIfNotRed,
      stake: p.stake,
      issue_num: p.issueNum,
      match: matchIds.length ? (ms.get(matchIds[0]) ?? null) : null,
      match_count: matchIds.length,
      settle_state: p.settleState === 9 ? 0 : p.settleState,
      result: resultOf(p),
      buy_count: p.buyCount,
      on_sale: p.settleState === 0 && p.closeAt.getTime() > at,
      close_ms: p.closeAt.getTime(),
      created_at: hkIso(p.createdAt),
    };
  });
}

/** The plan list's querystring (GET /mdr/api/v1/user/expert-plans); `state` 'open' on sale, 'settled' graded. */
export const planFilterQuery = {
  type: 'object',
  properties: {
    match_id: id,
    league_id: id,
    expert_id: id,
    free: { type: 'boolean' },
    lottery: { type: 'string', enum: ['jczq', 'bjdc', 'ctzc'] },
    play_type: { type: 'string', maxLength: 8 },
    state: { type: 'string', enum: ['open', 'settled'] },
    ...paging,
  },
} as const;

export type PlanFilter = RequestOf<typeof planFilterQuery>;

export async function listPlans(db: Db, f: PlanFilter, lang: Lang) {
  const where: SQL[] = [];
  if (f.match_id)
    where.push(sql`${plans.id} in (select plan_id from plan_matches where match_id = ${f.match_id})`);
  if (f.league_id)
    where.push(
      sql`${plans.id} in (select pm.plan_id from plan_matches pm join matches m on m.id = pm.match_id where m.competition_id = ${f.league_id})`,
    );
  if (f.expert_id) where.push(eq(plans.expertId, f.expert_id));
  if (f.free) where.push(eq(plans.price, 0));
  if (f.lottery) where.push(eq(plans.lottery, f.lottery));
  if (f.play_type) where.push(eq(plans.playType, f.play_type));
  if (f.state === 'open') where.push(and(eq(plans.settleState, 0), gt(plans.closeAt, now())) as SQL);
  if (f.state === 'settled') where.push(inArray(plans.settleState, [1, 2]));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(plans)
      .where(cond)
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
    db.select({ total: sql<number>`count(*)::int` }).from(plans).where(cond),
  ]);
  return { list: await planCards(db, rows, lang), total: Number(total), page: f.page, size: f.size };
}

export async function hasActiveSubscription(db: Db, userId: number, expertId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.expertId, expertId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.periodEnd, now()),
      ),
    );
  return !!row;
}

async function purchased(db: Db, planId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: planOrders.id })
    .from(planOrders)
    .where(and(eq(planOrders.planId, planId), eq(planOrders.userId, userId)));
  return !!row;
}

export async function planDetail(db: Db, id: number, userId: number | null, lang: Lang) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id));
  if (!plan) throw new ApiError(E.NOT_FOUND);
  const [card] = await planCards(db, [plan], lang);
  const isAuthor = userId === plan.expertId;
  const bought = userId !== null && !isAuthor && (await purchased(db, id, userId));
  const subscribed = userId !== null && !isAuthor && (await hasActiveSubscription(db, userId, plan.expertId));
  const open = isAuthor || bought || subscribed || plan.price === 0;
  const lines = await db.select().from(planMatches).where(eq(planMatches.planId, id));
  const ms = await matchSummaries(
    db,
    lines.map((l) => l.matchId),
    lang,
  );
  const matchesOut = lines
    .map((l) => ({
      match: ms.get(l.matchId) ?? null,
      // the picks are the paid part: hidden with the content
      picks: open ? (l.picks as string[]) : null,
      picks_text: open
        ? (l.picks as string[]).map((o) => pickLabel(plan.playType as PlayType, o, lang)).join(' / ')
        : null,
      odds: open ? (l.odds as Record<string, number>) : null,
      handicap: l.handicap,
      hit: plan.settleState === 1 ? l.hit : null,
    }))
    .sort((a, b) => (a.match?.start_ms ?? 0) - (b.match?.start_ms ?? 0));
  const balance = userId !== null ? (await getBalances(db, userId)).coins : null;
  return {
    ...card,
    matches: matchesOut,
    locked: !open,
    content: open ? planText(plan, lang).content : null,
    is_author: isAuthor,
    purchased: bought,
    subscribed,
    balance,
  };
}

/**
 * One statement, so one transaction without BEGIN/COMMIT round trips (PGlite runs one query at a
 * time; round trips are the cost): lock the buyer's coin account, check the plan is on sale, not the
 * buyer's own and affordable, insert the order (skipped when this buyer has one), count the sale and
 * debit the coins through the ledger's gatedDebit. Any error rolls all of it back. When nothing was
 * bought, a few reads find out why (already purchased, 110300 when short, own plan, closed).
 * The unique (plan, user) order makes a second purchase — retried with the same key or not — answer
 * "already purchased" without a second charge.
 */
export async function buyPlan(db: Db, planId: number, userId: number, idempotencyKey: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const bought = await buyStatement(db, planId, userId, idempotencyKey);
    if (bought) return bought;
    const why = await whyNotBought(db, planId, userId);
    if (why) return why;
    // on sale and affordable now: a concurrent change (top-up, another purchase) — try once more
  }
  throw new ApiError(E.PLAN_CLOSED);
}

async function buyStatement(db: Db, planId: number, userId: number, idempotencyKey: string) {
  const debit = gatedDebit({
    userId,
    account: 'coins',
    type: 'plan_purchase',
    refType: 'plan_order',
    // one charge per plan and buyer, whatever key the client sent
    idempotencyKey: `plan-buy:${planId}`,
    memo: `plan ${planId}`,
  });
  const found = await runPrepared(
    db,
    'plans_buy',
    sql`
      with ${debit.lock}, p as (
        select id, price from plans
        where id = ${planId} and expert_id <> ${userId} and settle_state = 0 and close_at > ${now()}
          and (price = 0 or price <= coalesce((select balance from acct), 0))
      ), o as (
        insert into plan_orders (plan_id, user_id, price, idempotency_key)
        select id, ${userId}, price, ${idempotencyKey} from p
        on conflict (plan_id, user_id) do nothing
        returning id, price
      ), c as (
        update plans set buy_count = buy_count + 1 where id = ${planId} and exists (select 1 from o)
      ), charge as (
        select price as amount, id::text as ref_id from o
      ), ${debit.post}
      select o.id, o.price, (select balance from bal) as balance, ${debit.guard} as guard from o`,
  );
  if (!found.length) return null;
  const price = Number(found[0].price);
  return {
    order_id: Number(found[0].id),
    already_purchased: false,
    charged: price,
    balance: price > 0 ? Number(found[0].balance) : null,
  };
}

/** No order was made: already bought (answered as such, no charge), or why it cannot be bought. */
async function whyNotBought(db: Db, planId: number, userId: number) {
  const [plan] = await db
    .select({
      expertId: plans.expertId,
      price: plans.price,
      settleState: plans.settleState,
      closeAt: plans.closeAt,
    })
    .from(plans)
    .where(eq(plans.id, planId));
  if (!plan) throw new ApiError(E.NOT_FOUND);
  if (plan.expertId === userId) throw new ApiError(E.PLAN_OWN);
  const [existing] = await db
    .select({ id: planOrders.id })
    .from(planOrders)
    .where(and(eq(planOrders.planId, planId), eq(planOrders.userId, userId)));
  if (existing) return { order_id: existing.id, already_purchased: true, charged: 0, balance: null };
  if (plan.settleState !== 0 || plan.closeAt.getTime() <= now().getTime()) throw new ApiError(E.PLAN_CLOSED);
  if (plan.price > (await getBalances(db, userId)).coins) throw new ApiError(E.INSUFFICIENT_COINS);
  return null;
}

export async function listPurchases(db: Db, userId: number, page: number, size: number, lang: Lang) {
  const cond = eq(planOrders.userId, userId);
  const [orders, [{ total }]] = await Promise.all([
    db
      .select()
      .from(planOrders)
      .where(cond)
      .orderBy(desc(planOrders.createdAt), desc(planOrders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(planOrders).where(cond),
  ]);
  const rows = orders.length
    ? await db
        .select()
        .from(plans)
        .where(
          inArray(
            plans.id,
            orders.map((o) => o.planId),
          ),
        )
    : [];
  const cards = new Map((await planCards(db, rows, lang)).map((c) => [c.id, c]));
  return {
    list: orders.map((o) => ({
      order_id: o.id,
      paid: o.price,
      refunded: o.state === 1,
      bought_at: hkIso(o.createdAt),
      plan: cards.get(o.planId) ?? null,
    })),
    total: Number(total),
    page,
    size,
  };
}
