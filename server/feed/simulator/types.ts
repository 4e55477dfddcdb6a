/** Shapes produced by the pure simulator (snake_case like the API, so the service copies them through). */
import type { Lineup, SimPlayer } from './lineup';

export interface SimTeamInput {
  id: number;
  /** ratings in percent, 100 = league average */
  attack: number;
  defence: number;
  players: readonly SimPlayer[];
}

export interface SimInput {
  seed: number;
  home: SimTeamInput;
  away: SimTeamInput;
  /** cup knock-out tie: a draw after 90 minutes goes to extra time and penalties */
  knockout?: boolean;
}

export interface MatchState {
  status: number;
  minute: number;
  added_minute: number;
  home_score: number;
  away_score: number;
  home_half_score: number | null;
  away_half_score: number | null;
  home_pen_score: number | null;
  away_pen_score: number | null;
  home_red: number;
  away_red: number;
  home_yellow: number;
  away_yellow: number;
  home_corners: number;
  away_corners: number;
}

/** Running statistics, [home, away] per key (possession in integer percent). */
export type Stats = Record<string, [number, number]>;

export interface SimEvent {
  code: number;
  minute: number;
  added_minute: number;
  /** 0 neutral, 1 home, 2 away */
  side: number;
  player_id: number | null;
  related_player_id: number | null;
  home_score: number | null;
  away_score: number | null;
  x: number | null;
  y: number | null;
  text: string | null;
}

export interface TimelineEntry {
  /** match-clock seconds since kick-off, breaks included (real seconds at SIM_SPEED 1) */
  t: number;
  state: MatchState;
  stats: Stats;
  event?: SimEvent;
  /** a period (half, extra time, shoot-out) starts at this entry: clients tick the clock from here */
  period?: boolean;
  /** live odds should be re-priced after this entry */
  odds?: boolean;
}

export type Outcome = 'played' | 'postponed' | 'cancelled' | 'interrupted';

export interface Timeline {
  outcome: Outcome;
  lineups: [Lineup, Lineup];
  entries: TimelineEntry[];
  final: MatchState;
  finalStats: Stats;
}

export const STATUS = {
  NOT_STARTED: 1,
  FIRST_HALF: 2,
  HALF_TIME: 3,
  SECOND_HALF: 4,
  EXTRA_TIME: 5,
  PENALTIES: 7,
  FINISHED: 10,
  INTERRUPTED: 11,
  POSTPONED: 13,
  CANCELLED: 14,
} as const;

/** Allowed status moves of the simulator (tests check every timeline against these). */
export const TRANSITIONS: Record<number, number[]> = {
  1: [2, 13, 14],
  2: [3, 11],
  3: [4],
  4: [5, 10, 11],
  5: [7, 10, 11],
  7: [10],
};

export const EV = {
  GOAL: 1,
  OWN_GOAL: 2,
  PEN_GOAL: 3,
  PEN_MISS: 4,
  CORNER: 6,
  FREE_KICK: 7,
  OFFSIDE: 9,
  SHOT_ON: 11,
  SHOT_OFF: 12,
  ATTACK: 13,
  DANGER: 14,
  YELLOW: 20,
  SECOND_YELLOW: 21,
  RED: 22,
  INJURY_SUB: 25,
  SUB: 26,
  SHOOTOUT_GOAL: 30,
  SHOOTOUT_MISS: 31,
  INJURY_TIME: 35,
  START: 40,
  HALF_TIME: 41,
  END: 42,
  ET_END: 43,
  SHOOTOUT_START: 44,
  VAR: 65,
  TEXT: 66,
} as const;

export const GOAL_CODES: readonly number[] = [EV.GOAL, EV.OWN_GOAL, EV.PEN_GOAL];
