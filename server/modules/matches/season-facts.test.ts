/**
 * The seeded football as a fan checks it, on a database seeded at a fixed clock (Saturday 21 November
 * 2026, 20:00 in Hong Kong): tables agree with the rounds played, no league or league-phase match goes
 * to extra time, kick-offs are local slots, head-to-head has past meetings (never the match itself)
 * and every fixture of the window has intelligence.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EV } from '../../../contracts/match';
import { type OpenDb, openPglite } from '../../db';
import { competitions, matchEvents, matches, matchIntel, people, teams } from '../../db/schema';
import { loadCompetitions } from '../../db/seed-data/football';
import { createSimulatorProvider } from '../../feed/simulator/provider';
import { matchData } from './data-service';
import { kickoffTimes, localClock } from './season-plan';
import { seedFootball } from './seed';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 86_400_000;
let o: OpenDb;
let dir: string;
const seeds = loadCompetitions();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'goalfan-facts-'));
  o = await openPglite(join(dir, 'pg'));
  await seedFootball(o.db, NOW, createSimulatorProvider({ db: o.db, seed: 20261121, speed: 1 }));
}, 240_000);
afterAll(async () => {
  await o?.close();
  rmSync(dir, { recursive: true, force: true });
});

const compByCode = async () => new Map((await o.db.select().from(competitions)).map((c) => [c.code, c]));

describe('football facts at a fixed clock', () => {
  it('tables count every round played: games played match the round shown, for every competition', async () => {
    const comps = await compByCode();
    for (const c of seeds) {
      const comp = comps.get(c.code)!;
      const rows = await o.db
        .select()
        .from(matches)
        .where(and(eq(matches.competitionId, comp.id), eq(matches.season, comp.season)))
        .orderBy(matches.startAt, matches.id);
      const started = rows.filter((m) => m.startAt < NOW);
      if (!started.length) continue; // off season
      const lastRound = Math.max(...started.map((m) => Number(m.round)));
      const played = new Map<number, number>();
      for (const m of rows) {
        for (const t of [m.homeTeamId, m.awayTeamId]) {
          // round N is the club's N-th match (give or take a bye in an odd-sized league)
          const before = played.get(t) ?? 0;
          expect(Number(m.round), `${c.code} r${m.round} team ${t}`).toBeGreaterThan(before);
          if (m.status === 10) played.set(t, before + 1);
        }
      }
      for (const [team, n] of played) {
        expect(n, `${c.code} team ${team} played ${n}, round ${lastRound}`).toBeLessThanOrEqual(lastRound);
        expect(n, `${c.code} team ${team} played ${n}, round ${lastRound}`).toBeGreaterThanOrEqual(
          lastRound - 3,
        );
      }
    }
  });

  it('no league or league-phase match goes to extra time or penalties', async () => {
    const over = await o.db
      .select({ id: matches.id })
      .from(matches)
      .where(inArray(matches.status, [5, 6, 7]));
    expect(over).toEqual([]);
    const extra = await o.db
      .select({ id: matchEvents.id, code: matchEvents.code })
      .from(matchEvents)
      .where(inArray(matchEvents.code, [EV.ET_END, EV.SHOOTOUT_START, EV.SHOOTOUT_GOAL, EV.SHOOTOUT_MISS]));
    expect(extra).toEqual([]);
    const late = await o.db
      .select({ id: matchEvents.id })
      .from(matchEvents)
      .where(gte(matchEvents.minute, 91));
    expect(late).toEqual([]);
  });

  it('kicks off at the competition’s local slots (HKT turned back into local time)', async () => {
    const comps = await compByCode();
    for (const c of seeds) {
      const rows = await o.db
        .select({ startAt: matches.startAt })
        .from(matches)
        .where(eq(matches.competitionId, comps.get(c.code)!.id));
      const times = kickoffTimes(c);
      for (const m of rows)
        expect(times, `${c.code} ${m.startAt.toISOString()}`).toContain(localClock(m.startAt, c.tz));
    }
  });

  it('head-to-head of a big match has past meetings and never the match itself', async () => {
    const codes = ['EPL-LIV', 'EPL-NEW', 'EPL-ARS', 'EPL-MCI', 'EPL-CHE', 'LALIGA-RMA', 'LALIGA-BAR'];
    const big = (await o.db.select({ id: teams.id }).from(teams).where(inArray(teams.code, codes))).map(
      (t) => t.id,
    );
    const comps = await compByCode();
    const leagues = [comps.get('EPL')!.id, comps.get('LALIGA')!.id];
    const games = await o.db
      .select()
      .from(matches)
      .where(
        and(
          inArray(matches.homeTeamId, big),
          inArray(matches.awayTeamId, big),
          inArray(matches.competitionId, leagues),
          gte(matches.startAt, new Date(NOW.getTime() - 400 * DAY)),
        ),
      );
    expect(games.length).toBeGreaterThan(3);
    for (const g of games) {
      const data = await matchData(o.db, g.id, 'zhhk');
      expect(data.fight_records.list.map((r) => r.id)).not.toContain(g.id);
      for (const r of data.fight_records.list) expect(r.start_ms).toBeLessThan(g.startAt.getTime());
      if (g.startAt > NOW) expect(data.fight_records.total, `match ${g.id}`).toBeGreaterThan(0);
      if (g.startAt > NOW) expect(data.recent.home.results.length).toBeGreaterThan(0);
    }
  });

  it('every fixture of the window has intelligence in three scripts; suspensions follow the cards', async () => {
    const window = await o.db
      .select({ id: matches.id, home: matches.homeTeamId, away: matches.awayTeamId, status: matches.status })
      .from(matches)
      .where(
        and(
          gte(matches.startAt, new Date(NOW.getTime() - 21 * DAY)),
          lt(matches.startAt, new Date(NOW.getTime() + 3 * DAY)),
        ),
      );
    const intel = await o.db
      .select()
      .from(matchIntel)
      .where(
        inArray(
          matchIntel.matchId,
          window.map((m) => m.id),
        ),
      );
    const withIntel = new Set(intel.map((i) => i.matchId));
    // a cancelled match has no preview to give
    for (const m of window) if (m.status !== 14) expect(withIntel.has(m.id), `match ${m.id}`).toBe(true);
    const kinds = new Set(intel.map((i) => i.kind));
    for (const k of ['suspension', 'form', 'stats', 'h2h', 'note']) expect(kinds).toContain(k);
    const teamOf = new Map(
      (await o.db.select({ id: people.id, t: people.teamId }).from(people)).map((p) => [p.id, p.t]),
    );
    const byId = new Map(window.map((m) => [m.id, m]));
    for (const i of intel) {
      expect(i.textZhcn && i.textZhhk && i.textZhtw).toBeTruthy();
      if (i.playerId) {
        const m = byId.get(i.matchId)!;
        expect(teamOf.get(i.playerId)).toBe(i.side === 1 ? m.home : m.away);
      }
    }
  });
});
