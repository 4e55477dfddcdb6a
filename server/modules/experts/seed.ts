/**
 * Demo experts marketplace: a handful of approved experts (demo accounts +852 6000000N, code login),
 * price tiers, subscription packages, ads, and — when the football seed has matches — a settled plan
 * history on finished matches (so statistics and rankings show something) and open plans on upcoming
 * ones. Inserted only where missing; an expert who already has plans is left alone.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import {
  expertAds,
  expertStats,
  experts,
  matches,
  planMatches,
  planPriceConfigs,
  plans,
  subPackages,
  users,
} from '../../db/schema';
import { findUser, newUserExternal, phoneTarget } from '../auth';
import { oddsTable, winningOption } from '../plans';

export const PRICE_TIERS = [0, 18, 28, 38, 58, 88];

export const DEMO_EXPERTS = [
  { phone: '60000001', nickname: '波神老陳', intro: '十年英超數據分析，專注勝平負', skill: 0.68 },
  { phone: '60000002', nickname: '任九王', intro: '足彩任九老手，穩字當頭', skill: 0.6 },
  { phone: '60000003', nickname: '亞盤阿John', intro: '讓球盤口專家，睇盤不睇名', skill: 0.55 },
  { phone: '60000004', nickname: '數據派小美', intro: '用數字說話的模型玩家', skill: 0.62 },
  { phone: '60000005', nickname: '冷門獵人', intro: '專抓冷門，高賠博大', skill: 0.4 },
];

const HISTORY_PER_EXPERT = 12;
const OPEN_PER_EXPERT = 2;
const CONTENT =
  '本場分析：主隊近五場狀態穩定，主場進攻效率高；客隊後防傷停較多，轉換防守慢。結合盤口走勢與歷史對賽，推介如下，請理性參考，量力而為。';

/** Small deterministic generator so the demo history is the same on every fresh database. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function seedExperts(db: Db): Promise<void> {
  await db
    .insert(planPriceConfigs)
    .values(PRICE_TIERS.map((price, i) => ({ price, sort: i })))
    .onConflictDoNothing();
  const [ad] = await db.select({ id: expertAds.id }).from(expertAds).limit(1);
  if (!ad)
    await db.insert(expertAds).values([
      { image: '/logo.svg', titleKey: 'experts.ads.rank', link: '/specialist/rank', sort: 1 },
      { image: '/logo.svg', titleKey: 'experts.ads.free', link: '/experts/free/list', sort: 2 },
      { image: '/logo.svg', titleKey: 'experts.ads.nine', link: '/experts/nine/list', sort: 3 },
    ]);

  const finished = await db
    .select()
    .from(matches)
    .where(and(eq(matches.status, 10), lt(matches.startAt, sql`now()`)))
    // the most recent results, so the weekly ranking has entries too
    .orderBy(desc(matches.startAt))
    .limit(HISTORY_PER_EXPERT * 4);
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
    .limit(OPEN_PER_EXPERT * DEMO_EXPERTS.length);

  for (const [index, demo] of DEMO_EXPERTS.entries()) {
    const target = phoneTarget('852', demo.phone);
    let user = await findUser(db, target);
    if (!user) {
      [user] = await db
        .insert(users)
        .values({
          userExternal: newUserExternal(),
          areaCode: '852',
          phone: demo.phone,
          nickname: demo.nickname,
          desc: demo.intro,
          city: '香港',
        })
        .onConflictDoNothing()
        .returning();
      if (!user) user = await findUser(db, target);
      if (!user) continue;
    }
    const expertId = user.id;
    await db
      .insert(experts)
      .values({ userId: expertId, status: 'approved', intro: demo.intro })
      .onConflictDoNothing();
    const [pkg] = await db
      .select({ id: subPackages.id })
      .from(subPackages)
      .where(eq(subPackages.expertId, expertId));
    if (!pkg)
      await db.insert(subPackages).values([
        { expertId, days: 7, price: 88 },
        { expertId, days: 30, price: 288 },
      ]);
    const [has] = await db.select({ id: plans.id }).from(plans).where(eq(plans.expertId, expertId)).limit(1);
    if (has) continue;
    await seedHistory(db, expertId, index, demo.skill, finished);
    await seedOpen(db, expertId, index, upcoming);
  }
}

async function seedHistory(
  db: Db,
  expertId: number,
  index: number,
  skill: number,
  finished: (typeof matches.$inferSelect)[],
) {
  if (!finished.length) return;
  const rnd = prng(7919 * (index + 1));
  let count = 0;
  let hits = 0;
  let streak = 0;
  let best = 0;
  for (let k = 0; k < Math.min(HISTORY_PER_EXPERT, finished.length); k++) {
    const m = finished[(k * 3 + index) % finished.length];
    const result = {
      homeScore: m.homeScore,
      awayScore: m.awayScore,
      homeHalfScore: m.homeHalfScore,
      awayHalfScore: m.awayHalfScore,
    };
    const winning = winningOption('spf', result, null);
    const hit = rnd() < skill;
    const pick = hit ? winning : ['3', '1', '0'].filter((o) => o !== winning)[Math.floor(rnd() * 2)];
    const settledAt = new Date(m.startAt.getTime() + 2 * 3600_000);
    const [plan] = await db
      .insert(plans)
      .values({
        expertId,
        lottery: 'jczq',
        playType: 'spf',
        title: `${['穩膽推介', '今晚焦點', '主場必勝？', '冷門預警'][k % 4]} #${k + 1}`,
        content: CONTENT,
        price: PRICE_TIERS[(k + index) % PRICE_TIERS.length],
        refundIfNotRed: k % 3 === 0,
        closeAt: m.startAt,
        settleState: 1,
        hit,
        buyCount: Math.floor(rnd() * 40),
        settledAt,
        createdAt: new Date(m.startAt.getTime() - 6 * 3600_000),
      })
      .returning({ id: plans.id });
    const odds = oddsTable('spf', { market: null });
    await db
      .insert(planMatches)
      .values({ planId: plan.id, matchId: m.id, picks: [pick], odds: { [pick]: odds[pick] }, hit });
    count++;
    if (hit) hits++;
    streak = hit ? streak + 1 : 0;
    best = Math.max(best, streak);
  }
  await db
    .insert(expertStats)
    .values({ expertId, predictedCount: count, predictedHits: hits, currentStreak: streak, bestStreak: best })
    .onConflictDoNothing();
}

async function seedOpen(db: Db, expertId: number, index: number, upcoming: (typeof matches.$inferSelect)[]) {
  if (!upcoming.length) return;
  const ids = upcoming.map((m) => m.id);
  const oddsRows = await db.execute(
    sql`select match_id, current from match_odds where bookmaker = 'lottery' and market = 'jczq'
        and match_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  const byMatch = new Map(
    (
      (oddsRows as unknown as { rows: { match_id: number; current: Record<string, number> }[] }).rows ?? []
    ).map((r) => [Number(r.match_id), r.current]),
  );
  for (let k = 0; k < OPEN_PER_EXPERT; k++) {
    const m = upcoming[(index * OPEN_PER_EXPERT + k) % upcoming.length];
    const table = oddsTable('spf', { market: byMatch.get(m.id) ?? null });
    const pick = ['3', '1', '0'][(index + k) % 3];
    const [plan] = await db
      .insert(plans)
      .values({
        expertId,
        lottery: 'jczq',
        playType: 'spf',
        title: k === 0 ? '焦點戰深度分析' : '免費試睇：穩膽一場',
        content: CONTENT,
        price: k === 0 ? PRICE_TIERS[1 + (index % (PRICE_TIERS.length - 1))] : 0,
        refundIfNotRed: k === 0 && index % 2 === 0,
        closeAt: m.startAt,
        leagueId: m.competitionId,
      })
      .returning({ id: plans.id });
    await db
      .insert(planMatches)
      .values({ planId: plan.id, matchId: m.id, picks: [pick], odds: { [pick]: table[pick] } });
  }
}

/** Ids of the demo experts that exist (tests and the journey use them). */
export async function demoExpertIds(db: Db): Promise<number[]> {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.areaCode, '852'),
        inArray(
          users.phone,
          DEMO_EXPERTS.map((d) => d.phone),
        ),
      ),
    );
  return found.map((f) => f.id);
}
