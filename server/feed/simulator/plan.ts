/**
 * What the simulator answers matches, computed from a match's timeline: what should already have
 * happened (catch-up), a sim seed that plays the match (kick-off), and a bookmaker's price history.
 * Pure: matches reads the rows and writes the answers.
 */

import { mixSeed } from '../../../contracts/prng';
import type { CatchUp, FeedMatch } from '../../modules/matches';
import { dueCount, periodStart, type SimMatchRow, type SimRefs, strengthOf, timelineFor } from './context';
import { allOdds, type Bookmaker, oddsFor } from './odds';
import { EV, GOAL_CODES, STATUS, type Timeline } from './types';

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

const played = (status: number) => status !== STATUS.POSTPONED && status !== STATUS.CANCELLED;

/** The entries of `tl` from the match's cursor to `now`, as one batch; null when nothing is due. */
export function planCatchUp(
  m: FeedMatch,
  tl: Timeline,
  now: Date,
  speed: number,
  refs: SimRefs,
): CatchUp | null {
  const cursor = m.cursor;
  const k = dueCount(tl, now.getTime() - m.startAt.getTime(), speed);
  if (k <= cursor) return null;
  const done = k === tl.entries.length;
  const events: CatchUp['events'] = [];
  for (let i = cursor; i < k; i++) {
    const e = tl.entries[i].event;
    if (!e || (done && !KEY_EVENTS.has(e.code))) continue;
    events.push({
      step: i - cursor + 1,
      at: new Date(m.startAt.getTime() + (tl.entries[i].t * 1000) / speed),
      event: e,
    });
  }
  const last = tl.entries[k - 1];
  const isPlayed = played(last.state.status);
  const live = {
    minute: last.state.minute,
    homeScore: last.state.home_score,
    awayScore: last.state.away_score,
  };
  return {
    matchId: m.id,
    steps: k - cursor,
    cursor: k,
    state: last.state,
    stats: last.stats,
    periodStartedAt: periodStart(tl, k, m.startAt, speed),
    events,
    lineups: cursor === 0 && isPlayed ? tl.lineups : [],
    odds: isPlayed ? allOdds(strengthOf(refs, m), live) : [],
  };
}

/**
 * A sim seed near the match's whose timeline is played (not postponed or cancelled) and, when asked,
 * has a goal by `goalBefore`. The seed is a signed 32-bit column; mixSeed answers unsigned.
 */
export function playableSeed(refs: SimRefs, m: SimMatchRow, baseSeed: number, goalBefore?: number): number {
  const wanted = (candidate: number) => {
    const tl = timelineFor(refs, { ...m, simSeed: candidate }, baseSeed);
    if (tl.outcome !== 'played') return false;
    if (!goalBefore) return true;
    return tl.entries.some(
      (e) => e.event && GOAL_CODES.includes(e.event.code) && e.event.minute <= goalBefore,
    );
  };
  let seed = m.simSeed || mixSeed(baseSeed, m.id) | 0;
  for (let i = 1; i < 200 && !wanted(seed); i++) seed = mixSeed(seed, i) | 0;
  return seed;
}

/** The bookmaker's prices the day before and at every re-pricing up to the cursor, newest first. */
export function oddsPoints(refs: SimRefs, m: FeedMatch, book: Bookmaker, baseSeed: number, speed: number) {
  const s = strengthOf(refs, m);
  const tl = timelineFor(refs, m, baseSeed);
  const points = [
    {
      minute: 0,
      added_minute: 0,
      home_score: 0,
      away_score: 0,
      status: STATUS.NOT_STARTED as number,
      at_ms: m.startAt.getTime() - 86_400_000,
    },
  ];
  for (let i = 0; i < Math.min(m.cursor, tl.entries.length); i++) {
    const e = tl.entries[i];
    if (!e.odds || !played(e.state.status)) continue;
    points.push({
      minute: e.state.minute,
      added_minute: e.state.added_minute,
      home_score: e.state.home_score,
      away_score: e.state.away_score,
      status: e.state.status,
      at_ms: m.startAt.getTime() + (e.t * 1000) / speed,
    });
  }
  const list = points.map((p) => {
    const rows = oddsFor(s, { minute: p.minute, homeScore: p.home_score, awayScore: p.away_score }, book);
    return { ...p, eu: rows[0].odds, asia: rows[1].odds, ou: rows[2].odds };
  });
  return list.reverse();
}
