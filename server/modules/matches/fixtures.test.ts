/**
 * Football seed facts and generated fixtures, on a fresh copy of the seeded template database.
 */
import { and, count, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDb } from '../../db';
import { competitions, matches, matchIntel, people, teams } from '../../db/schema';
import { loadCompetitions, teamCode } from '../../db/seed-data/football';
import { freshPglite } from '../../test/template-db';
import { ensureFixtures } from './fixtures';
import { seedFootball } from './seed';
import { zonedTime } from './seed-calendar';

let o: OpenDb;
const now = new Date();
const DAY = 86_400_000;
const seeds = loadCompetitions();

beforeAll(async () => {
  o = await freshPglite();
  // the template may have been built days ago: bring the fixtures up to today, as the feed does
  await ensureFixtures(o.db, now);
}, 180_000);
afterAll(async () => o?.close());

describe('football seed facts', () => {
  it('has the ten main competitions (and more) with their real club lists', async () => {
    const codes = (await o.db.select({ code: competitions.code }).from(competitions)).map((c) => c.code);
    for (const c of ['HKPL', 'EPL', 'LALIGA', 'SERIEA', 'BUNDES', 'LIGUE1', 'CSL', 'J1', 'KL1', 'UCL', 'UEL'])
      expect(codes).toContain(c);
    const teamCodes = new Set((await o.db.select({ code: teams.code }).from(teams)).map((t) => t.code));
    for (const c of seeds)
      for (const club of c.clubs) expect(teamCodes).toContain(teamCode(c.code, club.code));
    for (const c of seeds) for (const p of c.participants ?? []) expect(teamCodes).toContain(p);
    const epl = seeds.find((c) => c.code === 'EPL')!;
    expect(epl.clubs).toHaveLength(20);
    expect(epl.clubs.find((c) => c.code === 'ARS')!.name).toEqual(['Arsenal', '阿森纳', '阿仙奴', '兵工廠']);
    expect(
      seeds.find((c) => c.code === 'UCL')!.participants!.length +
        seeds.find((c) => c.code === 'UCL')!.clubs.length,
    ).toBe(36);
  });

  it('names every competition, club and person in all four languages (an unnamed squad slot in none)', async () => {
    const empties = (r: Record<string, unknown>) =>
      ['nameZhcn', 'nameZhhk', 'nameZhtw', 'nameEn'].filter((k) => !String(r[k] ?? '').trim()).length;
    expect((await o.db.select().from(competitions)).filter(empties)).toEqual([]);
    expect((await o.db.select().from(teams)).filter(empties)).toEqual([]);
    expect((await o.db.select().from(people)).filter((p) => empties(p) % 4 !== 0)).toEqual([]);
  });

  it('gives every club at most one coach and at least 18 players with valid positions and unique shirt numbers', async () => {
    const all = await o.db.select().from(people);
    const byTeam = new Map<number, typeof all>();
    for (const p of all) byTeam.set(p.teamId!, [...(byTeam.get(p.teamId!) ?? []), p]);
    const clubs = await o.db.select({ id: teams.id, code: teams.code }).from(teams);
    for (const club of clubs) {
      const staff = byTeam.get(club.id) ?? [];
      const coaches = staff.filter((p) => p.position === 10);
      const players = staff.filter((p) => p.position !== 10);
      expect(coaches.length, club.code).toBeLessThanOrEqual(1);
      expect(players.length, club.code).toBeGreaterThanOrEqual(18);
      for (const p of players) expect([1, 2, 3, 4, 5], `${club.code} ${p.nameEn}`).toContain(p.position);
      const numbers = players.map((p) => p.number);
      expect(new Set(numbers).size, `${club.code} shirt numbers`).toBe(numbers.length);
      for (const n of numbers) expect(n! >= 1 && n! <= 99, `${club.code} #${n}`).toBe(true);
      const gk = players.filter((p) => p.position === 5).length;
      const df = players.filter((p) => p.position === 4).length;
      const mf = players.filter((p) => p.position === 3).length;
      const fw = players.filter((p) => p.position === 1 || p.position === 2).length;
      expect(gk, `${club.code} goalkeepers`).toBeGreaterThanOrEqual(2);
      expect(df, `${club.code} defenders`).toBeGreaterThanOrEqual(5);
      expect(mf, `${club.code} midfielders`).toBeGreaterThanOrEqual(4);
      expect(fw, `${club.code} forwards`).toBeGreaterThanOrEqual(3);
    }
    // real squads where we know them: Saka wears 7 for Arsenal
    const saka = all.find((p) => p.nameEn === 'Bukayo Saka')!;
    expect([saka.number, saka.position, saka.nameZhhk]).toEqual([7, 1, '沙卡']);
  });
});

describe('fixtures around today', () => {
  const hkDay = (at: Date, offsetDays: number) => {
    const d = new Date(at.getTime() + 8 * 3_600_000 + offsetDays * DAY).toISOString().slice(0, 10);
    const start = Date.parse(`${d}T00:00:00+08:00`);
    return [new Date(start), new Date(start + DAY)] as const;
  };
  const between = async (a: Date, b: Date) =>
    (
      await o.db
        .select({ n: count() })
        .from(matches)
        .where(and(gte(matches.startAt, a), lt(matches.startAt, b)))
    )[0].n;

  it('has matches yesterday, today and next week, hundreds a week (clock: an ordinary autumn Sunday)', async () => {
    // not the real today: in an international break or the summer a week holds under 100 matches and a
    // day may hold none, as in reality. The feed seeds the weeks around whatever day it runs (as the
    // daily job does), so the test brings this day's window in.
    const sunday = new Date('2026-09-27T04:00:00Z'); // 12:00 in Hong Kong
    await ensureFixtures(o.db, sunday);
    for (const off of [-1, 0, 7]) {
      const [a, b] = hkDay(sunday, off);
      expect(await between(a, b), `day ${off}`).toBeGreaterThan(0);
    }
    const week = 7 * DAY;
    // 250, not 300: the calendar-year leagues (MLS, CSL, K League) have an off-season
    expect(await between(sunday, new Date(sunday.getTime() + week))).toBeGreaterThanOrEqual(250);
    expect(await between(new Date(sunday.getTime() - week), sunday)).toBeGreaterThanOrEqual(250);
  });

  it('kicks off at local times: Premier League Saturday 15:00 in London is 23:00 in Hong Kong in winter', () => {
    const t = zonedTime(2026, 11, 21, 15, 0, 'Europe/London');
    expect(t.toISOString()).toBe('2026-11-21T15:00:00.000Z');
    const summer = zonedTime(2026, 9, 15, 21, 0, 'Europe/Paris');
    expect(summer.toISOString()).toBe('2026-09-15T19:00:00.000Z'); // 03:00 in Hong Kong
  });

  it('pairs every club at most once per round, never with itself', async () => {
    const rows = await o.db.select().from(matches);
    const seen = new Set<string>();
    for (const m of rows) {
      expect(m.homeTeamId).not.toBe(m.awayTeamId);
      for (const club of [m.homeTeamId, m.awayTeamId]) {
        const k = `${m.competitionId}|${m.season}|${m.round}|${club}`;
        expect(seen.has(k), k).toBe(false);
        seen.add(k);
      }
      expect(m.simSeed).toBeGreaterThan(0);
    }
  });

  it('numbers lottery matches: unique jczq numbers per day, ctzc issues of 14 matches indexed 1..14', async () => {
    const j = await o.db
      .select({ n: matches.jczqNum, at: matches.startAt })
      .from(matches)
      .where(isNotNull(matches.jczqNum));
    expect(j.length).toBeGreaterThan(50);
    for (const r of j) expect(r.n).toMatch(/^周[一二三四五六日]\d{3}$/);
    const [dup] = (
      (await o.db.execute(
        sql`select count(*)::int n from (select jczq_num, (start_at at time zone 'Asia/Hong_Kong' - interval '12 hours')::date d from matches where jczq_num is not null group by 1, 2 having count(*) > 1) x`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(dup.n).toBe(0);
    const issues = await o.db
      .select({ issue: matches.ctzcIssue, idx: matches.ctzcIndex })
      .from(matches)
      .where(isNotNull(matches.ctzcIssue));
    const byIssue = new Map<string, number[]>();
    for (const r of issues) byIssue.set(r.issue!, [...(byIssue.get(r.issue!) ?? []), r.idx!]);
    expect(byIssue.size).toBeGreaterThan(0);
    for (const [issue, idx] of byIssue)
      expect(
        idx.sort((a, b) => a - b),
        issue,
      ).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });

  it('has intelligence in three languages for upcoming matches, naming players of the right club', async () => {
    const soon = await o.db
      .select({ id: matches.id, home: matches.homeTeamId, away: matches.awayTeamId })
      .from(matches)
      .where(and(gte(matches.startAt, now), lt(matches.startAt, new Date(now.getTime() + 2 * DAY))));
    const intel = await o.db
      .select()
      .from(matchIntel)
      .where(
        inArray(
          matchIntel.matchId,
          soon.map((m) => m.id),
        ),
      );
    expect(intel.length).toBeGreaterThan(soon.length / 2);
    const clubOf = new Map(
      (await o.db.select({ id: people.id, teamId: people.teamId }).from(people)).map((p) => [p.id, p.teamId]),
    );
    for (const row of intel) {
      expect(row.textZhcn && row.textZhhk && row.textZhtw).toBeTruthy();
      if (row.playerId) {
        const m = soon.find((x) => x.id === row.matchId)!;
        expect(clubOf.get(row.playerId)).toBe(row.side === 1 ? m.home : m.away);
      }
    }
  });

  it('adds nothing when run again (fixtures, people, intel), the feed calls it daily', async () => {
    const before = await Promise.all([
      o.db.select({ n: count() }).from(matches),
      o.db.select({ n: count() }).from(people),
      o.db.select({ n: count() }).from(matchIntel),
      o.db.select({ n: count() }).from(matches).where(isNotNull(matches.jczqNum)),
    ]);
    expect((await ensureFixtures(o.db, now)).inserted).toBe(0);
    await seedFootball(o.db, now);
    const after = await Promise.all([
      o.db.select({ n: count() }).from(matches),
      o.db.select({ n: count() }).from(people),
      o.db.select({ n: count() }).from(matchIntel),
      o.db.select({ n: count() }).from(matches).where(isNotNull(matches.jczqNum)),
    ]);
    expect(after.map((r) => r[0].n)).toEqual(before.map((r) => r[0].n));
    // a day later only the new day's fixtures come in
    const next = await ensureFixtures(o.db, new Date(now.getTime() + DAY));
    expect(next.inserted).toBeLessThan(300);
  });
});
