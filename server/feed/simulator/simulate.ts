/**
 * The pure match simulator: from a seed and two teams it writes the whole timeline of a match
 * (status changes, clock ticks, live events with players and pitch x/y, running statistics) before
 * anything is played. The runner then applies the entries as their time comes; catch-up applies them
 * all at once. Same seed + same input = identical timeline.
 */

import { int, mulberry32 } from '../../../contracts/prng';
import { kickoffState } from '../../modules/matches';
import { buildLineup } from './lineup';
import { expectedGoals } from './odds';
import { shootout } from './shootout';
import { clamp, cloneStats, idx, other, type Side, type SideState, sideState, weighted } from './sim-kit';
import {
  EV,
  type FeedEvent,
  type MatchState,
  SIM_STAT_KEYS,
  type SimInput,
  STATUS,
  type Stats,
  type Timeline,
  type TimelineEntry,
} from './types';

const HALF_TIME_BREAK = 15 * 60;
const ET_BREAK = 5 * 60;

export function simulateMatch(input: SimInput): Timeline {
  const rng = mulberry32(input.seed);
  const lineups = [buildLineup(rng, 1, input.home.players), buildLineup(rng, 2, input.away.players)] as [
    ReturnType<typeof buildLineup>,
    ReturnType<typeof buildLineup>,
  ];
  const state: MatchState = { ...kickoffState(), status: STATUS.NOT_STARTED };
  const stats: Stats = Object.fromEntries(SIM_STAT_KEYS.map((k) => [k, [0, 0]])) as Stats;
  stats.possession = [50, 50];
  let possessionSum = 0;
  let possessionMinutes = 0;
  const entries: TimelineEntry[] = [];
  const emit = (t: number, extra: Partial<TimelineEntry> = {}) => {
    entries.push({ t, state: { ...state }, stats: cloneStats(stats), ...extra });
  };
  const event = (e: Partial<FeedEvent> & { code: number }): FeedEvent => ({
    minute: state.minute,
    added_minute: state.added_minute,
    side: 0,
    player_id: null,
    related_player_id: null,
    home_score: null,
    away_score: null,
    x: null,
    y: null,
    text: null,
    ...e,
  });

  // Pre-match fate: a few fixtures never get played.
  const fate = rng();
  if (fate < 0.003 || fate < 0.013) {
    state.status = fate < 0.003 ? STATUS.CANCELLED : STATUS.POSTPONED;
    emit(0);
    return {
      outcome: fate < 0.003 ? 'cancelled' : 'postponed',
      lineups,
      entries,
      final: { ...state },
      finalStats: stats,
    };
  }
  const interruptAt = rng() < 0.004 ? int(rng, 50, 85) : 0;

  const sides: Record<Side, SideState> = {
    1: sideState(rng, lineups[0].starters, lineups[0].bench),
    2: sideState(rng, lineups[1].starters, lineups[1].bench),
  };
  const [xgHome, xgAway] = expectedGoals({
    homeAttack: input.home.attack,
    homeDefence: input.home.defence,
    awayAttack: input.away.attack,
    awayDefence: input.away.defence,
  });
  const strengthGap = (input.home.attack + input.home.defence - input.away.attack - input.away.defence) / 400;

  const goalFor = (side: Side, minute: number) => {
    const t0 = side === 1 ? xgHome : xgAway;
    const red = side === 1 ? state.home_red - state.away_red : state.away_red - state.home_red;
    const diff = side === 1 ? state.home_score - state.away_score : state.away_score - state.home_score;
    const chase = diff < 0 && minute > 60 ? 1.2 : diff > 1 ? 0.85 : 1;
    return (t0 / 90) * (red > 0 ? 0.7 : red < 0 ? 1.25 : 1) * chase;
  };

  let t = 0;
  let stopped = false;
  /** Plays one minute on the clock starting at match second t. */
  const playMinute = (minute: number, added: number, oddsTick: boolean) => {
    state.minute = minute;
    state.added_minute = added;
    emit(t, oddsTick ? { odds: true } : {});
    const share = clamp(
      0.5 + strengthGap * 0.6 + (rng() - 0.5) * 0.2 - (state.home_red - state.away_red) * 0.06,
      0.25,
      0.75,
    );
    possessionSum += share;
    possessionMinutes++;
    const pct = Math.round((possessionSum / possessionMinutes) * 100);
    stats.possession = [pct, 100 - pct];
    const moments: { at: number; run: () => void }[] = [];
    const at = (run: () => void) => moments.push({ at: 1 + Math.floor(rng() * 58), run });
    for (const side of [1, 2] as Side[]) {
      const own = side === 1 ? share : 1 - share;
      const s = sides[side];
      const flip = (x: number) => (side === 1 ? x : 100 - x);
      if (rng() < own * 1.05)
        at(() => simple(side, EV.ATTACK, 'attacks', flip(int(rng, 55, 75)), int(rng, 10, 90)));
      if (rng() < own * 0.5)
        at(() => simple(side, EV.DANGER, 'dangerous_attacks', flip(int(rng, 75, 90)), int(rng, 20, 80)));
      if (rng() < goalFor(side, minute)) at(() => goal(side));
      else if (rng() < own * 0.22) at(() => shot(side, rng() < 0.38));
      if (rng() < own * 0.11) at(() => corner(side));
      if (rng() < 0.12) at(() => freeKick(side));
      if (rng() < own * 0.05)
        at(() => simple(side, EV.OFFSIDE, 'offsides', flip(int(rng, 70, 85)), int(rng, 10, 90)));
      if (rng() < 0.0012 * own * 2) at(() => penaltyMiss(side));
      if (rng() < 0.019) at(() => card(side, false));
      else if (rng() < 0.0011) at(() => card(side, true));
      if (added === 0 && s.subMinutes.includes(minute)) at(() => substitute(side, EV.SUB));
      if (added === 0 && s.injurySubMinute === minute) at(() => substitute(side, EV.INJURY_SUB));
    }
    moments.sort((a, b) => a.at - b.at);
    const base = t;
    for (const m of moments) {
      t = base + m.at;
      m.run();
    }
    t = base + 60;
  };

  const simple = (side: Side, code: number, stat: keyof Stats, x: number, y: number) => {
    stats[stat][idx(side)]++;
    emit(t, { event: event({ code, side, x, y }) });
  };
  const taker = (side: Side, weights: Record<number, number>) =>
    weighted(rng, sides[side].onPitch, (p) => weights[p.position] ?? 1);
  const goal = (side: Side) => {
    const r = rng();
    const code = r < 0.04 ? EV.OWN_GOAL : r < 0.13 ? EV.PEN_GOAL : EV.GOAL;
    if (rng() < 0.06) emit(t, { event: event({ code: EV.VAR, side, text: 'goal_check' }) });
    const scorer =
      code === EV.OWN_GOAL
        ? taker(other(side), { 4: 4, 5: 1, 3: 2 })
        : taker(side, { 1: 6, 2: 6, 3: 3, 4: 1, 5: 0 });
    const assist =
      code === EV.GOAL && rng() < 0.72
        ? weighted(rng, sides[side].onPitch, (p) =>
            p.person_id === scorer?.person_id ? 0 : p.position === 3 ? 4 : p.position === 5 ? 0.1 : 2,
          )
        : null;
    if (side === 1) state.home_score++;
    else state.away_score++;
    if (code !== EV.OWN_GOAL) {
      stats.shots[idx(side)]++;
      stats.shots_on[idx(side)]++;
    }
    const x = side === 1 ? int(rng, 88, 97) : int(rng, 3, 12);
    emit(t, {
      odds: true,
      event: event({
        code,
        side,
        player_id: scorer?.person_id ?? null,
        related_player_id: assist?.person_id ?? null,
        home_score: state.home_score,
        away_score: state.away_score,
        x,
        y: int(rng, 38, 62),
      }),
    });
  };
  const shot = (side: Side, onTarget: boolean) => {
    stats.shots[idx(side)]++;
    stats[onTarget ? 'shots_on' : 'shots_off'][idx(side)]++;
    if (onTarget) stats.saves[idx(other(side))]++;
    const p = taker(side, { 1: 5, 2: 5, 3: 3, 4: 1, 5: 0 });
    emit(t, {
      event: event({
        code: onTarget ? EV.SHOT_ON : EV.SHOT_OFF,
        side,
        player_id: p?.person_id ?? null,
        x: side === 1 ? int(rng, 70, 92) : int(rng, 8, 30),
        y: int(rng, 25, 75),
      }),
    });
  };
  const corner = (side: Side) => {
    stats.corners[idx(side)]++;
    if (side === 1) state.home_corners++;
    else state.away_corners++;
    emit(t, { event: event({ code: EV.CORNER, side, x: side === 1 ? 100 : 0, y: rng() < 0.5 ? 0 : 100 }) });
  };
  const freeKick = (side: Side) => {
    stats.free_kicks[idx(side)]++;
    stats.fouls[idx(other(side))]++;
    emit(t, { event: event({ code: EV.FREE_KICK, side, x: int(rng, 20, 80), y: int(rng, 5, 95) }) });
  };
  const penaltyMiss = (side: Side) => {
    const p = taker(side, { 1: 5, 2: 5, 3: 3, 4: 1, 5: 0 });
    stats.shots[idx(side)]++;
    emit(t, {
      event: event({
        code: EV.PEN_MISS,
        side,
        player_id: p?.person_id ?? null,
        x: side === 1 ? 89 : 11,
        y: 50,
      }),
    });
  };
  const card = (side: Side, straightRed: boolean) => {
    const s = sides[side];
    const p = taker(side, { 4: 3, 3: 3, 1: 1, 2: 1, 5: 0.2 });
    if (!p) return;
    const second = !straightRed && s.booked.has(p.person_id);
    const red = straightRed || second;
    if (!red) {
      s.booked.add(p.person_id);
      stats.yellow_cards[idx(side)]++;
      if (side === 1) state.home_yellow++;
      else state.away_yellow++;
    } else {
      stats.red_cards[idx(side)]++;
      if (side === 1) state.home_red++;
      else state.away_red++;
      s.onPitch = s.onPitch.filter((q) => q.person_id !== p.person_id);
    }
    stats.fouls[idx(side)]++;
    const code = straightRed ? EV.RED : second ? EV.SECOND_YELLOW : EV.YELLOW;
    emit(t, {
      odds: red,
      event: event({ code, side, player_id: p.person_id, x: int(rng, 15, 85), y: int(rng, 5, 95) }),
    });
  };
  const substitute = (side: Side, code: number) => {
    const s = sides[side];
    if (s.subsLeft <= 0 || !s.bench.length) return;
    const out = weighted(rng, s.onPitch, (p) => (p.position === 5 ? 0 : p.position === 4 ? 1 : 2));
    if (!out) return;
    const sameRole = s.bench.findIndex((p) => p.position === out.position);
    const [inn] = s.bench.splice(sameRole >= 0 ? sameRole : 0, 1);
    s.onPitch = s.onPitch.map((p) => (p === out ? { ...inn, x: out.x, y: out.y } : p));
    s.subsLeft--;
    stats.substitutions[idx(side)]++;
    emit(t, { event: event({ code, side, player_id: inn.person_id, related_player_id: out.person_id }) });
  };

  // First half
  state.status = STATUS.FIRST_HALF;
  state.minute = 1;
  emit(0, { period: true, odds: true, event: event({ code: EV.START }) });
  const add1 = int(rng, 0, 4);
  const add2 = int(rng, 2, 7);
  for (let m = 1; m <= 45; m++) playMinute(m, 0, m % 5 === 0);
  if (add1 > 0) emit(t, { event: event({ code: EV.INJURY_TIME, text: `+${add1}` }) });
  for (let a = 1; a <= add1; a++) playMinute(45, a, false);
  state.status = STATUS.HALF_TIME;
  state.home_half_score = state.home_score;
  state.away_half_score = state.away_score;
  state.added_minute = 0;
  emit(t, {
    period: true,
    odds: true,
    event: event({ code: EV.HALF_TIME, home_score: state.home_score, away_score: state.away_score }),
  });
  // Second half
  t += HALF_TIME_BREAK;
  state.status = STATUS.SECOND_HALF;
  state.minute = 46;
  emit(t, { period: true });
  for (let m = 46; m <= 90 && !stopped; m++) {
    if (m === interruptAt) {
      state.status = STATUS.INTERRUPTED;
      emit(t + 20, { event: event({ code: EV.TEXT, text: 'interrupted' }) });
      stopped = true;
      break;
    }
    playMinute(m, 0, m % 5 === 0);
  }
  if (stopped) return { outcome: 'interrupted', lineups, entries, final: { ...state }, finalStats: stats };
  emit(t, { event: event({ code: EV.INJURY_TIME, text: `+${add2}` }) });
  for (let a = 1; a <= add2; a++) playMinute(90, a, false);
  state.added_minute = 0;

  if (input.knockout && state.home_score === state.away_score) {
    t += ET_BREAK;
    state.status = STATUS.EXTRA_TIME;
    state.minute = 91;
    emit(t, { period: true, odds: true });
    for (let m = 91; m <= 120; m++) playMinute(m, 0, false);
    state.added_minute = 0;
    emit(t, {
      event: event({ code: EV.ET_END, home_score: state.home_score, away_score: state.away_score }),
    });
    if (state.home_score === state.away_score)
      shootout(
        rng,
        state,
        sides,
        () => (t += 60),
        (extra) => emit(t, extra),
        event,
      );
  }
  state.status = STATUS.FINISHED;
  emit(t + 1, {
    odds: true,
    event: event({ code: EV.END, home_score: state.home_score, away_score: state.away_score }),
  });
  return { outcome: 'played', lineups, entries, final: { ...state }, finalStats: cloneStats(stats) };
}
