/**
 * Generated fixtures around a date: every competition's season is planned whole (season-plan.ts:
 * rounds on realistic dates, the UEFA league phase drawn by association), and the rounds from three
 * weeks before `now` to two weeks after are inserted, at the competition's usual local kick-off slots.
 * Insert-only and keyed by competition + season + round + clubs, so the feed can call it at start and
 * daily. Numbering (jczq/bjdc/ctzc) and intelligence are added the same way. Older rounds of the season
 * and past seasons are history (seed-history.ts), inserted once by the seed.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { simSeedFromEnv } from '../../config';
import type { Db } from '../../db';
import { competitions, matches, teams } from '../../db/schema';
import { type CompetitionSeed, loadCompetitions, teamCode } from '../../db/seed-data/football';
import {
  kickoffTimes,
  localClock,
  planSeason,
  type SeasonClub,
  type SeasonMatch,
  seasonYearOf,
} from './season-plan';
import { DAY_MS, dayNumber, hash32, localDate } from './seed-calendar';
import { ensureIntel } from './seed-intel';
import { ensureNumbering } from './seed-numbering';

export const WINDOW_BEFORE_DAYS = 21;
export const WINDOW_AFTER_DAYS = 15;

export interface Planned extends SeasonMatch {
  competitionId: number;
  compCode: string;
}

interface PlanInput {
  c: CompetitionSeed;
  compId: number;
  clubs: SeasonClub[];
}

const simSeed = simSeedFromEnv;

/** Each competition with its clubs (a cup's league clubs carry their league's association). */
export async function planInputs(db: Db): Promise<PlanInput[]> {
  const compRows = await db.select({ id: competitions.id, code: competitions.code }).from(competitions);
  const compId = new Map(compRows.map((r) => [r.code, r.id]));
  const teamRows = await db
    .select({ id: teams.id, code: teams.code, attack: teams.attack, defence: teams.defence })
    .from(teams);
  const seeds = loadCompetitions();
  const country = new Map<string, string>();
  for (const c of seeds)
    for (const club of c.clubs) country.set(teamCode(c.code, club.code), club.country ?? c.country);
  const clubByCode = new Map(
    teamRows.map((t) => [
      t.code,
      { id: t.id, code: t.code, strength: t.attack + t.defence, country: country.get(t.code) ?? '' },
    ]),
  );
  const out: PlanInput[] = [];
  for (const c of seeds) {
    const id = compId.get(c.code);
    if (!id) continue;
    const codes = [...(c.participants ?? []), ...c.clubs.map((club) => teamCode(c.code, club.code))];
    const clubs = codes.map((code) => clubByCode.get(code)).filter((x): x is SeasonClub => !!x);
    if (clubs.length >= 2) out.push({ c, compId: id, clubs });
  }
  return out;
}

const dayOf = (at: Date, tz: string) => {
  const l = localDate(at, tz);
  return dayNumber(l.y, l.m, l.d);
};

/** Every planned match of the seasons that touch [from, to) kicking off inside it. */
export function planBetween(inputs: PlanInput[], from: Date, to: Date): Planned[] {
  const out: Planned[] = [];
  for (const { c, compId, clubs } of inputs) {
    const first = seasonYearOf(c, dayOf(from, c.tz)) - 1; // a season may run past its nominal end
    const last = seasonYearOf(c, dayOf(to, c.tz));
    for (let year = first; year <= last; year++)
      for (const m of planSeason(c, clubs, year))
        if (m.startAt >= from && m.startAt < to) out.push({ ...m, competitionId: compId, compCode: c.code });
  }
  return out;
}

export const plannedSimSeed = (p: Planned) =>
  hash32(`${simSeed()}:${p.compCode}:${p.season}:${p.round}:${p.home.code}:${p.away.code}`) & 0x7fffffff;

/** Big matches get the hot flag: both clubs strong in the competition's terms. */
export function isHot(c: CompetitionSeed, p: Planned): boolean {
  const sum = p.home.strength + p.away.strength;
  if (c.kind === 'cup') return sum >= 460;
  return c.hot && sum >= 470;
}

export async function ensureFixtures(
  db: Db,
  now: Date,
  opts: { intel?: boolean } = {},
): Promise<{ inserted: number }> {
  const from = new Date(now.getTime() - WINDOW_BEFORE_DAYS * DAY_MS);
  const to = new Date(now.getTime() + WINDOW_AFTER_DAYS * DAY_MS);
  const seeds = loadCompetitions();
  const planned = planBetween(await planInputs(db), from, to);

  const key = (competitionId: number, season: string, round: string, home: number, away: number) =>
    `${competitionId}|${season}|${round}|${home}|${away}`;
  const existing = await db
    .select({
      competitionId: matches.competitionId,
      season: matches.season,
      round: matches.round,
      home: matches.homeTeamId,
      away: matches.awayTeamId,
    })
    .from(matches)
    .where(
      and(
        gte(matches.startAt, new Date(from.getTime() - 14 * DAY_MS)),
        lt(matches.startAt, new Date(to.getTime() + 14 * DAY_MS)),
      ),
    );
  const have = new Set(existing.map((e) => key(e.competitionId, e.season, e.round, e.home, e.away)));
  const byCode = new Map(seeds.map((c) => [c.code, c]));
  const rows = planned
    .filter((p) => !have.has(key(p.competitionId, p.season, p.round, p.home.id, p.away.id)))
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.competitionId - b.competitionId)
    .map((p) => ({
      competitionId: p.competitionId,
      season: p.season,
      round: p.round,
      homeTeamId: p.home.id,
      awayTeamId: p.away.id,
      startAt: p.startAt,
      status: 1,
      simSeed: plannedSimSeed(p),
      hot: isHot(byCode.get(p.compCode)!, p),
    }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(matches).values(rows.slice(i, i + 500));

  await ensureNumbering(db, now, from);
  // the seed writes intelligence itself, once the results it is derived from are in
  if (opts.intel !== false) await ensureIntel(db, now, from);
  return { inserted: rows.length };
}

/**
 * A fresh database should show live football whatever the hour it was built: when fewer than four
 * matches are under way, a few fixtures of the next 36 hours are moved to have kicked off 12-100
 * minutes ago, at one of their competition's own local kick-off times (a Tuesday 19:30 in London, not
 * 05:13 in Hong Kong), when such a time fell in that span. Only the seed calls this, never the top-up.
 */
export async function startSomeMatchesNow(db: Db, now: Date): Promise<number> {
  const live = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        gte(matches.startAt, new Date(now.getTime() - 105 * 60_000)),
        lt(matches.startAt, now),
        inArray(matches.status, [1, 2, 3, 4]),
      ),
    );
  const missing = 4 - live.length;
  if (missing <= 0) return 0;
  const next = await db
    .select({ id: matches.id, code: competitions.code })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .where(
      and(
        gte(matches.startAt, now),
        lt(matches.startAt, new Date(now.getTime() + 36 * 3_600_000)),
        inArray(matches.status, [1]),
      ),
    )
    .orderBy(matches.startAt, matches.id);
  const byCode = new Map(loadCompetitions().map((c) => [c.code, c]));
  const usedComp = new Set<string>();
  let moved = 0;
  for (const m of next) {
    if (moved >= missing) break;
    const c = byCode.get(m.code);
    if (!c || usedComp.has(c.code)) continue;
    const times = kickoffTimes(c);
    // the latest whole minute 12..100 minutes ago that is one of the competition's kick-off times
    let startAt: Date | null = null;
    for (let ago = 12; ago <= 100 && !startAt; ago++) {
      const t = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - ago * 60_000);
      if (times.has(localClock(t, c.tz))) startAt = t;
    }
    if (!startAt) continue;
    usedComp.add(c.code);
    await db.update(matches).set({ startAt }).where(eq(matches.id, m.id));
    moved++;
  }
  return moved;
}
