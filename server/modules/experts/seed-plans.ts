/**
 * The demo experts' plans: a history on finished matches (bought while on sale, then settled by the
 * real settlement, which moves the money and the statistics) and open plans on upcoming matches.
 * Each expert has a style: which play type they publish and how they pick an open match from its
 * facts. History picks follow the expert's skill (a skilled expert called more results right);
 * whatever the pick, its title and analysis are written from facts that back it (seed-texts.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, planMatches, plans } from '../../db/schema';
import { oddsTable, settleDue, winningOption } from '../plans';
import { loadFacts, type MatchFacts, points } from './seed-facts';
import { prng, seedPurchases } from './seed-fans';
import { ninePlanTexts, type PlanTexts, singlePlanTexts } from './seed-texts';

export const PRICE_TIERS = [0, 18, 28, 38, 58, 88];

export type Style = 'form' | 'nine' | 'handicap' | 'model' | 'upset';
export interface DemoExpert {
  id: number;
  index: number;
  skill: number;
  style: Style;
  /** share of the fans who follow, and how many of them buy a plan */
  appeal: number;
}

const HISTORY = 10;
const OPEN = 3;
const HOUR = 3600_000;
type MatchRow = typeof matches.$inferSelect;

const resultOf = (m: MatchRow) => ({
  homeScore: m.homeScore,
  awayScore: m.awayScore,
  homeHalfScore: m.homeHalfScore,
  awayHalfScore: m.awayHalfScore,
});

/** What an expert of this style picks on a match, from the facts alone. */
function stylePick(style: Style, f: MatchFacts): string {
  const o = f.odds ?? { home: 2.3, draw: 3.1, away: 2.9 };
  if (style === 'upset') return o.draw < 3.4 ? '1' : o.home > o.away ? '3' : '0';
  if (style === 'handicap') return f.hhad && f.hhad.home < f.hhad.away ? '3' : '0';
  if (style === 'form') {
    const diff = points(f.home.form) + 2 - points(f.away.form);
    return diff > 1 ? '3' : diff < -1 ? '0' : '1';
  }
  return o.home <= o.away ? (o.home < o.draw ? '3' : '1') : o.away < o.draw ? '0' : '1';
}

/** History pick: right with probability `skill`, else one of the other options. */
function hindsightPick(
  play: 'spf' | 'rqspf',
  m: MatchRow,
  line: number | null,
  skill: number,
  rnd: () => number,
) {
  const winning = winningOption(play, resultOf(m), line);
  if (rnd() < skill) return winning;
  const others = ['3', '1', '0'].filter((o) => o !== winning && (play === 'spf' || o !== '1'));
  return others[Math.floor(rnd() * others.length)];
}

async function insertPlan(
  db: Db,
  e: DemoExpert,
  v: {
    play: string;
    lottery: string;
    texts: PlanTexts;
    price: number;
    refund: boolean;
    closeAt: Date;
    createdAt: Date;
    leagueId: number | null;
    issue?: string | null;
    lines: { matchId: number; pick: string; odds: number; handicap: number | null }[];
  },
) {
  const [plan] = await db
    .insert(plans)
    .values({
      expertId: e.id,
      lottery: v.lottery,
      playType: v.play,
      title: v.texts.zhhk.title,
      content: v.texts.zhhk.content,
      texts: { zhcn: v.texts.zhcn, zhtw: v.texts.zhtw },
      price: v.price,
      refundIfNotRed: v.refund,
      closeAt: v.closeAt,
      createdAt: v.createdAt,
      leagueId: v.leagueId,
      issueNum: v.issue ?? null,
    })
    .returning({ id: plans.id, createdAt: plans.createdAt, closeAt: plans.closeAt, price: plans.price });
  await db.insert(planMatches).values(
    v.lines.map((l) => ({
      planId: plan.id,
      matchId: l.matchId,
      picks: [l.pick],
      odds: { [l.pick]: l.odds },
      handicap: l.handicap === null ? null : String(l.handicap),
    })),
  );
  return plan;
}

function buyersFor(e: DemoExpert, price: number, fans: number, rnd: () => number) {
  const base = e.appeal * fans * (price === 0 ? 0.8 : 0.45);
  return Math.max(price === 0 ? 2 : 0, Math.round(base * (0.35 + rnd() * 0.65)));
}

async function singlePlan(db: Db, e: DemoExpert, f: MatchFacts, pick: string, k: number, open: boolean) {
  const play = e.style === 'handicap' ? 'rqspf' : 'spf';
  const line = play === 'rqspf' ? (f.hhad?.line ?? -1) : null;
  const market = play === 'rqspf' ? f.hhad : f.odds;
  const table = oddsTable(play, { market: market as Record<string, number> | null });
  const price = open && k === OPEN - 1 ? 0 : PRICE_TIERS[1 + ((k + e.index) % (PRICE_TIERS.length - 1))];
  return insertPlan(db, e, {
    play,
    lottery: 'jczq',
    texts: singlePlanTexts(f, play, pick, k + e.index * 3),
    price,
    refund: price > 0 && (k + e.index) % 3 === 0,
    closeAt: f.startAt,
    createdAt: new Date(Math.min(f.startAt.getTime() - (6 + (k % 5)) * HOUR, Date.now() - 60_000)),
    leagueId: f.row.competitionId,
    lines: [{ matchId: f.id, pick, odds: table[pick], handicap: line }],
  });
}

/** Pick-nine plans on finished pools: the nine matches the facts read most clearly. */
async function ninePlans(db: Db, e: DemoExpert, rnd: () => number) {
  const issues = await db
    .selectDistinct({ issue: matches.ctzcIssue })
    .from(matches)
    .where(and(isNotNull(matches.ctzcIssue), eq(matches.status, 10)))
    .orderBy(desc(matches.ctzcIssue));
  const out = [];
  for (const [k, { issue }] of issues.entries()) {
    const pool = await db
      .select()
      .from(matches)
      .where(eq(matches.ctzcIssue, issue!))
      .orderBy(asc(matches.ctzcIndex));
    // a pool is over when no match is still to play; a postponed or abandoned one (status 11-14) is void,
    // as in the real pool, so the nine lines come from the finished ones
    if (pool.length !== 14 || pool.some((m) => m.status < 10)) continue;
    const played = pool.filter((m) => m.status === 10);
    if (played.length < 9) continue;
    const facts = await loadFacts(
      db,
      pool.map((m) => m.id),
    );
    const nine = played.filter((_, i) => (i + k) % played.length < 9);
    const lines = nine.map((m) => {
      // nine lines must all be right: a pool expert reads each line far better than one match
      const pick = hindsightPick('spf', m, null, 0.95, rnd);
      return { facts: facts.get(m.id)!, pick, m };
    });
    const closeAt = pool.reduce((a, m) => (m.startAt < a ? m.startAt : a), pool[0].startAt);
    out.push(
      await insertPlan(db, e, {
        play: 'rx9',
        lottery: 'ctzc',
        texts: ninePlanTexts(lines, issue!, k),
        price: PRICE_TIERS[2 + (k % 4)],
        refund: k % 2 === 0,
        closeAt,
        createdAt: new Date(closeAt.getTime() - 20 * HOUR),
        leagueId: null,
        issue,
        lines: lines.map((l) => ({
          matchId: l.m.id,
          pick: l.pick,
          odds: oddsTable('spf', { market: l.facts.odds })[l.pick],
          handicap: null,
        })),
      }),
    );
  }
  return out;
}

/** An expert's plans, their sales, and (for the history) their settlement. */
export async function seedExpertPlans(db: Db, e: DemoExpert, fans: number[], count: number) {
  const rnd = prng(7919 * (e.index + 1));
  const finished = await db
    .select()
    .from(matches)
    .where(and(eq(matches.status, 10), lt(matches.startAt, sql`now()`), isNotNull(matches.jczqNum)))
    .orderBy(desc(matches.startAt))
    .limit(HISTORY * count);
  const upcoming = await db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.status, 1),
        gt(matches.startAt, sql`now() + interval '2 hours'`),
        isNotNull(matches.jczqNum),
      ),
    )
    .orderBy(asc(matches.startAt))
    .limit(OPEN * count);
  const history = Array.from(
    { length: Math.min(HISTORY, finished.length) },
    (_, k) => finished[(k * count + e.index) % finished.length],
  );
  const next = Array.from(
    { length: Math.min(OPEN, upcoming.length) },
    (_, k) => upcoming[(e.index * OPEN + k) % upcoming.length],
  );
  const facts = await loadFacts(
    db,
    [...history, ...next].map((m) => m.id),
  );
  const made = [];
  if (e.style === 'nine') made.push(...(await ninePlans(db, e, rnd)));
  for (const [k, m] of history.entries()) {
    const f = facts.get(m.id)!;
    const play = e.style === 'handicap' ? 'rqspf' : 'spf';
    const pick = hindsightPick(play, m, play === 'rqspf' ? (f.hhad?.line ?? -1) : null, e.skill, rnd);
    made.push(await singlePlan(db, e, f, pick, k, false));
  }
  for (const p of made) await seedPurchases(db, p, fans, buyersFor(e, p.price, fans.length, rnd), rnd);
  // every history match is over: the real settlement grades, pays the expert or refunds the buyers
  await settleDue(db);
  // ...and dates the result to the final whistle, as the live job would have
  await db.execute(sql`update plans set settled_at = close_at + interval '2 hours'
    where expert_id = ${e.id} and settle_state in (1, 2)`);
  for (const [k, m] of next.entries()) {
    const f = facts.get(m.id)!;
    const p = await singlePlan(db, e, f, stylePick(e.style, f), k, true);
    await seedPurchases(db, p, fans, buyersFor(e, p.price, fans.length, rnd), rnd);
  }
}

export async function hasPlans(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await db
    .selectDistinct({ id: plans.expertId })
    .from(plans)
    .where(inArray(plans.expertId, ids));
  return new Set(found.map((f) => f.id));
}
