/**
 * Multi-row writes for catch-up (catch-up.ts) as single statements: the rows travel as one JSON parameter and
 * PostgreSQL unpacks them with jsonb_to_recordset. Far faster than thousands of bound parameters on
 * PGlite, and the same on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import type { FeedEvent, MatchState } from './live-contract';

const CHUNK = 20_000;

/** A provider's event as one row: numbered by the match's seq, stamped when it happened. */
export interface EventRow extends FeedEvent {
  match_id: number;
  seq: number;
  created_at: string;
}

export async function insertEvents(db: Db, rows: EventRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(sql`
      insert into match_events (match_id, seq, code, minute, added_minute, side, player_id, related_player_id,
        home_score, away_score, x, y, text, created_at)
      select match_id, seq, code, minute, added_minute, side, player_id, related_player_id,
        home_score, away_score, x, y, text, created_at
      from jsonb_to_recordset(${json}::jsonb) as r(match_id int, seq bigint, code smallint, minute smallint,
        added_minute smallint, side smallint, player_id int, related_player_id int, home_score smallint,
        away_score smallint, x smallint, y smallint, text text, created_at timestamptz)
      on conflict do nothing`);
  }
}

export interface OddsRowDb {
  match_id: number;
  bookmaker: string;
  market: string;
  odds: Record<string, number>;
}

/** Inserts prices as opening+current, or moves existing current to previous. */
export async function upsertOdds(db: Db, rows: OddsRowDb[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(sql`
      insert into match_odds (match_id, bookmaker, market, opening, current)
      select match_id, bookmaker, market, odds, odds
      from jsonb_to_recordset(${json}::jsonb) as r(match_id int, bookmaker text, market text, odds jsonb)
      on conflict (match_id, bookmaker, market) do update
        set previous = match_odds.current, current = excluded.current, updated_at = now()`);
  }
}

export interface LineupRowDb {
  match_id: number;
  side: number;
  formation: string;
  coach_id: number | null;
  starters: unknown;
  bench: unknown;
}

export async function insertLineups(db: Db, rows: LineupRowDb[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(sql`
      insert into match_lineups (match_id, side, formation, coach_id, starters, bench, confirmed)
      select match_id, side, formation, coach_id, starters, bench, true
      from jsonb_to_recordset(${json}::jsonb) as r(match_id int, side smallint, formation text, coach_id int,
        starters jsonb, bench jsonb)
      on conflict do nothing`);
  }
}

/** A match's running state as written back in bulk: the provider's state plus the row's bookkeeping. */
export interface MatchStateRowDb extends MatchState {
  id: number;
  period_started_at: string | null;
  stats: unknown;
  seq: number;
}

export async function updateMatchStates(db: Db, rows: MatchStateRowDb[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(sql`
      update matches m set status = r.status, minute = r.minute, added_minute = r.added_minute,
        home_score = r.home_score, away_score = r.away_score, home_half_score = r.home_half_score,
        away_half_score = r.away_half_score, home_pen_score = r.home_pen_score, away_pen_score = r.away_pen_score,
        home_red = r.home_red, away_red = r.away_red, home_yellow = r.home_yellow, away_yellow = r.away_yellow,
        home_corners = r.home_corners, away_corners = r.away_corners, period_started_at = r.period_started_at,
        stats = r.stats, seq = r.seq, updated_at = now()
      from jsonb_to_recordset(${json}::jsonb) as r(id int, status smallint, minute smallint, added_minute smallint,
        home_score smallint, away_score smallint, home_half_score smallint, away_half_score smallint,
        home_pen_score smallint, away_pen_score smallint, home_red smallint, away_red smallint,
        home_yellow smallint, away_yellow smallint, home_corners smallint, away_corners smallint,
        period_started_at timestamptz, stats jsonb, seq bigint)
      where m.id = r.id`);
  }
}
