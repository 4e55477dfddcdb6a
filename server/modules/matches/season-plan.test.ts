/**
 * The season calendar as a fan checks it, for every competition and several seasons (pure, no clock):
 * round N is each club's N-th match, kick-offs sit on the competition's local slots (checked by turning
 * the instant back into local time), and the UEFA league phase follows the real format.
 */
import { describe, expect, it } from 'vitest';
import { loadCompetitions, teamCode } from '../../db/seed-data/football';
import { kickoffTimes, localClock, planSeason, type SeasonClub } from './season-plan';
import { zonedTime } from './seed-calendar';

const seeds = loadCompetitions();
const countryOf = new Map<string, string>();
const idOf = new Map<string, number>();
for (const c of seeds)
  for (const club of c.clubs) {
    countryOf.set(teamCode(c.code, club.code), club.country ?? c.country);
    idOf.set(teamCode(c.code, club.code), idOf.size + 1);
  }
const clubsOf = (code: string): SeasonClub[] => {
  const c = seeds.find((s) => s.code === code)!;
  return [...(c.participants ?? []), ...c.clubs.map((x) => teamCode(c.code, x.code))].map((t) => ({
    id: idOf.get(t)!,
    code: t,
    strength: 200,
    country: countryOf.get(t)!,
  }));
};
const YEARS = [2025, 2026, 2027];

describe('season calendar of every competition', () => {
  it('round N is every club’s N-th match of the season, each club once per round', () => {
    for (const c of seeds.filter((s) => s.kind === 'league'))
      for (const year of YEARS) {
        const plan = planSeason(c, clubsOf(c.code), year);
        const byClub = new Map<number, number[]>();
        for (const m of [...plan].sort((a, b) => a.startAt.getTime() - b.startAt.getTime()))
          for (const t of [m.home.id, m.away.id]) byClub.set(t, [...(byClub.get(t) ?? []), Number(m.round)]);
        const even = clubsOf(c.code).length % 2 === 0;
        for (const [club, rounds] of byClub) {
          // strictly increasing: no club plays round 5 before round 4, nor twice in a round
          for (let i = 1; i < rounds.length; i++)
            expect(rounds[i], `${c.code} ${year} ${club}`).toBeGreaterThan(rounds[i - 1]);
          // without byes the N-th match is round N
          if (even) expect(rounds, `${c.code} ${year}`).toEqual(rounds.map((_, i) => i + 1));
        }
      }
  });

  it('plays the season between its first and last month (Aug-May in Europe, Feb-Dec in Asia)', () => {
    for (const c of seeds.filter((s) => s.kind === 'league')) {
      const plan = planSeason(c, clubsOf(c.code), 2026);
      const months = new Set(plan.map((m) => m.startAt.getUTCMonth() + 1));
      if (c.calendar === 'europe' && !c.season)
        for (const m of [6, 7]) expect(months.has(m), `${c.code}`).toBe(false);
      if (c.calendar === 'asia') expect(months.has(1) && !c.season, c.code).toBe(false);
    }
  });

  it('kicks off at the competition’s local slots, with daylight saving (HKT -> local)', () => {
    for (const c of seeds)
      for (const year of YEARS) {
        const times = kickoffTimes(c);
        for (const m of planSeason(c, clubsOf(c.code), year))
          expect(times, `${c.code} ${m.startAt.toISOString()}`).toContain(localClock(m.startAt, c.tz));
      }
    // a Saturday 15:00 in London is 23:00 in Hong Kong in winter and 22:00 in summer
    const hk = (d: Date) => localClock(d, 'Asia/Hong_Kong');
    expect(hk(zonedTime(2026, 11, 21, 15, 0, 'Europe/London'))).toBe('23:00');
    expect(hk(zonedTime(2026, 8, 22, 15, 0, 'Europe/London'))).toBe('22:00');
    // Champions League 21:00 CET is 04:00 HKT in winter, 03:00 in September
    expect(hk(zonedTime(2026, 11, 25, 21, 0, 'Europe/Paris'))).toBe('04:00');
    expect(hk(zonedTime(2026, 9, 16, 21, 0, 'Europe/Paris'))).toBe('03:00');
    // no Premier League match ever kicks off between 05:00 and 19:00 Hong Kong time
    for (const m of planSeason(seeds.find((s) => s.code === 'EPL')!, clubsOf('EPL'), 2026)) {
      const h = Number(hk(m.startAt).slice(0, 2));
      expect(h >= 19 || h < 5, hk(m.startAt)).toBe(true);
    }
  });

  it('EPL has played 11-13 rounds by late November, the Championship 16-20, not 28', () => {
    const now = new Date('2026-11-22T23:00:00Z');
    const playedRounds = (code: string) =>
      Math.max(
        ...planSeason(seeds.find((s) => s.code === code)!, clubsOf(code), 2026)
          .filter((m) => m.startAt < now)
          .map((m) => Number(m.round)),
      );
    expect(playedRounds('EPL')).toBeGreaterThanOrEqual(11);
    expect(playedRounds('EPL')).toBeLessThanOrEqual(13);
    expect(playedRounds('CHAMP')).toBeGreaterThanOrEqual(15);
    expect(playedRounds('CHAMP')).toBeLessThanOrEqual(20);
  });
});

describe('UEFA league phase (UCL, UEL)', () => {
  for (const code of ['UCL', 'UEL'])
    it(`${code}: 36 clubs, 8 matchdays, 8 different opponents (4 home, 4 away), never the same association`, () => {
      const c = seeds.find((s) => s.code === code)!;
      for (const year of YEARS) {
        const clubs = clubsOf(code);
        expect(clubs).toHaveLength(36);
        const plan = planSeason(c, clubs, year);
        expect(new Set(plan.map((m) => m.round))).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7', '8']));
        const pairs = new Set<string>();
        const home = new Map<number, number>();
        const opponents = new Map<number, Set<number>>();
        for (const m of plan) {
          expect(m.home.country, `${m.home.code} v ${m.away.code}`).not.toBe(m.away.country);
          const key = [m.home.id, m.away.id].sort().join('-');
          expect(pairs.has(key), `${m.home.code} v ${m.away.code} twice`).toBe(false);
          pairs.add(key);
          home.set(m.home.id, (home.get(m.home.id) ?? 0) + 1);
          for (const [a, b] of [
            [m.home.id, m.away.id],
            [m.away.id, m.home.id],
          ])
            opponents.set(a, new Set([...(opponents.get(a) ?? []), b]));
        }
        for (const club of clubs) {
          expect(opponents.get(club.id)?.size, club.code).toBe(8);
          expect(home.get(club.id), club.code).toBe(4);
        }
        // matchdays from September to January
        const months = new Set(plan.map((m) => m.startAt.getUTCMonth() + 1));
        for (const m of months) expect([9, 10, 11, 12, 1]).toContain(m);
      }
    });
});
