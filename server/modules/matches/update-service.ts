/**
 * The one writer of live match state. A feed provider hands over a MatchUpdate (one or more steps:
 * state changes, an event each, statistics, plus optional line-ups and odds); it is written in ONE
 * transaction with `matches.seq` incremented once per step, then `applied` tells everyone.
 *
 * `applied` is the single step after any write to a match (live updates, catch-up batches, support
 * votes, fixtures, dev kick-offs): list caches first (list-cache.ts), then the realtime topics
 * `match:<id>` (full message) and `matches:live` (without stats/odds) in the shape of contract §2.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { matchEvents, matches, matchLineups, matchOdds } from '../../db/schema';
import type { Hub } from '../../realtime/hub';
import type { MatchRow } from './items';
import { dropListCache, notifyMatchChanged } from './list-cache';
import type { FeedEvent, Lineup, MatchState, MatchUpdate, OddsRow, Stats } from './live-contract';
import { eventPeople, personRefs } from './names';

export interface MatchMessage {
  kind: 'match';
  seq: number;
  data: Record<string, unknown> & { id: number };
  event?: Record<string, unknown>;
  stats?: Stats;
  odds?: OddsRow[];
}

const STATE_COLUMNS: Record<keyof MatchState, keyof typeof matches.$inferInsert> = {
  status: 'status',
  minute: 'minute',
  added_minute: 'addedMinute',
  home_score: 'homeScore',
  away_score: 'awayScore',
  home_half_score: 'homeHalfScore',
  away_half_score: 'awayHalfScore',
  home_pen_score: 'homePenScore',
  away_pen_score: 'awayPenScore',
  home_red: 'homeRed',
  away_red: 'awayRed',
  home_yellow: 'homeYellow',
  away_yellow: 'awayYellow',
  home_corners: 'homeCorners',
  away_corners: 'awayCorners',
};

export function stateToColumns(state: Partial<MatchState>): Partial<typeof matches.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state)) {
    const col = STATE_COLUMNS[k as keyof MatchState];
    if (col && v !== undefined) out[col] = v;
  }
  return out as Partial<typeof matches.$inferInsert>;
}

/** Writes an update and publishes it; returns the messages sent (tests read them). */
export async function applyMatchUpdate(db: Db, hub: Hub | null, u: MatchUpdate): Promise<MatchMessage[]> {
  if (!u.steps.length && !u.odds && !u.lineups) return [];
  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ seq: matches.seq, stats: matches.stats })
      .from(matches)
      .where(eq(matches.id, u.matchId))
      .for('update');
    if (!row) return null;
    let seq = row.seq;
    const merged: Partial<MatchState> = {};
    let period: Date | null | undefined;
    let stats: Stats | undefined;
    const eventRows: (typeof matchEvents.$inferInsert)[] = [];
    const seqs: number[] = [];
    for (const step of u.steps) {
      seq++;
      seqs.push(seq);
      Object.assign(merged, step.state ?? {});
      if (step.periodStartedAt !== undefined) period = step.periodStartedAt;
      if (step.stats) stats = step.stats;
      if (step.event) eventRows.push(eventRow(u.matchId, seq, step.event));
    }
    const oldStats = (row.stats ?? {}) as Record<string, unknown>;
    const nextStats =
      stats || u.cursor !== undefined
        ? { ...(stats ?? oldStats), _cursor: u.cursor ?? oldStats._cursor ?? 0 }
        : undefined;
    await tx
      .update(matches)
      .set({
        ...stateToColumns(merged),
        ...(period !== undefined ? { periodStartedAt: period } : {}),
        ...(nextStats ? { stats: nextStats } : {}),
        seq,
        updatedAt: new Date(),
      })
      .where(eq(matches.id, u.matchId));
    if (eventRows.length) await tx.insert(matchEvents).values(eventRows);
    if (u.lineups?.length) await writeLineups(tx as unknown as Db, u.matchId, u.lineups);
    if (u.odds?.length) await writeOdds(tx as unknown as Db, u.matchId, u.odds);
    return { seqs, eventIds: eventRows.length };
  });
  if (!written) return [];
  const [fresh] = await db.select().from(matches).where(eq(matches.id, u.matchId));
  const messages = await buildMessages(db, u, written.seqs);
  const statusChanged = u.steps.some((st) => st.state?.status !== undefined);
  await applied(db, hub, { matchId: u.matchId, row: fresh, statusChanged, messages });
  return messages;
}

function eventRow(matchId: number, seq: number, e: FeedEvent): typeof matchEvents.$inferInsert {
  return {
    matchId,
    seq,
    code: e.code,
    minute: e.minute,
    addedMinute: e.added_minute,
    side: e.side,
    playerId: e.player_id,
    relatedPlayerId: e.related_player_id,
    homeScore: e.home_score,
    awayScore: e.away_score,
    x: e.x,
    y: e.y,
    text: e.text,
  };
}

async function buildMessages(db: Db, u: MatchUpdate, seqs: number[]): Promise<MatchMessage[]> {
  const ids = u.steps.flatMap((s) => (s.event ? [s.event.player_id, s.event.related_player_id] : []));
  const refs = await personRefs(db, ids);
  const out: MatchMessage[] = [];
  u.steps.forEach((step, i) => {
    const data: MatchMessage['data'] = { id: u.matchId, ...(step.state ?? {}), seq: seqs[i] };
    if (step.periodStartedAt !== undefined) data.period_started_ms = step.periodStartedAt?.getTime() ?? null;
    const m: MatchMessage = { kind: 'match', seq: seqs[i], data };
    if (step.event) {
      const e = step.event;
      m.event = {
        id: `${u.matchId}-${seqs[i]}`,
        seq: seqs[i],
        ...e,
        ...eventPeople(refs, e),
      };
    }
    if (step.stats) m.stats = step.stats;
    out.push(m);
  });
  if (u.odds?.length && out.length) out[out.length - 1].odds = u.odds;
  return out;
}

export async function writeLineups(db: Db, matchId: number, lineups: Lineup[]): Promise<void> {
  for (const l of lineups) {
    await db
      .insert(matchLineups)
      .values({
        matchId,
        side: l.side,
        formation: l.formation,
        coachId: l.coach_id,
        starters: l.starters,
        bench: l.bench,
        confirmed: true,
      })
      .onConflictDoUpdate({
        target: [matchLineups.matchId, matchLineups.side],
        set: {
          formation: l.formation,
          coachId: l.coach_id,
          starters: l.starters,
          bench: l.bench,
          confirmed: true,
        },
      });
  }
}

export async function writeOdds(db: Db, matchId: number, rows: OddsRow[]): Promise<void> {
  await db
    .insert(matchOdds)
    .values(
      rows.map((r) => ({
        matchId,
        bookmaker: r.bookmaker,
        market: r.market,
        opening: r.odds,
        current: r.odds,
        previous: null,
      })),
    )
    .onConflictDoUpdate({
      target: [matchOdds.matchId, matchOdds.bookmaker, matchOdds.market],
      set: {
        previous: sql`case when ${matchOdds.current} = excluded.current then ${matchOdds.previous} else ${matchOdds.current} end`,
        current: sql`excluded.current`,
        updatedAt: sql`now()`,
      },
    });
}

export interface Applied {
  /** 0: many matches at once (a batch, new fixtures) */
  matchId: number;
  /** the row as written: cached lists patch it in place instead of rebuilding */
  row?: MatchRow;
  /** the match may have moved between list tabs */
  statusChanged?: boolean;
  /** what the match's watchers receive, in order */
  messages?: MatchMessage[];
  /** the very next list read must show it (dev fixtures): rebuild without the throttle */
  rebuild?: boolean;
}

/** After a write: list caches, then realtime subscribers (see the header). */
export async function applied(db: Db, hub: Hub | null, a: Applied): Promise<void> {
  notifyMatchChanged(a.matchId, a.row, a.statusChanged ?? true);
  if (a.rebuild) dropListCache(db);
  if (!hub || !a.messages) return;
  for (const m of a.messages) {
    await hub.publish(`match:${a.matchId}`, m);
    const { stats: _s, odds: _o, ...compact } = m;
    await hub.publish('matches:live', compact);
  }
}
