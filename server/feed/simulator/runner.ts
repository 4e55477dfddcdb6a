/**
 * The simulator's real-time part: plays the fixtures from their simulated timelines. Every tick it
 * hands matches the timeline entries whose (speed-scaled) time has come; on start, and for matches
 * that fell far behind, it has matches catch up in one batch. Progress is the timeline cursor matches
 * stores with the match, so a restart continues exactly where the last run stopped.
 */
import type { Db } from '../../db';
import type { FeedContext, FeedMatch, MatchState, MatchUpdate, UpdateStep } from '../../modules/matches';
import { dueCount, loadSimRefs, periodStart, type SimRefs, strengthOf, timelineFor } from './context';
import { allOdds } from './odds';
import { type Timeline, TRANSITIONS } from './types';

/** More due entries than this in one go (server was busy or off): write them as a batch instead. */
const CATCH_UP_BATCH = 40;

interface Playing {
  id: number;
  startAt: Date;
  cursor: number;
  tl: Timeline;
  row: FeedMatch;
}

export interface SimOptions {
  /** reads team ratings and squads (never writes) */
  db: Db;
  /** SIM_SEED */
  seed: number;
  /** SIM_SPEED */
  speed: number;
}

/** A status the timeline can still leave is one in play (a final status has no way out). */
const inPlay = (status: number) => status in TRANSITIONS;

export function createRunner(opts: SimOptions) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let ctx: FeedContext;
  let refs: SimRefs | null = null;
  let refsAt = 0;
  let scannedAt = 0;
  const playing = new Map<number, Playing>();

  async function scan(now: Date) {
    if (!refs || now.getTime() - refsAt > 60_000) {
      refs = await loadSimRefs(opts.db);
      refsAt = now.getTime();
    }
    const rows = await ctx.due(now);
    const seen = new Set<number>();
    for (const m of rows) {
      seen.add(m.id);
      const cursor = m.cursor;
      const known = playing.get(m.id);
      if (known && known.startAt.getTime() === m.startAt.getTime()) {
        known.cursor = Math.max(known.cursor, cursor);
        continue;
      }
      if (!refs.teams.has(m.homeTeamId) || !refs.teams.has(m.awayTeamId)) refs = await loadSimRefs(opts.db);
      playing.set(m.id, {
        id: m.id,
        startAt: m.startAt,
        cursor,
        tl: timelineFor(refs, m, opts.seed),
        row: m,
      });
    }
    for (const id of playing.keys()) if (!seen.has(id)) playing.delete(id);
  }

  async function tick() {
    const now = ctx.now();
    const speed = opts.speed;
    if (now.getTime() - scannedAt >= 1000) {
      scannedAt = now.getTime();
      await scan(now);
    }
    const behind: number[] = [];
    for (const p of playing.values()) {
      const k = dueCount(p.tl, now.getTime() - p.startAt.getTime(), speed);
      if (k - p.cursor > CATCH_UP_BATCH) behind.push(p.id);
    }
    if (behind.length) {
      await ctx.catchUp(behind);
      for (const id of behind) playing.delete(id);
      scannedAt = 0;
      return;
    }
    for (const p of [...playing.values()]) {
      if (stopped) return;
      const k = dueCount(p.tl, now.getTime() - p.startAt.getTime(), speed);
      if (k <= p.cursor) continue;
      await ctx.apply(buildUpdate(p, k, speed, refs as SimRefs));
      p.cursor = k;
      const last = p.tl.entries[k - 1].state;
      if (!inPlay(last.status)) {
        playing.delete(p.id);
        ctx.finished(p.id, last.status);
      }
    }
  }

  function loop() {
    if (stopped) return;
    // 250 ms at normal speeds; faster clocks tick more often so each tick carries few entries
    const every = Math.max(50, Math.min(250, Math.round(15_000 / Math.max(1, opts.speed))));
    timer = setTimeout(() => {
      running = tick()
        .catch((err) => ctx.log.error({ err }, 'simulator tick failed'))
        .finally(() => {
          running = null;
          loop();
        });
    }, every);
  }

  return {
    async start(c: FeedContext) {
      ctx = c;
      stopped = false;
      const r = await c.catchUp();
      c.log.info(r, 'simulator caught up');
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}

/** Steps for entries [cursor, k): changed state fields, the event, stats on the last step only. */
export function buildUpdate(p: Playing, k: number, speed: number, refs: SimRefs): MatchUpdate {
  const steps: UpdateStep[] = [];
  let prev: MatchState | null = p.cursor > 0 ? p.tl.entries[p.cursor - 1].state : null;
  let odds = false;
  for (let i = p.cursor; i < k; i++) {
    const e = p.tl.entries[i];
    const state: Partial<MatchState> = {};
    for (const key of Object.keys(e.state) as (keyof MatchState)[]) {
      if (!prev || prev[key] !== e.state[key]) (state as Record<string, unknown>)[key] = e.state[key];
    }
    const step: UpdateStep = { state };
    if (e.period) step.periodStartedAt = periodStart(p.tl, i + 1, p.startAt, speed);
    if (e.event) step.event = e.event;
    if (i === k - 1) step.stats = e.stats;
    if (e.odds) odds = true;
    steps.push(step);
    prev = e.state;
  }
  const last = p.tl.entries[k - 1].state;
  return {
    matchId: p.id,
    steps,
    cursor: k,
    lineups: p.cursor === 0 ? p.tl.lineups : undefined,
    odds:
      odds && last.status !== 13 && last.status !== 14
        ? allOdds(strengthOf(refs, p.row), {
            minute: last.minute,
            homeScore: last.home_score,
            awayScore: last.away_score,
          })
        : undefined,
  };
}
