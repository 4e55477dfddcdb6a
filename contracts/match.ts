/**
 * The live match as the app receives it (REST reads and `match:<id>` pushes): statistics keys, line-up
 * players and the event codes of spec §4. The server's feed produces these and the match widgets read
 * them, so a key the server sends is a key the app has a label for (`match.stat.<key>` and
 * `match.event.<code>` in every locale; contracts/match.test.ts checks both).
 */

/** Every statistic a feed may send, in the order a fan reads them. */
export const STAT_KEYS = [
  'possession',
  'attacks',
  'dangerous_attacks',
  'shots',
  'shots_on',
  'shots_off',
  'corners',
  'free_kicks',
  'offsides',
  'fouls',
  'yellow_cards',
  'red_cards',
  'substitutions',
  'saves',
  'passes',
] as const;

export type StatKey = (typeof STAT_KEYS)[number];

/** [home, away] per statistic (possession in integer percent); a feed sends the ones it knows. */
export type MatchStats = { [K in StatKey]?: [number, number] };

/** Spec §4 event codes. */
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
  POSSESSION: 15,
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

export type EventCode = (typeof EV)[keyof typeof EV];

export const EVENT_CODES: readonly EventCode[] = Object.values(EV);

/** An event as a feed reports it: who, when, the score after it and where on the pitch (x 0-100 from the home goal). */
export interface FeedEvent {
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

/**
 * A player the data has no name for (an unnamed squad slot of a club whose real squad is not on file):
 * the app shows the shirt number and the position, labelled as such, never an invented name.
 */
export interface UnnamedPlayer {
  number: number | null;
  /** spec §3 position: 1 forward, 2 centre forward, 3 midfielder, 4 defender, 5 goalkeeper */
  position: number;
}

/**
 * An event as the app receives it: numbered by the match's seq, names in the reader's language. A
 * player without a name has `player_name: null` and `player_unnamed` set (likewise the related player).
 */
export interface MatchEventWire extends FeedEvent {
  id: number | string;
  seq: number;
  player_name: string | null;
  related_player_name: string | null;
  player_unnamed: UnnamedPlayer | null;
  related_player_unnamed: UnnamedPlayer | null;
}

/** Spec §3 positions: 1 forward, 2 centre forward, 3 midfielder, 4 defender, 5 goalkeeper. */
export interface LineupPlayer {
  person_id: number;
  number: number;
  position: number;
  /** depth from the own goal line, 0-100 */
  x: number;
  /** across the pitch, 0-100 */
  y: number;
  captain: boolean;
}

/**
 * A line-up player as the app receives it, named in the reader's language; an unnamed squad slot has
 * `name: null, unnamed: true` (the app shows number and position).
 */
export interface LineupPlayerWire extends LineupPlayer {
  player_id: number;
  name: string | null;
  unnamed: boolean;
}
