/**
 * Shapes of the pure simulator. What it hands to matches (state, event, statistics, line-ups) is
 * matches' live contract, imported through its face; the timeline around them is the simulator's own.
 */
import { EV, STAT_KEYS, type StatKey } from '../../../contracts/match';
import type { FeedEvent, Lineup, MatchState } from '../../modules/matches';
import type { SimPlayer } from './lineup';

export type { FeedEvent, MatchState };
export { EV };

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

/** The simulator keeps every statistic of the contract but passes, all from the first entry. */
export const SIM_STAT_KEYS = STAT_KEYS.filter((k): k is Exclude<StatKey, 'passes'> => k !== 'passes');

export type Stats = Record<Exclude<StatKey, 'passes'>, [number, number]>;

export interface TimelineEntry {
  /** match-clock seconds since kick-off, breaks included (real seconds at SIM_SPEED 1) */
  t: number;
  state: MatchState;
  stats: Stats;
  event?: FeedEvent;
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

export const GOAL_CODES: readonly number[] = [EV.GOAL, EV.OWN_GOAL, EV.PEN_GOAL];
