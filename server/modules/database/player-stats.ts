/**
 * A player's numbers, computed from what the match pages show: the events of each match's timeline
 * (goals, assists, cards, substitutions) and its line-ups. Pure: the services read the rows.
 *
 * - goals: goal (1) and penalty goal (3) events with him as the player; own goals are counted apart;
 * - assists: the related player of a goal (1) event;
 * - appearances and minutes: matches whose line-ups name him as a starter, or as the player coming on
 *   in a substitution (25, 26); he leaves at a substitution that takes him off or at a red card (21,
 *   22). This season's older rounds are kept as results in brief: their line-ups have no
 *   substitutions, so a starter plays 90 minutes there; a match without line-ups on file (another
 *   provider) counts for goals, assists and cards only;
 * - rating: 6.0 per appearance, +1.0 a goal, +0.7 an assist, -0.3 a yellow, -1.5 a red, -1.0 an own
 *   goal, -0.7 a missed penalty, +0.3 a win / -0.3 a defeat, +0.5 a clean sheet for keepers and
 *   defenders who played 60 minutes, within 3.0-10.0; the season value is the average.
 */
import { EV } from '../../../contracts/match';

export interface EventLite {
  matchId: number;
  code: number;
  minute: number;
  side: number;
  playerId: number | null;
  relatedPlayerId: number | null;
}

export interface LineupLite {
  matchId: number;
  side: number;
  starters: { person_id: number }[];
  bench: { person_id: number }[];
}

export interface MatchLite {
  id: number;
  homeScore: number;
  awayScore: number;
}

export interface PlayerMatchLine {
  match_id: number;
  side: number;
  started: boolean;
  minutes: number | null;
  goals: number;
  penalty_goals: number;
  own_goals: number;
  assists: number;
  yellow: number;
  red: number;
  rating: number | null;
}

export interface PlayerTotals {
  appearances: number;
  starts: number;
  minutes: number;
  goals: number;
  penalty_goals: number;
  own_goals: number;
  assists: number;
  yellow: number;
  red: number;
  rating: number | null;
  rated_matches: number;
}

const SUBS = new Set<number>([EV.SUB, EV.INJURY_SUB]);
const REDS = new Set<number>([EV.SECOND_YELLOW, EV.RED]);
const FULL = 90;

/** One line per match he played or appears in the events of, in the order of `matches`. */
export function playerLines(
  personId: number,
  position: number,
  matches: MatchLite[],
  events: EventLite[],
  lineups: LineupLite[],
): PlayerMatchLine[] {
  const eventsOf = new Map<number, EventLite[]>();
  for (const e of events) {
    const list = eventsOf.get(e.matchId) ?? [];
    list.push(e);
    eventsOf.set(e.matchId, list);
  }
  const lineupsOf = new Map<number, LineupLite[]>();
  for (const l of lineups) {
    const list = lineupsOf.get(l.matchId) ?? [];
    list.push(l);
    lineupsOf.set(l.matchId, list);
  }
  const out: PlayerMatchLine[] = [];
  for (const m of matches) {
    const evs = eventsOf.get(m.id) ?? [];
    const ls = lineupsOf.get(m.id) ?? [];
    const count = (f: (e: EventLite) => boolean) => evs.filter(f).length;
    const goals = count((e) => (e.code === EV.GOAL || e.code === EV.PEN_GOAL) && e.playerId === personId);
    const penaltyGoals = count((e) => e.code === EV.PEN_GOAL && e.playerId === personId);
    const ownGoals = count((e) => e.code === EV.OWN_GOAL && e.playerId === personId);
    const assists = count((e) => e.code === EV.GOAL && e.relatedPlayerId === personId);
    const yellow = count((e) => e.code === EV.YELLOW && e.playerId === personId);
    const red = count((e) => REDS.has(e.code) && e.playerId === personId);
    const missed = count((e) => e.code === EV.PEN_MISS && e.playerId === personId);
    let side = 0;
    let started = false;
    let minutes: number | null = null;
    if (ls.length) {
      const starter = ls.find((l) => l.starters.some((p) => p.person_id === personId));
      const benched = ls.find((l) => l.bench.some((p) => p.person_id === personId));
      const cameOn = evs.find((e) => SUBS.has(e.code) && e.playerId === personId);
      const wentOff = evs.find((e) => SUBS.has(e.code) && e.relatedPlayerId === personId);
      const sentOff = evs.find((e) => REDS.has(e.code) && e.playerId === personId);
      const from = starter ? 0 : cameOn ? Math.min(cameOn.minute, FULL) : null;
      if (from !== null) {
        started = !!starter;
        side = (starter ?? benched)?.side ?? 0;
        const until = Math.min(wentOff?.minute ?? sentOff?.minute ?? FULL, FULL);
        minutes = Math.max(1, until - from);
      }
    }
    const mentioned = goals + ownGoals + assists + yellow + red + missed > 0;
    if (minutes === null && !mentioned) continue;
    if (!side) {
      const e = evs.find((x) => x.playerId === personId || x.relatedPlayerId === personId);
      // an own goal is credited to the other side
      side = e ? (e.code === EV.OWN_GOAL ? 3 - e.side : e.side) : 0;
    }
    let rating: number | null = null;
    if (minutes !== null) {
      const own = side === 1 ? m.homeScore : m.awayScore;
      const other = side === 1 ? m.awayScore : m.homeScore;
      let r = 6 + goals + 0.7 * assists - 0.3 * yellow - 1.5 * red - ownGoals - 0.7 * missed;
      r += own > other ? 0.3 : own < other ? -0.3 : 0;
      if ((position === 4 || position === 5) && other === 0 && minutes >= 60) r += 0.5;
      rating = Math.round(Math.min(10, Math.max(3, r)) * 10) / 10;
    }
    out.push({
      match_id: m.id,
      side,
      started,
      minutes,
      goals,
      penalty_goals: penaltyGoals,
      own_goals: ownGoals,
      assists,
      yellow,
      red,
      rating,
    });
  }
  return out;
}

export function totals(lines: PlayerMatchLine[]): PlayerTotals {
  const played = lines.filter((l) => l.minutes !== null);
  const rated = lines.filter((l) => l.rating !== null);
  const sum = (f: (l: PlayerMatchLine) => number, list = lines) => list.reduce((s, l) => s + f(l), 0);
  return {
    appearances: played.length,
    starts: played.filter((l) => l.started).length,
    minutes: sum((l) => l.minutes ?? 0, played),
    goals: sum((l) => l.goals),
    penalty_goals: sum((l) => l.penalty_goals),
    own_goals: sum((l) => l.own_goals),
    assists: sum((l) => l.assists),
    yellow: sum((l) => l.yellow),
    red: sum((l) => l.red),
    rating: rated.length ? Math.round((sum((l) => l.rating ?? 0, rated) / rated.length) * 10) / 10 : null,
    rated_matches: rated.length,
  };
}
