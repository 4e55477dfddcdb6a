/**
 * Test/bench set-up for the plans domain on a real database: an approved, real-name-verified expert,
 * funded wallets (credited through the real ledger), and a small set of lottery matches. The state is
 * written the way the owning modules would leave it (approved review rows), not mocked.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import type { Db } from '../../db';
import { competitions, experts, matches, matchOdds, realNameVerifications, teams } from '../../db/schema';
import { type TestApp, withTestApp } from '../../test/harness';
import { postLedger } from '../wallet';
import { overridePlanRules } from './rules';

let seq = 0;

export async function makeExpert(
  db: Db,
  userId: number,
  opts: { banned?: boolean; realName?: boolean } = {},
) {
  await db
    .insert(experts)
    .values({ userId, status: opts.banned ? 'banned' : 'approved', intro: 'test expert' })
    .onConflictDoUpdate({ target: experts.userId, set: { status: opts.banned ? 'banned' : 'approved' } });
  if (opts.realName !== false)
    await db.insert(realNameVerifications).values({
      userId,
      fullName: 'Chan Tai Man',
      birthDate: '1990-01-01',
      country: 'HK',
      documentType: 1,
      frontUrl: '/uploads/x.jpg',
      backUrl: '/uploads/y.jpg',
      status: 'approved',
    });
}

export async function fund(db: Db, userId: number, coins: number) {
  await postLedger(db, {
    userId,
    account: 'coins',
    amount: coins,
    type: 'recharge',
    idempotencyKey: `test-fund-${userId}-${++seq}-${Date.now()}`,
  });
}

/** `count` matches kicking off from `startInMin` minutes from now, one every 10 minutes, in every lottery. */
export async function makeMatches(db: Db, count: number, startInMin = 120): Promise<number[]> {
  const tag = `P${Date.now() % 1e7}${++seq}`;
  const names = (s: string) => ({ nameZhcn: s, nameZhhk: s, nameZhtw: s, nameEn: s });
  const shorts = (s: string) => ({ shortZhcn: s, shortZhhk: s, shortZhtw: s, shortEn: s });
  const [league] = await db
    .insert(competitions)
    .values({ code: `${tag}L`, ...names('測試聯賽'), ...shorts('測聯'), country: 'HK', season: '2026' })
    .returning({ id: competitions.id });
  const [home] = await db
    .insert(teams)
    .values({ competitionId: league.id, code: `${tag}H`, ...names('主隊'), ...shorts('主') })
    .returning({ id: teams.id });
  const [away] = await db
    .insert(teams)
    .values({ competitionId: league.id, code: `${tag}A`, ...names('客隊'), ...shorts('客') })
    .returning({ id: teams.id });
  const rows = Array.from({ length: count }, (_, i) => ({
    competitionId: league.id,
    season: '2026',
    homeTeamId: home.id,
    awayTeamId: away.id,
    startAt: new Date(Date.now() + (startInMin + i * 10) * 60_000),
    jczqNum: `周一${String(i).padStart(3, '0')}`,
    bjdcNum: `2611-${String(i).padStart(3, '0')}`,
    ctzcIssue: tag,
    ctzcIndex: (i % 14) + 1,
  }));
  const out: number[] = [];
  for (let i = 0; i < rows.length; i += 500)
    out.push(
      ...(
        await db
          .insert(matches)
          .values(rows.slice(i, i + 500))
          .returning({ id: matches.id })
      ).map((r) => r.id),
    );
  return out;
}

export async function setOdds(db: Db, matchId: number, market: string, odds: Record<string, number>) {
  await db
    .insert(matchOdds)
    .values({ matchId, bookmaker: 'lottery', market, opening: odds, current: odds })
    .onConflictDoUpdate({
      target: [matchOdds.matchId, matchOdds.bookmaker, matchOdds.market],
      set: { current: odds },
    });
}

/** What the feed leaves behind when a match ends (status 10 with its scores). */
export async function finishMatch(
  db: Db,
  ids: number | number[],
  score: [number, number],
  half: [number, number] = [0, 0],
) {
  const list = Array.isArray(ids) ? ids : [ids];
  await db
    .update(matches)
    .set({
      status: 10,
      homeScore: score[0],
      awayScore: score[1],
      homeHalfScore: half[0],
      awayHalfScore: half[1],
      startAt: sql`least(${matches.startAt}, now() - interval '2 hours')`,
    })
    .where(inArray(matches.id, list));
}

export async function setStatus(db: Db, id: number, status: number) {
  await db.update(matches).set({ status }).where(eq(matches.id, id));
}

export const CONTENT_OK =
  '這是一段足夠長的方案內容，用來說明推介的理由與分析：主隊近況良好，客隊傷兵滿營，加上主場優勢明顯，我們看好主隊取勝，請理性投注。';

/**
 * A plans test file's set-up: one test app with the daily publish quota raised (a file publishes more
 * plans than one expert may in a day) and one approved, real-name-verified expert (`<prefix>0001`),
 * handed to `ready` for the file's variables. Returns the API steps the files repeat: publish a jczq
 * plan as that expert, and buy it as fresh funded buyers (`<prefix>` + a counter). Top level only.
 */
export function withPlansExpert(
  opts: { phonePrefix: string; title: string },
  ready: (t: TestApp, expert: { token: string; userId: number }) => void,
) {
  let t: TestApp;
  let expert: { token: string; userId: number };
  let n = 0;
  const key = (p = 'k') => `${p}-${Date.now()}-${++n}`;
  withTestApp(async (app) => {
    t = app;
    overridePlanRules({ dailyPublishQuota: 1000 });
    expert = await t.loginByPhone(`${opts.phonePrefix}0001`);
    await makeExpert(t.db, expert.userId);
    ready(t, expert);
  });
  afterAll(() => overridePlanRules(null));

  /** Publishes as the expert; every match gets the same picks. */
  async function publish(matchIds: number[], picks: string[], price: number, refund: boolean, play = 'spf') {
    const r = await t.call('POST', '/mdr/api/v1/user/expert-plans', {
      token: expert.token,
      body: {
        lottery: 'jczq',
        play_type: play,
        matches: matchIds.map((id) => ({ match_id: id, picks })),
        title: opts.title,
        content: CONTENT_OK,
        price,
        refund_if_not_red: refund,
        idempotency_key: key('pub'),
      },
    });
    if (r.code !== 0) throw new Error(`publish ${r.code} ${r.msg}`);
    return r.data.id as number;
  }

  /** `count` new users, each funded with `coins` through the ledger, buy the plan; their user ids. */
  async function buyers(planId: number, count: number, coins = 100) {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const u = await t.loginByPhone(`${opts.phonePrefix}${String(++n).padStart(4, '0')}`);
      await fund(t.db, u.userId, coins);
      const r = await t.call('POST', `/mdr/api/v1/user/expert-plans/${planId}/orders`, {
        token: u.token,
        body: { idempotency_key: key('b') },
      });
      if (r.code !== 0) throw new Error(`buy ${r.code}`);
      out.push(u.userId);
    }
    return out;
  }

  return { publish, buyers, key };
}
