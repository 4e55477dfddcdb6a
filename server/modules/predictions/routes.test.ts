import { and, eq, gt, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, matches } from '../../db/schema';
import { fakeClock } from '../../http/clock';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let visitor: string;
/** every API call carries at least a visitor token */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.call('GET', url, { token: visitor, headers });
beforeAll(async () => {
  t = await createTestApp();
  visitor = await t.token();
}, 120_000);
afterAll(async () => t?.close());

describe('GET /mdr/api/v1/ai/predictions', () => {
  it('lists upcoming matches with whole-percent probabilities summing to 100 and three likely scores', async () => {
    const r = await get('/mdr/api/v1/ai/predictions?page=1&size=20');
    expect(r.code).toBe(0);
    expect(r.data.page).toBe(1);
    expect(r.data.size).toBe(20);
    expect(r.data.total).toBeGreaterThan(20);
    expect(r.data.list).toHaveLength(20);
    let last = 0;
    for (const m of r.data.list) {
      expect(m.status).toBe(1);
      expect(m.start_ms).toBeGreaterThan(Date.now() - 1000);
      expect(m.start_ms).toBeGreaterThanOrEqual(last);
      last = m.start_ms;
      expect(m.home_name).toBeTruthy();
      expect(m.away_name).toBeTruthy();
      expect(m.league_name).toBeTruthy();
      expect(m.prob_home + m.prob_draw + m.prob_away).toBe(100);
      for (const p of [m.prob_home, m.prob_draw, m.prob_away]) expect(Number.isInteger(p)).toBe(true);
      expect(m.likely_scores).toHaveLength(3);
      expect(m.likely_scores[0].percent).toBeGreaterThanOrEqual(m.likely_scores[2].percent);
      const best = Math.max(m.prob_home, m.prob_draw, m.prob_away);
      expect({ home: m.prob_home, draw: m.prob_draw, away: m.prob_away }[m.pick as 'home']).toBe(best);
    }
  });

  it('favours the stronger club: Bayern at home are picked to win against a Bundesliga minnow', async () => {
    const [bl] = await t.db.select().from(competitions).where(eq(competitions.code, 'BUNDES'));
    const r = await get(`/mdr/api/v1/ai/predictions?league_id=${bl.id}&size=100`, {
      'accept-language': 'zh-CN',
    });
    expect(r.code).toBe(0);
    expect(r.data.list.length).toBeGreaterThan(0);
    for (const m of r.data.list) expect(m.league_id).toBe(bl.id);
    const bayernHome = r.data.list.find((m: any) => m.home_name === '拜仁慕尼黑');
    if (bayernHome) {
      expect(bayernHome.pick).toBe('home');
      expect(bayernHome.prob_home).toBeGreaterThan(50);
    }
    // names follow the language
    const hk = await get(`/mdr/api/v1/ai/predictions?league_id=${bl.id}&size=100`, {
      'accept-language': 'zh-HK',
    });
    expect(hk.data.list[0].id).toBe(r.data.list[0].id);
  });

  it('answers bad input with 100400, never a 5xx', async () => {
    for (const q of ['page=0', 'size=0', 'size=101', 'page=abc', 'league_id=-1', 'league_id=x']) {
      const r = await get(`/mdr/api/v1/ai/predictions?${q}`);
      expect(r.status).toBeLessThan(500);
      expect(r.code).toBe(100400);
    }
    const none = await get('/mdr/api/v1/ai/predictions?league_id=999999');
    expect(none.code).toBe(0);
    expect(none.data.list).toEqual([]);
  });
});

describe('GET /mdr/api/v1/ai/predictions/{match_id}', () => {
  it('predicts one upcoming match, and shows the pre-match forecast with the outcome for a finished one', async () => {
    const [upcoming] = await t.db
      .select()
      .from(matches)
      .where(and(eq(matches.status, 1), gt(matches.startAt, new Date())))
      .limit(1);
    const r = await get(`/mdr/api/v1/ai/predictions/${upcoming.id}`);
    expect(r.code).toBe(0);
    expect(r.data.id).toBe(upcoming.id);
    expect(r.data.prob_home + r.data.prob_draw + r.data.prob_away).toBe(100);

    const finished = await t.db.select().from(matches).where(eq(matches.status, 10));
    expect(finished.length).toBeGreaterThan(100);
    const late = finished.sort((a, b) => b.startAt.getTime() - a.startAt.getTime())[0];
    const f = await get(`/mdr/api/v1/ai/predictions/${late.id}`);
    expect(f.code).toBe(0);
    expect(f.data.prediction_available).toBe(true);
    const outcome =
      late.homeScore > late.awayScore ? 'home' : late.homeScore < late.awayScore ? 'away' : 'draw';
    expect(f.data.outcome).toBe(outcome);
    expect(f.data.hit).toBe(f.data.pick === outcome);
  });

  it('answers an unknown match with 100404 and a malformed id with 100400', async () => {
    expect((await get('/mdr/api/v1/ai/predictions/2147483647')).code).toBe(100404);
    const bad = await get('/mdr/api/v1/ai/predictions/abc');
    expect(bad.code).toBe(100400);
    expect(bad.status).toBeLessThan(500);
  });
});

describe('GET /mdr/api/v1/ai/predictions/accuracy', () => {
  it('reports hits over finished matches, consistent per league', async () => {
    const r = await get('/mdr/api/v1/ai/predictions/accuracy');
    expect(r.code).toBe(0);
    expect(r.data.total).toBeGreaterThan(50);
    expect(r.data.hits).toBeLessThanOrEqual(r.data.total);
    expect(r.data.rate).toBeCloseTo((r.data.hits * 100) / r.data.total, 0);
    const sum = r.data.leagues.reduce((s: number, l: any) => s + l.total, 0);
    expect(sum).toBe(r.data.total);
    expect(r.data.leagues.reduce((s: number, l: any) => s + l.hits, 0)).toBe(r.data.hits);
    // three-way football outcomes: a real model lands well above a coin among three, below certainty
    expect(r.data.rate).toBeGreaterThan(33);
    expect(r.data.rate).toBeLessThan(90);
    console.info(`prediction accuracy: ${r.data.hits}/${r.data.total} = ${r.data.rate}%`);
  });
});

describe('model refits when new results arrive', () => {
  it('moves the odds of an upcoming match after its away side wins big (refit after the throttle)', async () => {
    const [m] = await t.db
      .select()
      .from(matches)
      .where(and(eq(matches.status, 1), gt(matches.startAt, new Date(Date.now() + 3_600_000))))
      .limit(1);
    // a frozen clock past the throttle: this request starts a fresh throttle window
    const clock = fakeClock(Date.now() + 61_000);
    try {
      const before = await get(`/mdr/api/v1/ai/predictions/${m.id}`);
      // the away club's finished matches all become 6-0 wins for it
      const played = await t.db
        .select()
        .from(matches)
        .where(
          and(
            eq(matches.status, 10),
            or(eq(matches.homeTeamId, m.awayTeamId), eq(matches.awayTeamId, m.awayTeamId)),
          ),
        );
      expect(played.length).toBeGreaterThan(0);
      for (const x of played) {
        const awayIsIt = x.awayTeamId === m.awayTeamId;
        await t.db
          .update(matches)
          .set({ homeScore: awayIsIt ? 0 : 6, awayScore: awayIsIt ? 6 : 0, updatedAt: new Date() })
          .where(eq(matches.id, x.id));
      }
      // inside the refit throttle the cached model answers
      const cached = await get(`/mdr/api/v1/ai/predictions/${m.id}`);
      expect(cached.data.prob_away).toBe(before.data.prob_away);
      clock.advance(61_000);
      const after = await get(`/mdr/api/v1/ai/predictions/${m.id}`);
      expect(after.data.prob_away).toBeGreaterThan(before.data.prob_away);
      expect(after.data.expected_goals.away).toBeGreaterThan(before.data.expected_goals.away);
    } finally {
      clock.restore();
    }
  });
});
