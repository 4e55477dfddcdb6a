/**
 * Keeps the feed alive: a match that reaches its final status gets its automatic report at once
 * (the feed's onMatchFinished hook), and a sweep every 20 s writes any report a missed notification
 * or a restart left out (matches finished in the last two days). Safe on several nodes: a report is
 * unique per match.
 */
import * as feed from '../../feed';
import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { invalidateFeed } from './news-service';
import { generateMissingReports } from './report';

export const NEWS_SWEEP_MS = 20_000;
const WINDOW_MS = 2 * 86_400_000;

type FinishedHook = (listener: (matchId: number) => void) => (() => void) | undefined;

export async function startNewsJobs(deps: AppDeps): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(async () => {
        if (stopped) return;
        const now = nowMs();
        const made = await generateMissingReports(deps.db, { sinceMs: now - WINDOW_MS, untilMs: now });
        if (made.length) invalidateFeed(deps.db);
      })
      .catch((err) => console.warn(`[news] report sweep failed: ${(err as Error).message}`));
    return running;
  };
  const hook = (feed as unknown as { onMatchFinished?: FinishedHook }).onMatchFinished;
  const off = hook ? hook(() => void sweep()) : undefined;
  const timer = setInterval(sweep, NEWS_SWEEP_MS);
  timer.unref?.();
  sweep();
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (typeof off === 'function') off();
    await running;
  };
}
