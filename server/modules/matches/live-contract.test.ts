import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvents, matches, matchLineups, matchOdds } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { catchUpMatches } from './catch-up';
import {
  type CatchUp,
  type FeedMatch,
  kickoffState,
  type MatchFeed,
  type MatchState,
  type OddsPoint,
} from './live-contract';
import { insertTestFixtures } from './test-fixtures';

/** A provider that is not the simulator: it answers from these fields and can write nothing. */
function fakeFeed() {
  const feed = {
    name: 'fake',
    speed: 1,
    plans: new Map<number, CatchUp>(),
    history: null as OddsPoint[] | null,
    asked: [] as FeedMatch[],
    async start() {},
    async stop() {},
    async catchUp(ms: FeedMatch[]) {
      return ms.map((m) => feed.plans.get(m.id) ?? null);
    },
    async openingOdds(ms: FeedMatch[]) {
      return ms.map(() => [{ bookmaker: 'fake', market: 'eu', odds: { home: 2, draw: 3, away: 4 } }]);
    },
    async kickoff() {
      return { simSeed: 4242 };
    },
    async oddsHistory(m: FeedMatch) {
      feed.asked.push(m);
      return feed.history;
    },
  };
  return feed satisfies MatchFeed;
}

const finalState = (home: number, away: number): MatchState => ({
  ...kickoffState(),
  status: 10,
  minute: 90,
  home_score: home,
  away_score: away,
  home_half_score: home,
  away_half_score: away,
});

const feed = fakeFeed();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ providers: { feed } });
});
afterAll(async () => t?.close());

describe('matches applies what any provider gives', () => {
  it('writes a catch-up: state, seq per step, kept events at their step, line-ups, odds over the opening', async () => {
    const now = Date.now();
    const f = await insertTestFixtures(t.db, { now, perDay: 1, days: [-1, -1], prefix: 'LC' });
    const id = f.matchIds[0];
    const [before] = await t.db.select().from(matches).where(eq(matches.id, id));
    const scorer = {
      code: 1,
      minute: 30,
      added_minute: 0,
      side: 1,
      player_id: null,
      related_player_id: null,
    };
    feed.plans.set(id, {
      matchId: id,
      steps: 3,
      cursor: 7,
      state: finalState(1, 0),
      stats: { possession: [60, 40], substitutions: [1, 0] },
      periodStartedAt: null,
      events: [
        {
          step: 2,
          at: new Date(now - 3_600_000),
          event: { ...scorer, home_score: 1, away_score: 0, x: 90, y: 50, text: null },
        },
      ],
      lineups: [
        {
          side: 1,
          formation: '4-4-2',
          coach_id: null,
          starters: [{ person_id: 1, number: 9, position: 1, x: 80, y: 50, captain: true }],
          bench: [],
        },
      ],
      odds: [{ bookmaker: 'fake', market: 'eu', odds: { home: 1.01, draw: 30, away: 60 } }],
    });

    const r = await catchUpMatches(t.db, feed, new Date(now), { ids: [id] });
    expect(r).toMatchObject({ finished: 1, live: 0, events: 1 });
    expect(r.oddsFor).toBeGreaterThan(0);

    const [row] = await t.db.select().from(matches).where(eq(matches.id, id));
    expect([row.status, row.homeScore, row.awayScore]).toEqual([10, 1, 0]);
    expect(row.seq).toBe(before.seq + 3);
    expect(row.stats).toMatchObject({ possession: [60, 40], _cursor: 7 });
    const evs = await t.db.select().from(matchEvents).where(eq(matchEvents.matchId, id));
    expect(evs.map((e) => [e.code, e.seq])).toEqual([[1, before.seq + 2]]);
    const lineups = await t.db.select().from(matchLineups).where(eq(matchLineups.matchId, id));
    expect(lineups.map((l) => [l.side, l.formation])).toEqual([[1, '4-4-2']]);
    const [odds] = await t.db
      .select()
      .from(matchOdds)
      .where(and(eq(matchOdds.matchId, id), eq(matchOdds.bookmaker, 'fake')));
    expect(odds.opening).toEqual({ home: 2, draw: 3, away: 4 });
    expect(odds.previous).toEqual({ home: 2, draw: 3, away: 4 });
    expect(odds.current).toEqual({ home: 1.01, draw: 30, away: 60 });

    // nothing more due: a second pass writes nothing
    feed.plans.clear();
    const again = await catchUpMatches(t.db, feed, new Date(now), { ids: [id] });
    expect(again).toEqual({ finished: 0, live: 0, events: 0, oddsFor: 0 });
  });

  it('odds history is the provider’s when it keeps one, else the stored lines', async () => {
    const f = await insertTestFixtures(t.db, { perDay: 1, days: [1, 1], prefix: 'LH' });
    const id = f.matchIds[0];
    await catchUpMatches(t.db, feed, new Date(), { ids: [] });
    feed.history = null;
    const stored = await t.call('GET', `/mdr/api/v1/matches/${id}/odds/fake`);
    expect(stored.code).toBe(0);
    expect(stored.data.list.map((l: { kind: string }) => l.kind)).toEqual(['current', 'previous', 'opening']);
    expect(stored.data.list[2].eu).toEqual({ home: 2, draw: 3, away: 4 });

    const point = { minute: 0, added_minute: 0, home_score: 0, away_score: 0, status: 1, at_ms: 1 };
    feed.history = [{ ...point, eu: { home: 2 }, asia: {}, ou: {} }];
    const fromFeed = await t.call('GET', `/mdr/api/v1/matches/${id}/odds/fake`);
    expect(fromFeed.data.list).toEqual(feed.history);
    expect(feed.asked.at(-1)?.id).toBe(id);
  });

  it('a kick-off stores the seed the provider chose', async () => {
    const f = await insertTestFixtures(t.db, { perDay: 1, days: [2, 2], prefix: 'LK' });
    const id = f.matchIds[0];
    const res = await t.call('POST', `/dev/matches/${id}/kickoff`);
    expect(res.data.sim_seed).toBe(4242);
    const [row] = await t.db.select({ simSeed: matches.simSeed }).from(matches).where(eq(matches.id, id));
    expect(row.simSeed).toBe(4242);
  });
});
