/**
 * The default feed provider: plays the fixtures in real time from their simulated timelines. Every
 * tick it applies the timeline entries whose (speed-scaled) time has come; on start, and for matches
 * that fell far behind, it catches up in one batch. Progress is the timeline cursor stored with the
 * match, so a restart continues exactly where the last run stopped.
 */
import { and, eq, inArray, lte, or } from 'drizzle-orm';
import { matches } from '../../db/schema';
import type { UpdateStep } from '../../modules/matches';
import { notifyMatchChanged } from '../../modules/matches';
import { LIVE_STATUSES, playPastMatches } from '../catch-up';
import type { FeedContext, FeedProvider } from '../provider';
import { dueCount, loadSimRefs, periodStart, type SimRefs, strengthOf, timelineFor } from './context';
import { allOdds } from './odds';
import type { MatchState, Timeline } from './types';

/** More due entries than this in one go (server was busy or off): write them as a batch instead. */
const CATCH_UP_BATCH = 40;

interface Playing {
  id: number;
  startAt: Date;
  cursor: number;
  tl: Timeline;
  row: {
    id: number;
    competitionId: number;
    round: string;
    homeTeamId: number;
    awayTeamId: number;
    simSeed: number;
  };
}

export function createSimulatorProvider(): FeedProvider {
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
      refs = await loadSimRefs(ctx.db);
      refsAt = now.getTime();
    }
    const rows = await ctx.db
      .select()
      .from(matches)
      .where(
        or(
          inArray(matches.status, [...LIVE_STATUSES]),
          and(eq(matches.status, 1), lte(matches.startAt, now)),
        ),
      );
    const seen = new Set<number>();
    for (const m of rows) {
      seen.add(m.id);
      const cursor = Number((m.stats as Record<string, unknown>)?._cursor ?? 0);
      const known = playing.get(m.id);
      if (known && known.startAt.getTime() === m.startAt.getTime()) {
        known.cursor = Math.max(known.cursor, cursor);
        continue;
      }
      if (!refs.teams.has(m.homeTeamId) || !refs.teams.has(m.awayTeamId)) refs = await loadSimRefs(ctx.db);
      playing.set(m.id, {
        id: m.id,
        startAt: m.startAt,
        cursor,
        tl: timelineFor(refs, m, ctx.config.simSeed),
        row: m,
      });
    }
    for (const id of playing.keys()) if (!seen.has(id)) playing.delete(id);
  }

  async function tick() {
    const now = ctx.now();
    const speed = ctx.config.simSpeed;
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
      await playPastMatches(ctx.db, now, { speed, seed: ctx.config.simSeed, ids: behind });
      for (const id of behind) playing.delete(id);
      notifyMatchChanged(0);
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
      if (!LIVE_STATUSES.includes(last.status)) {
        playing.delete(p.id);
        ctx.finished(p.id, last.status);
      }
    }
  }

  function loop() {
    if (stopped) return;
    // 250 ms at normal speeds; faster clocks tick more often so each tick carries few entries
    const every = Math.max(50, Math.min(250, Math.round(15_000 / Math.max(1, ctx.config.simSpeed))));
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
    name: 'simulator',
    async start(c) {
      ctx = c;
      stopped = false;
      const r = await playPastMatches(c.db, c.now(), { speed: c.config.simSpeed, seed: c.config.simSeed });
      c.log.info(r, 'simulator caught up');
      notifyMatchChanged(0);
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
export function buildUpdate(p: Playing, k: number, speed: number, refs: SimRefs) {
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
