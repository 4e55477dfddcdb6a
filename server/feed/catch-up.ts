/**
 * Catch-up: plays at once what the simulator would have played while nobody was running it. Matches
 * whose time is over get their whole timeline written (result, key events, statistics, line-ups,
 * odds); matches in progress are brought to the current minute; fixtures without odds get opening
 * odds. Writes are single JSON-parameter statements (server/feed/bulk.ts), so ~1000 past matches take
 * seconds on PGlite. The seed calls playPastMatches so the database template already holds results.
 */
import { and, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { matches, matchOdds } from '../db/schema';
import {
  type EventRow,
  insertEvents,
  insertLineups,
  type LineupRowDb,
  type MatchStateRowDb,
  type OddsRowDb,
  updateMatchStates,
  upsertOdds,
} from './bulk';
import {
  dueCount,
  loadSimRefs,
  periodStart,
  type SimRefs,
  strengthOf,
  timelineFor,
} from './simulator/context';
import { allOdds, lotteryOdds } from './simulator/odds';
import { EV, type Timeline } from './simulator/types';

export const LIVE_STATUSES: readonly number[] = [2, 3, 4, 5, 7];
const OPEN_STATUSES = [1, ...LIVE_STATUSES];
/** What a finished match keeps: the events a fan reads afterwards; the rest only fed the live animation. */
const KEY_EVENTS = new Set<number>([
  EV.GOAL,
  EV.OWN_GOAL,
  EV.PEN_GOAL,
  EV.PEN_MISS,
  EV.CORNER,
  EV.YELLOW,
  EV.SECOND_YELLOW,
  EV.RED,
  EV.INJURY_SUB,
  EV.SUB,
  EV.SHOOTOUT_GOAL,
  EV.SHOOTOUT_MISS,
  EV.INJURY_TIME,
  EV.START,
  EV.HALF_TIME,
  EV.END,
  EV.ET_END,
  EV.SHOOTOUT_START,
  EV.VAR,
  EV.TEXT,
]);

export interface CatchUpOptions {
  speed?: number;
  seed?: number;
  /** only these matches (the runner passes the ones it is about to play) */
  ids?: number[];
}

export interface CatchUpResult {
  finished: number;
  live: number;
  events: number;
  oddsFor: number;
}

type MatchRow = typeof matches.$inferSelect;

export async function playPastMatches(db: Db, now: Date, opts: CatchUpOptions = {}): Promise<CatchUpResult> {
  const speed = opts.speed ?? 1;
  const seed = opts.seed ?? 20261121;
  const refs = await loadSimRefs(db);
  const oddsFor = await ensureOpeningOdds(db, refs);
  const where = [inArray(matches.status, OPEN_STATUSES), lte(matches.startAt, now)];
  if (opts.ids) where.push(inArray(matches.id, opts.ids.length ? opts.ids : [-1]));
  const rows = await db
    .select()
    .from(matches)
    .where(and(...where))
    .orderBy(matches.id);
  const result: CatchUpResult = { finished: 0, live: 0, events: 0, oddsFor };
  const events: EventRow[] = [];
  const lineups: LineupRowDb[] = [];
  const odds: OddsRowDb[] = [];
  const states: MatchStateRowDb[] = [];
  for (const m of rows) {
    const planned = planCatchUp(m, timelineFor(refs, m, seed), now, speed, refs);
    if (!planned) continue;
    if (LIVE_STATUSES.includes(planned.state.status)) result.live++;
    else result.finished++;
    events.push(...planned.events);
    lineups.push(...planned.lineups);
    odds.push(...planned.odds);
    states.push(planned.state);
  }
  result.events = events.length;
  if (!states.length) return result;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertEvents(t, events);
    await insertLineups(t, lineups);
    await upsertOdds(t, odds);
    await updateMatchStates(t, states);
  });
  return result;
}

/** The rows that bring one match from its stored cursor to `now`; null when nothing is due. */
export function planCatchUp(m: MatchRow, tl: Timeline, now: Date, speed: number, refs: SimRefs) {
  const oldStats = (m.stats ?? {}) as Record<string, unknown>;
  const cursor = typeof oldStats._cursor === 'number' ? oldStats._cursor : 0;
  const k = dueCount(tl, now.getTime() - m.startAt.getTime(), speed);
  if (k <= cursor) return null;
  const done = k === tl.entries.length;
  const events: EventRow[] = [];
  for (let i = cursor; i < k; i++) {
    const e = tl.entries[i].event;
    if (!e || (done && !KEY_EVENTS.has(e.code))) continue;
    events.push({
      match_id: m.id,
      seq: m.seq + (i - cursor) + 1,
      code: e.code,
      minute: e.minute,
      added_minute: e.added_minute,
      side: e.side,
      player_id: e.player_id,
      related_player_id: e.related_player_id,
      home_score: e.home_score,
      away_score: e.away_score,
      x: e.x,
      y: e.y,
      text: e.text,
      created_at: new Date(m.startAt.getTime() + (tl.entries[i].t * 1000) / speed).toISOString(),
    });
  }
  const last = tl.entries[k - 1];
  const played = last.state.status !== 13 && last.state.status !== 14;
  const lineups: LineupRowDb[] =
    cursor === 0 && played
      ? tl.lineups.map((l) => ({
          match_id: m.id,
          side: l.side,
          formation: l.formation,
          coach_id: l.coach_id,
          starters: l.starters,
          bench: l.bench,
        }))
      : [];
  const live = {
    minute: last.state.minute,
    homeScore: last.state.home_score,
    awayScore: last.state.away_score,
  };
  const odds: OddsRowDb[] = played
    ? allOdds(strengthOf(refs, m), live).map((r) => ({
        match_id: m.id,
        bookmaker: r.bookmaker,
        market: r.market,
        odds: r.odds,
      }))
    : [];
  const started = periodStart(tl, k, m.startAt, speed);
  const state: MatchStateRowDb = {
    id: m.id,
    ...last.state,
    period_started_at: started ? started.toISOString() : null,
    stats: { ...last.stats, _cursor: k },
    seq: m.seq + (k - cursor),
  };
  return { state, events, lineups, odds };
}

/** Opening prices for fixtures that have none yet (new fixtures appear daily). */
export async function ensureOpeningOdds(db: Db, refs: SimRefs): Promise<number> {
  const missing = await db
    .select({
      id: matches.id,
      competitionId: matches.competitionId,
      round: matches.round,
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
      simSeed: matches.simSeed,
    })
    .from(matches)
    .where(
      notExists(db.select({ one: sql`1` }).from(matchOdds).where(sql`${matchOdds.matchId} = ${matches.id}`)),
    );
  const rows: OddsRowDb[] = [];
  const pre = { minute: 0, homeScore: 0, awayScore: 0 };
  for (const m of missing) {
    const s = strengthOf(refs, m);
    for (const r of [...allOdds(s, pre), ...lotteryOdds(s)])
      rows.push({ match_id: m.id, bookmaker: r.bookmaker, market: r.market, odds: r.odds });
  }
  await upsertOdds(db, rows);
  return missing.length;
}
