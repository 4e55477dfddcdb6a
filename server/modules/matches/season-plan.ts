/**
 * A whole season of one competition, round by round, on realistic dates. Leagues play one round per
 * weekend from the season's first Saturday to its last, skipping the FIFA international windows (top
 * divisions) and winter breaks; a league with more rounds than weekends adds midweek rounds spread over
 * the season, one with fewer leaves some weekends free. Round N is every club's N-th match, so the
 * round shown, the games played in the table and the date always agree. Cups (UCL, UEL) play their
 * league-phase matchdays on fixed weeks (September to January) from a seeded draw (league-phase.ts).
 */
import type { CompetitionSeed } from '../../db/seed-data/football';
import { drawLeaguePhase } from './league-phase';
import {
  dayNumber,
  fromDayNumber,
  midweekSlotsFor,
  roundRobin,
  slotsFor,
  UCL_MATCHDAY_WEEKS,
  UCL_SLOTS,
  zonedTime,
} from './seed-calendar';

export interface SeasonClub {
  id: number;
  code: string;
  strength: number;
  country: string;
}

export interface SeasonMatch {
  season: string;
  round: string;
  home: SeasonClub;
  away: SeasonClub;
  startAt: Date;
}

const DEFAULT_SEASON = { europe: ['08-16', '05-24'], asia: ['02-21', '12-06'] } as const;
/** leagues that play through the international windows (English third and fourth tiers) */
const NO_INTL_BREAK = new Set(['EFL1', 'EFL2']);

export const seasonName = (c: CompetitionSeed, year: number) =>
  c.calendar === 'asia' ? String(year) : `${year}/${String((year + 1) % 100).padStart(2, '0')}`;

/** The season (start year) a day belongs to: the latest whose first day is not after it. */
export function seasonYearOf(c: CompetitionSeed, day: number): number {
  const { y } = fromDayNumber(day);
  return day >= seasonBounds(c, y).first ? y : y - 1;
}

const mmdd = (year: number, s: string) => {
  const [m, d] = s.split('-').map(Number);
  return dayNumber(year, m, d);
};
const saturdayOnOrAfter = (day: number) => day + ((6 - fromDayNumber(day).dow + 7) % 7);

/** First and last Saturday of a season starting in `year` (the last may fall in the next year). */
export function seasonBounds(c: CompetitionSeed, year: number): { first: number; last: number } {
  const [from, to] = c.season ?? DEFAULT_SEASON[c.calendar];
  const start = mmdd(year, from);
  let end = mmdd(year, to);
  if (end < start) end = mmdd(year + 1, to);
  const first = saturdayOnOrAfter(start);
  return { first, last: end - ((fromDayNumber(end).dow + 1) % 7) };
}

/** Saturdays of FIFA windows (September, October, November, March, June) near the usual dates. */
function isIntlBreak(saturday: number): boolean {
  const { y, m, d } = fromDayNumber(saturday);
  const near = (mm: number, dd: number) => Math.abs(saturday - dayNumber(y, mm, dd)) <= 3;
  return near(9, 8) || near(10, 11) || near(11, 15) || near(3, 26) || (m === 6 && d <= 10);
}

function inWinterBreak(c: CompetitionSeed, saturday: number): boolean {
  if (!c.winterBreak) return false;
  const { y, m } = fromDayNumber(saturday);
  const [from, to] = c.winterBreak;
  const startYear = m >= 7 ? y : y - 1;
  return saturday >= mmdd(startYear, from) && saturday <= mmdd(startYear + 1, to);
}

export const roundCount = (c: CompetitionSeed, clubs: number) =>
  c.rounds ?? 2 * (clubs % 2 === 0 ? clubs - 1 : clubs);

/** The rounds of a league season: [Saturday of the week, midweek?] per round, in date order. */
export function leagueRoundDays(c: CompetitionSeed, year: number, clubs: number) {
  const { first, last } = seasonBounds(c, year);
  const weekends: number[] = [];
  const breaks = !NO_INTL_BREAK.has(c.code);
  for (let s = first; s <= last; s += 7)
    if ((!breaks || !isIntlBreak(s) || s === first) && !inWinterBreak(c, s)) weekends.push(s);
  const total = roundCount(c, clubs);
  const out: { saturday: number; midweek: boolean }[] = [];
  if (total <= weekends.length) {
    // fewer rounds than weekends: spread them, the season still runs from its first to its last week
    for (let i = 0; i < total; i++)
      out.push({ saturday: weekends[Math.floor((i * weekends.length) / total)], midweek: false });
    return out;
  }
  const extra = total - weekends.length;
  const midweekAfter = new Set(
    Array.from({ length: extra }, (_, k) => Math.floor(((k + 1) * weekends.length) / (extra + 1)) - 1),
  );
  weekends.forEach((s, i) => {
    out.push({ saturday: s, midweek: false });
    if (midweekAfter.has(i)) out.push({ saturday: s, midweek: true });
  });
  // more midweek rounds than distinct gaps (a very long season): the rest go after the last weekends
  for (let i = weekends.length - 1; out.length < total; i--)
    out.push({ saturday: weekends[Math.max(0, i)], midweek: true });
  return out.sort((a, b) => a.saturday - b.saturday || Number(a.midweek) - Number(b.midweek));
}

function at(day: number, hhmm: string, tz: string): Date {
  const { y, m, d } = fromDayNumber(day);
  const [hh, mm] = hhmm.split(':').map(Number);
  return zonedTime(y, m, d, hh, mm, tz);
}

export function planLeagueSeason(c: CompetitionSeed, clubs: SeasonClub[], year: number): SeasonMatch[] {
  const season = seasonName(c, year);
  const out: SeasonMatch[] = [];
  leagueRoundDays(c, year, clubs.length).forEach(({ saturday, midweek }, index) => {
    const slots = midweek ? (c.midweek ?? midweekSlotsFor(c.code)) : (c.slots ?? slotsFor(c.code));
    roundRobin(clubs.length, index).forEach(([h, a], i) => {
      const [offset, hhmm] = slots[i % slots.length];
      out.push({
        season,
        round: String(index + 1),
        home: clubs[h],
        away: clubs[a],
        startAt: at(saturday + offset, hhmm, c.tz),
      });
    });
  });
  return out;
}

/** League-phase matchdays: `weeks` after the first `weekday` on/after `from`, clubs drawn once a season. */
export function planCupSeason(c: CompetitionSeed, clubs: SeasonClub[], year: number): SeasonMatch[] {
  const cup = c.cup ?? { from: '09-15', weekday: 2, weeks: UCL_MATCHDAY_WEEKS, slots: UCL_SLOTS };
  const season = seasonName(c, year);
  const base = mmdd(year, cup.from);
  const first = base + ((cup.weekday - fromDayNumber(base).dow + 7) % 7);
  const draw = drawLeaguePhase(clubs, `${c.code}:${season}`, cup.weeks.length);
  const out: SeasonMatch[] = [];
  cup.weeks.forEach((week, md) => {
    const day = first + 7 * week;
    draw[md].forEach(([h, a], i) => {
      const [offset, hhmm] = cup.slots[i % cup.slots.length];
      out.push({
        season,
        round: String(md + 1),
        home: clubs[h],
        away: clubs[a],
        startAt: at(day + offset, hhmm, c.tz),
      });
    });
  });
  return out;
}

export const planSeason = (c: CompetitionSeed, clubs: SeasonClub[], year: number) =>
  c.kind === 'cup' ? planCupSeason(c, clubs, year) : planLeagueSeason(c, clubs, year);

/** Every local kick-off time ("HH:MM") the competition uses, weekend, midweek or cup. */
export function kickoffTimes(c: CompetitionSeed): Set<string> {
  const slots =
    c.kind === 'cup'
      ? (c.cup?.slots ?? UCL_SLOTS)
      : [...(c.slots ?? slotsFor(c.code)), ...(c.midweek ?? midweekSlotsFor(c.code))];
  return new Set(slots.map((s) => s[1]));
}

/** "HH:MM" of an instant in `tz`. */
export function localClock(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}
