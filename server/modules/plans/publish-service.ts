/**
 * Publishing a plan: who may publish (approved, not banned, real-name verified), then every spec §5
 * rule with its own error code, then one transaction that holds the expert's row lock so two
 * publishes at once cannot both take the last slot of the daily quota.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { checkDoublePickOdds, checkPlan, planMode } from '../../../contracts/plan-rules';
import type { Db } from '../../db';
import { experts, matches, matchOdds, planMatches, planPriceConfigs, plans } from '../../db/schema';
import { now } from '../../http/clock';
import type { PlansPublishBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { getExpertState, isRealNameVerified } from './expert-state';
import { type Lottery, marketOf, oddsTable, type PlayType } from './play-types';
import { planRules } from './rules';

/** Start of today in Hong Kong (UTC+8): the daily quota counts plans published since then. */
export function hkDayStart(at: Date = now()): Date {
  const hk = new Date(at.getTime() + 8 * 3600_000);
  return new Date(Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth(), hk.getUTCDate()) - 8 * 3600_000);
}

export async function publishedToday(db: Db, expertId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(plans)
    .where(and(eq(plans.expertId, expertId), gte(plans.createdAt, hkDayStart())));
  return Number(row?.n ?? 0);
}

/** Only approved, not banned, real-name verified experts publish. */
export async function assertCanPublish(db: Db, userId: number): Promise<void> {
  const state = await getExpertState(db, userId);
  if (state.status === 3) throw new ApiError(E.EXPERT_BANNED, { reason: state.reason ?? null });
  if (state.status !== 1) throw new ApiError(E.PLAN_NOT_EXPERT);
  if (!(await isRealNameVerified(db, userId))) throw new ApiError(E.REAL_NAME_REQUIRED);
}

function lotteryMatches(lottery: Lottery, m: typeof matches.$inferSelect, issue?: string): boolean {
  if (lottery === 'jczq') return !!m.jczqNum;
  if (lottery === 'bjdc') return !!m.bjdcNum;
  return !!m.ctzcIssue && (!issue || m.ctzcIssue === issue);
}

export async function publishPlan(db: Db, userId: number, input: PlansPublishBody) {
  const prior = await findByKey(db, userId, input.idempotency_key);
  if (prior) return { id: prior.id, duplicate: true };
  await assertCanPublish(db, userId);
  const rules = planRules();
  // the §5 rules that need nothing but the request and the limits: the publish form runs them too
  const shape = checkPlan(input, rules);
  // the minimum in force (published rules apply at once) goes into the message: 「最少需要60個字」
  if (shape)
    throw new ApiError(shape, shape === E.PLAN_CONTENT_SHORT ? { min: rules.contentMin } : undefined);

  const [price] = await db.select().from(planPriceConfigs).where(eq(planPriceConfigs.price, input.price));
  if (!price) throw new ApiError(E.PLAN_BAD_PRICE);

  const ids = input.matches.map((m) => m.match_id);
  const rows = await db.select().from(matches).where(inArray(matches.id, ids));
  if (rows.length !== ids.length) throw new ApiError(E.PLAN_NO_MATCH);
  const at = now();
  for (const m of rows) {
    if (!lotteryMatches(input.lottery, m, input.issue_num)) throw new ApiError(E.PLAN_PLAY_TYPE);
    if (m.status !== 1 || m.startAt <= at) throw new ApiError(E.PLAN_MATCH_STARTED);
  }
  if (input.lottery === 'ctzc' && new Set(rows.map((m) => m.ctzcIssue)).size > 1)
    throw new ApiError(E.PLAN_PLAY_TYPE);

  const tables = await planOdds(db, input.play_type, ids);
  const lines = input.matches.map((m) => {
    const { table, handicap } = tables.get(m.match_id) ?? {
      table: oddsTable(input.play_type, { market: null }),
      handicap: null,
    };
    const odds = Object.fromEntries(m.picks.map((p) => [p, table[p]]));
    return { matchId: m.match_id, picks: m.picks, odds, handicap };
  });
  for (const l of lines) {
    const code = checkDoublePickOdds(input.play_type, l.picks, l.odds, rules);
    if (code) throw new ApiError(code);
  }
  const closeAt = new Date(Math.min(...rows.map((m) => m.startAt.getTime())));
  const leagues = new Set(rows.map((m) => m.competitionId));

  return db.transaction(async (tx) => {
    // the expert row lock serializes this expert's publishes, so the quota count below is exact
    await tx.select({ id: experts.userId }).from(experts).where(eq(experts.userId, userId)).for('update');
    const again = await findByKey(tx, userId, input.idempotency_key);
    if (again) return { id: again.id, duplicate: true };
    if ((await publishedToday(tx, userId)) >= rules.dailyPublishQuota) throw new ApiError(E.PLAN_QUOTA);
    const [plan] = await tx
      .insert(plans)
      .values({
        expertId: userId,
        lottery: input.lottery,
        playType: input.play_type,
        mode: planMode(input, input.matches.length),
        title: input.title.trim(),
        content: input.content.trim(),
        price: input.price,
        refundIfNotRed: input.refund_if_not_red ?? false,
        stake: input.stake ?? null,
        issueNum: input.lottery === 'ctzc' ? (rows[0].ctzcIssue ?? null) : null,
        leagueId: leagues.size === 1 ? rows[0].competitionId : null,
        closeAt,
        idempotencyKey: input.idempotency_key,
      })
      .returning({ id: plans.id });
    await tx.insert(planMatches).values(lines.map((l) => ({ planId: plan.id, ...l })));
    return { id: plan.id, duplicate: false };
  });
}

/** The odds of every option of a play on each match, as a plan published now would record them. */
export async function planOdds(db: Db, play: PlayType, ids: number[]) {
  const out = new Map<number, { table: Record<string, number>; handicap: string | null }>();
  if (!ids.length) return out;
  const oddsRows = await db
    .select()
    .from(matchOdds)
    .where(
      and(
        inArray(matchOdds.matchId, ids),
        eq(matchOdds.bookmaker, 'lottery'),
        eq(matchOdds.market, marketOf(play)),
      ),
    );
  const byMatch = new Map(oddsRows.map((o) => [o.matchId, o.current as Record<string, number>]));
  for (const id of ids) {
    const market = byMatch.get(id) ?? null;
    const handicap = market && typeof market.line === 'number' ? String(market.line) : null;
    out.set(id, { table: oddsTable(play, { market }), handicap });
  }
  return out;
}

async function findByKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.expertId, userId), eq(plans.idempotencyKey, key)));
  return row;
}
