/**
 * The sports data feed chosen by FEED_PROVIDER (default: the match simulator). `createFeed` makes the
 * provider matches asks (the app builds one and hands it to matches' routes); `startFeed` runs one in real time
 * and returns a stop function. Only one node runs the feed: it holds a PostgreSQL advisory lock (other
 * nodes keep trying, so one takes over if the holder dies) and still get every update through the
 * hub's pub/sub. Providers never write: what they produce goes through matches' face. See README.md.
 */
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import { nowMs } from '../http/clock';
import type { AppDeps } from '../http/deps';
import {
  applyMatchUpdate,
  catchUpMatches,
  dueMatches,
  type FeedContext,
  type FeedLog,
  feedMatch,
  type MatchFeed,
  refreshFixtures,
} from '../modules/matches';
import { createSimulatorProvider } from './simulator/provider';

/** Provider registry: add a real sports-data adapter here (see README.md). */
export const PROVIDERS: Record<string, (db: Db, config: AppConfig) => MatchFeed> = {
  simulator: (db, config) => createSimulatorProvider({ db, seed: config.simSeed, speed: config.simSpeed }),
};

/** An unknown FEED_PROVIDER: nothing is played, and matches falls back to what it has stored. */
const idleFeed: MatchFeed = {
  name: 'none',
  speed: 1,
  async start() {},
  async stop() {},
  async catchUp(matches) {
    return matches.map(() => null);
  },
  async openingOdds(matches) {
    return matches.map(() => []);
  },
  async kickoff(match) {
    return { simSeed: match.simSeed };
  },
  async oddsHistory() {
    return null;
  },
};

export function createFeed(db: Db, config: AppConfig): MatchFeed {
  return PROVIDERS[config.feedProvider]?.(db, config) ?? idleFeed;
}

const FEED_LOCK_KEY = 7_317_100;
const LOCK_RETRY_MS = 10_000;
const FIXTURE_CHECK_MS = 3600_000;

type FinishedListener = (matchId: number, status: number) => void | Promise<void>;
const finishedListeners = new Set<FinishedListener>();

/** Plan settlement listens here; the listener gets the match id once it reaches a final status. */
export function onMatchFinished(listener: FinishedListener): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

export function emitMatchFinished(matchId: number, status: number, log?: FeedLog): void {
  for (const l of finishedListeners) {
    Promise.resolve()
      .then(() => l(matchId, status))
      .catch((err) => log?.error({ err, matchId }, 'match-finished listener failed'));
  }
}

interface Lock {
  release(): Promise<void>;
}

/** Session-level advisory lock on a dedicated connection (pool) or the single PGlite connection. */
export async function tryFeedLock(db: Db): Promise<Lock | null> {
  const client = (db as unknown as { $client?: any }).$client;
  if (client && typeof client.connect === 'function' && typeof client.totalCount === 'number') {
    const conn = await client.connect();
    const r = await conn.query('select pg_try_advisory_lock($1) as ok', [FEED_LOCK_KEY]);
    if (!r.rows[0]?.ok) {
      conn.release();
      return null;
    }
    return {
      async release() {
        await conn.query('select pg_advisory_unlock($1)', [FEED_LOCK_KEY]).catch(() => {});
        conn.release();
      },
    };
  }
  const r = (await db.execute(sql`select pg_try_advisory_lock(${FEED_LOCK_KEY}) as ok`)) as unknown as {
    rows: { ok: boolean }[];
  };
  if (!r.rows[0]?.ok) return null;
  return {
    async release() {
      await db.execute(sql`select pg_advisory_unlock(${FEED_LOCK_KEY})`).catch(() => {});
    },
  };
}

async function topUpFixtures(db: Db, log: FeedLog): Promise<void> {
  try {
    await refreshFixtures(db, new Date(nowMs()));
  } catch (err) {
    log.error({ err }, 'ensureFixtures failed');
  }
}

/** `log`: the app's logger (pino via Fastify: `app.log.child(...)`), so feed lines join the server's log. */
export async function startFeed(deps: AppDeps, log: FeedLog): Promise<() => Promise<void>> {
  const make = PROVIDERS[deps.config.feedProvider];
  if (!make) {
    log.error({ provider: deps.config.feedProvider }, 'unknown FEED_PROVIDER; feed not started');
    return async () => {};
  }
  // its own instance, from the config as given (tests run the feed at another speed than the app)
  const provider = make(deps.db, deps.config);
  const now = () => new Date(nowMs());
  const ctx: FeedContext = {
    log,
    now,
    due: async (at) => (await dueMatches(deps.db, at)).map(feedMatch),
    apply: async (u) => {
      await applyMatchUpdate(deps.db, deps.hub, u);
    },
    catchUp: (ids) => catchUpMatches(deps.db, provider, now(), { ids }),
    finished: (id, status) => emitMatchFinished(id, status, log),
  };
  let lock: Lock | null = null;
  let stopped = false;
  let started = false;
  let retry: NodeJS.Timeout | null = null;
  const fixtures = setInterval(() => void topUpFixtures(deps.db, log), FIXTURE_CHECK_MS);
  fixtures.unref();

  async function attempt() {
    if (stopped) return;
    try {
      lock = await tryFeedLock(deps.db);
      if (!lock) {
        retry = setTimeout(() => void attempt(), LOCK_RETRY_MS);
        retry.unref();
        return;
      }
      await topUpFixtures(deps.db, log);
      if (stopped) return;
      await provider.start(ctx);
      started = true;
    } catch (err) {
      log.error({ err }, 'feed start failed');
    }
  }
  await attempt();

  return async () => {
    stopped = true;
    clearInterval(fixtures);
    if (retry) clearTimeout(retry);
    if (started) await provider.stop();
    if (lock) await lock.release();
  };
}
