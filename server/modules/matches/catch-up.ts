/**
 * Catch-up: writes at once what a provider says should already have happened while nobody was
 * playing it. Finished matches get their final state and the events worth keeping, matches in
 * progress are brought to the current minute, fixtures without odds get opening odds. Writes are
 * single JSON-parameter statements (bulk.ts), so ~1000 past matches take seconds on PGlite. The seed
 * runs it so the database template already holds results; a running feed runs it on start and for
 * matches that fell far behind.
 */
import { and, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, matchOdds } from '../../db/schema';
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
import type { MatchRow } from './items';
import { LIVE } from './list-cache';
import type { CatchUp, FeedMatch, MatchFeed } from './live-contract';
import { applied } from './update-service';

const OPEN_STATUSES = [1, ...LIVE];

export interface CatchUpResult {
  finished: number;
  live: number;
  events: number;
  oddsFor: number;
}

/** What a provider reads of a match row; the cursor is its progress as stored with the statistics. */
export function feedMatch(m: Pick<MatchRow, keyof Omit<FeedMatch, 'cursor'> | 'stats'>): FeedMatch {
  const cursor = Number((m.stats as Record<string, unknown> | null)?._cursor ?? 0);
  return {
    id: m.id,
    competitionId: m.competitionId,
    round: m.round,
    homeTeamId: m.homeTeamId,
    awayTeamId: m.awayTeamId,
    simSeed: m.simSeed,
    startAt: m.startAt,
    cursor,
  };
}

/** Matches in play, or scheduled whose kick-off has come (`ids`: only these). */
export async function dueMatches(db: Db, now: Date, ids?: number[]): Promise<MatchRow[]> {
  const where = [inArray(matches.status, OPEN_STATUSES), lte(matches.startAt, now)];
  if (ids) where.push(inArray(matches.id, ids.length ? ids : [-1]));
  return db
    .select()
    .from(matches)
    .where(and(...where))
    .orderBy(matches.id);
}

export async function catchUpMatches(
  db: Db,
  feed: MatchFeed,
  now: Date,
  opts: { ids?: number[] } = {},
): Promise<CatchUpResult> {
  const oddsFor = await ensureOpeningOdds(db, feed);
  const rows = await dueMatches(db, now, opts.ids);
  const plans = await feed.catchUp(rows.map(feedMatch), now);
  const result: CatchUpResult = { finished: 0, live: 0, events: 0, oddsFor };
  const events: EventRow[] = [];
  const lineups: LineupRowDb[] = [];
  const odds: OddsRowDb[] = [];
  const states: MatchStateRowDb[] = [];
  rows.forEach((m, i) => {
    const plan = plans[i];
    if (!plan) return;
    if (LIVE.includes(plan.state.status)) result.live++;
    else result.finished++;
    const rowsOf = toRows(m, plan);
    events.push(...rowsOf.events);
    lineups.push(...rowsOf.lineups);
    odds.push(...rowsOf.odds);
    states.push(rowsOf.state);
  });
  result.events = events.length;
  if (!states.length) return result;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertEvents(t, events);
    await insertLineups(t, lineups);
    await upsertOdds(t, odds);
    await updateMatchStates(t, states);
  });
  await applied(db, null, { matchId: 0 });
  return result;
}

function toRows(m: MatchRow, plan: CatchUp) {
  const events: EventRow[] = plan.events.map(({ step, at, event: e }) => ({
    match_id: m.id,
    seq: m.seq + step,
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
    created_at: at.toISOString(),
  }));
  const lineups: LineupRowDb[] = plan.lineups.map((l) => ({
    match_id: m.id,
    side: l.side,
    formation: l.formation,
    coach_id: l.coach_id,
    starters: l.starters,
    bench: l.bench,
  }));
  const odds: OddsRowDb[] = plan.odds.map((r) => ({ match_id: m.id, ...r }));
  const state: MatchStateRowDb = {
    id: m.id,
    ...plan.state,
    period_started_at: plan.periodStartedAt ? plan.periodStartedAt.toISOString() : null,
    stats: { ...plan.stats, _cursor: plan.cursor },
    seq: m.seq + plan.steps,
  };
  return { state, events, lineups, odds };
}

/** Opening prices for fixtures that have none yet (new fixtures appear daily). */
export async function ensureOpeningOdds(db: Db, feed: MatchFeed): Promise<number> {
  const missing = await db
    .select()
    .from(matches)
    .where(
      and(
        // history (results in brief) has no odds and needs none
        inArray(matches.status, OPEN_STATUSES),
        notExists(
          db.select({ one: sql`1` }).from(matchOdds).where(sql`${matchOdds.matchId} = ${matches.id}`),
        ),
      ),
    );
  if (!missing.length) return 0;
  const prices = await feed.openingOdds(missing.map(feedMatch));
  const rows: OddsRowDb[] = missing.flatMap((m, i) =>
    (prices[i] ?? []).map((r) => ({ match_id: m.id, ...r })),
  );
  await upsertOdds(db, rows);
  return missing.length;
}
