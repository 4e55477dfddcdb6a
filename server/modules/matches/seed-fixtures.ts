/**
 * Generated fixtures around a date: every competition gets its rounds from three weeks before `now`
 * to two weeks after, paired by round robin over the real club lists, at the competition's usual
 * local kick-off slots. Insert-only and keyed by competition + season + round + clubs, so the feed can
 * call it at start and daily. Numbering (jczq/bjdc/ctzc) and intelligence are added the same way.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, matches, teams } from '../../db/schema';
import { type CompetitionSeed, loadCompetitions, teamCode } from '../../db/seed-data/football';
import {
  DAY_MS,
  dayNumber,
  fromDayNumber,
  hash32,
  localDate,
  roundRobin,
  slotsFor,
  UCL_MATCHDAY_WEEKS,
  UCL_SLOTS,
  zonedTime,
} from './seed-calendar';
import { ensureIntel } from './seed-intel';
import { ensureNumbering } from './seed-numbering';

export const WINDOW_BEFORE_DAYS = 21;
export const WINDOW_AFTER_DAYS = 15;

interface Club {
  id: number;
  code: string;
  strength: number;
}
interface Planned {
  competitionId: number;
  compCode: string;
  season: string;
  round: string;
  home: Club;
  away: Club;
  startAt: Date;
}

const simSeed = () => Number(process.env.SIM_SEED) || 20261121;

/** Season start year: the last anchor (first Saturday on/after Aug 16 or Feb 21) not after `today`. */
function seasonStart(c: CompetitionSeed, today: number, y: number): { year: number; anchor: number } {
  const anchorOf = (year: number) => {
    const base = c.calendar === 'asia' ? dayNumber(year, 2, 21) : dayNumber(year, 8, 16);
    return base + ((6 - fromDayNumber(base).dow + 7) % 7);
  };
  const year = today >= anchorOf(y) ? y : y - 1;
  return { year, anchor: anchorOf(year) };
}

const seasonName = (c: CompetitionSeed, year: number) =>
  c.calendar === 'asia' ? String(year) : `${year}/${String((year + 1) % 100).padStart(2, '0')}`;

function at(day: number, hhmm: string, tz: string): Date {
  const { y, m, d } = fromDayNumber(day);
  const [hh, mm] = hhmm.split(':').map(Number);
  return zonedTime(y, m, d, hh, mm, tz);
}

function planLeague(c: CompetitionSeed, compId: number, clubs: Club[], from: Date, to: Date): Planned[] {
  const local = localDate(to, c.tz);
  const toDay = dayNumber(local.y, local.m, local.d);
  const fromLocal = localDate(from, c.tz);
  const fromDay = dayNumber(fromLocal.y, fromLocal.m, fromLocal.d);
  const out: Planned[] = [];
  // a window may straddle two seasons: plan from both anchors, keep what falls inside
  const starts = [fromDay, toDay].map((probe) => seasonStart(c, probe, fromDayNumber(probe).y));
  for (const { year, anchor } of starts.filter((s, i) => i === 0 || s.year !== starts[0].year)) {
    const firstWeek = Math.max(0, Math.floor((fromDay - anchor) / 7) - 1);
    const lastWeek = Math.floor((toDay - anchor) / 7) + 1;
    const weekend = c.slots ?? slotsFor(c.code);
    const perWeek = c.midweek ? 2 : 1;
    // the round label restarts after a full double round robin (calendar-year leagues in November)
    const cycle = 2 * (clubs.length % 2 === 0 ? clubs.length - 1 : clubs.length);
    for (let w = firstWeek; w <= lastWeek; w++) {
      const saturday = anchor + 7 * w;
      for (let k = 0; k < perWeek; k++) {
        const index = w * perWeek + k;
        const slots = k === 0 ? weekend : c.midweek!;
        roundRobin(clubs.length, index).forEach(([h, a], i) => {
          const [offset, hhmm] = slots[i % slots.length];
          out.push({
            competitionId: compId,
            compCode: c.code,
            season: seasonName(c, year),
            round: String((index % cycle) + 1),
            home: clubs[h],
            away: clubs[a],
            startAt: at(saturday + offset, hhmm, c.tz),
          });
        });
      }
    }
  }
  return out.filter((p) => p.startAt >= from && p.startAt <= to);
}

/** Cups: league-phase matchdays on fixed weeks after the first given weekday on/after a date. */
function planCup(c: CompetitionSeed, compId: number, clubs: Club[], from: Date, to: Date): Planned[] {
  const cup = c.cup ?? { from: '09-15', weekday: 2, weeks: UCL_MATCHDAY_WEEKS, slots: UCL_SLOTS };
  const [mm, dd] = cup.from.split('-').map(Number);
  const out: Planned[] = [];
  const y = localDate(to, c.tz).y;
  for (const year of [y - 1, y]) {
    const base = dayNumber(year, mm, dd);
    const first = base + ((cup.weekday - fromDayNumber(base).dow + 7) % 7);
    cup.weeks.forEach((week, md) => {
      const day = first + 7 * week;
      roundRobin(clubs.length, md).forEach(([h, a], i) => {
        const [offset, hhmm] = cup.slots[i % cup.slots.length];
        out.push({
          competitionId: compId,
          compCode: c.code,
          season: seasonName(c, year),
          round: String(md + 1),
          home: clubs[h],
          away: clubs[a],
          startAt: at(day + offset, hhmm, c.tz),
        });
      });
    });
  }
  return out.filter((p) => p.startAt >= from && p.startAt <= to);
}

/** Big matches get the hot flag: both clubs strong in the competition's terms. */
function isHot(c: CompetitionSeed, p: Planned): boolean {
  const sum = p.home.strength + p.away.strength;
  if (c.kind === 'cup') return sum >= 460;
  return c.hot && sum >= 470;
}

export async function ensureFixtures(db: Db, now: Date): Promise<{ inserted: number }> {
  const from = new Date(now.getTime() - WINDOW_BEFORE_DAYS * DAY_MS);
  const to = new Date(now.getTime() + WINDOW_AFTER_DAYS * DAY_MS);
  const compRows = await db.select({ id: competitions.id, code: competitions.code }).from(competitions);
  const compId = new Map(compRows.map((r) => [r.code, r.id]));
  const teamRows = await db
    .select({ id: teams.id, code: teams.code, attack: teams.attack, defence: teams.defence })
    .from(teams);
  const clubByCode = new Map(
    teamRows.map((t) => [t.code, { id: t.id, code: t.code, strength: t.attack + t.defence }]),
  );

  const planned: Planned[] = [];
  const seeds = loadCompetitions();
  for (const c of seeds) {
    const id = compId.get(c.code);
    if (!id) continue;
    const codes = [...(c.participants ?? []), ...c.clubs.map((club) => teamCode(c.code, club.code))];
    const clubs = codes.map((code) => clubByCode.get(code)).filter((x): x is Club => !!x);
    if (clubs.length < 2) continue;
    planned.push(
      ...(c.kind === 'cup' ? planCup(c, id, clubs, from, to) : planLeague(c, id, clubs, from, to)),
    );
  }

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
      simSeed:
        hash32(`${simSeed()}:${p.compCode}:${p.season}:${p.round}:${p.home.code}:${p.away.code}`) &
        0x7fffffff,
      hot: isHot(byCode.get(p.compCode)!, p),
    }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(matches).values(rows.slice(i, i + 500));

  await ensureNumbering(db, now, from);
  await ensureIntel(db, now);
  return { inserted: rows.length };
}

/**
 * A fresh database should show live football whatever the hour it was built: when fewer than four
 * matches are under way, the next few fixtures (within 36 hours) are moved to have kicked off
 * 12-75 minutes ago. Only the seed calls this, never the daily top-up.
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
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        gte(matches.startAt, now),
        lt(matches.startAt, new Date(now.getTime() + 36 * 3_600_000)),
        inArray(matches.status, [1]),
      ),
    )
    .orderBy(matches.startAt, matches.id)
    .limit(missing);
  const ago = [12, 38, 57, 75];
  for (const [i, m] of next.entries()) {
    await db
      .update(matches)
      .set({ startAt: new Date(now.getTime() - ago[i] * 60_000) })
      .where(eq(matches.id, m.id));
  }
  return next.length;
}
