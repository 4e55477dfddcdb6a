/**
 * The live-match contract, owned by matches: what a sports-data provider (server/feed: the simulator, or
 * a real feed's adapter) hands over, and what matches writes and publishes from it. Providers import
 * these types through the matches face and never touch a table; matches is the one writer of
 * matches, match_events, match_lineups and match_odds (update-service.ts live, catch-up.ts in bulk).
 * The wire parts the app reads as well (stat keys, line-up player, event codes) are in contracts/match.ts.
 */
import type { FeedEvent, LineupPlayer, MatchStats } from '../../../contracts/match';

export type { FeedEvent, LineupPlayer } from '../../../contracts/match';

/** The scoreboard columns of a match row, in the API's snake_case. */
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

/** A match before kick-off: no score, no cards, no corners (status 0, spec §4). */
export function kickoffState(): MatchState {
  return {
    status: 0,
    minute: 0,
    added_minute: 0,
    home_score: 0,
    away_score: 0,
    home_half_score: null,
    away_half_score: null,
    home_pen_score: null,
    away_pen_score: null,
    home_red: 0,
    away_red: 0,
    home_yellow: 0,
    away_yellow: 0,
    home_corners: 0,
    away_corners: 0,
  };
}

export type Stats = MatchStats;

export interface Lineup {
  side: 1 | 2;
  formation: string;
  coach_id: number | null;
  starters: LineupPlayer[];
  bench: LineupPlayer[];
}

export interface OddsRow {
  bookmaker: string;
  market: string;
  /** eu: {home, draw, away}; asia: {home, line, away}; ou: {over, line, under}; bjdc_sf: {home, line, away} */
  odds: Record<string, number>;
}

export interface UpdateStep {
  state?: Partial<MatchState>;
  /** when the current period began (real time); clients tick the clock from it */
  periodStartedAt?: Date | null;
  event?: FeedEvent;
  stats?: Stats;
}

/** Live changes of one match: each step advances `matches.seq` by one. */
export interface MatchUpdate {
  matchId: number;
  steps: UpdateStep[];
  lineups?: Lineup[];
  /** new current prices; the old current becomes `previous` (arrows), the first ever is `opening` */
  odds?: OddsRow[];
  /** provider progress marker kept with the match (the simulator's timeline cursor) */
  cursor?: number;
}

/** Everything that should already have happened to one match, written at once (catch-up). */
export interface CatchUp {
  matchId: number;
  /** steps played since the stored cursor: seq advances by this many, kept events or not */
  steps: number;
  cursor: number;
  state: MatchState;
  stats: Stats;
  periodStartedAt: Date | null;
  /** the events worth keeping, with the step (1-based) that produced each and when it happened */
  events: { step: number; at: Date; event: FeedEvent }[];
  lineups: Lineup[];
  odds: OddsRow[];
}

/** What a provider reads of a match row. */
export interface FeedMatch {
  id: number;
  competitionId: number;
  round: string;
  homeTeamId: number;
  awayTeamId: number;
  simSeed: number;
  startAt: Date;
  /** provider progress as stored by matches (MatchUpdate.cursor) */
  cursor: number;
}

/** One point of a bookmaker's price history, newest first in oddsHistory's answer. */
export interface OddsPoint {
  minute: number;
  added_minute: number;
  home_score: number;
  away_score: number;
  status: number;
  at_ms: number;
  eu: Record<string, number>;
  asia: Record<string, number>;
  ou: Record<string, number>;
}

export interface FeedLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** What matches gives a running provider: reads of the matches due, and the only ways to write. */
export interface FeedContext {
  log: FeedLog;
  /** the server clock (tests move it) */
  now(): Date;
  /** matches in play, or scheduled whose kick-off has come */
  due(now: Date): Promise<FeedMatch[]>;
  /** write + publish one update (one transaction, seq++ per step) */
  apply(update: MatchUpdate): Promise<void>;
  /** write what these matches (all due ones when omitted) missed, in one batch */
  catchUp(ids?: number[]): Promise<unknown>;
  /** a match reached a final status (plan settlement listens) */
  finished(matchId: number, status: number): void;
}

/**
 * A past match in brief: the seed stores older rounds and past seasons as results without a timeline
 * (no line-ups, odds or play-by-play), so the tables, head-to-head and form have their history cheaply.
 */
export interface BriefResult {
  homeScore: number;
  awayScore: number;
  homeHalfScore: number;
  awayHalfScore: number;
  homeYellow: number;
  awayYellow: number;
  homeRed: number;
  awayRed: number;
  /** goals and cards with their players (suspensions and injuries for the intelligence come from them) */
  events: FeedEvent[];
  /** the starting elevens and benches, when the provider knows them (the players of `events` started) */
  lineups?: Lineup[];
}

/**
 * A sports-data provider. It produces data and never writes: matches asks it and applies the answer.
 * See server/feed/README.md for adding one.
 */
export interface MatchFeed {
  readonly name: string;
  /** match-clock seconds per real second (the simulator's SIM_SPEED; 1 for a real feed) */
  readonly speed: number;
  /** begin emitting updates through ctx; resolves once running */
  start(ctx: FeedContext): Promise<void>;
  /** stop timers / connections; resolves when no more updates will be applied */
  stop(): Promise<void>;
  /** what each match should already show at `now`, from its stored cursor (null: nothing due) */
  catchUp(matches: FeedMatch[], now: Date): Promise<(CatchUp | null)[]>;
  /** pre-match prices of fixtures that have none */
  openingOdds(matches: FeedMatch[]): Promise<OddsRow[][]>;
  /**
   * How a match about to be played (a kick-off moved to now, a dev fixture) will go: the sim seed to
   * store, chosen so the match is played (and has a goal by `goalBefore` when asked). A real feed
   * returns the seed unchanged.
   */
  kickoff(
    match: Omit<FeedMatch, 'startAt' | 'cursor'>,
    opts?: { goalBefore?: number },
  ): Promise<{ simSeed: number }>;
  /** one bookmaker's price history up to the match's cursor; null when the provider keeps none */
  oddsHistory(match: FeedMatch, bookmaker: string): Promise<OddsPoint[] | null>;
  /** results of past matches in brief (history); a provider without one leaves history unseeded */
  results?(matches: Omit<FeedMatch, 'id' | 'startAt' | 'cursor'>[]): Promise<BriefResult[]>;
}
