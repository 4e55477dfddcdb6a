/**
 * Tracking pushes (when JOBS is on): every minute, the tracking events that fell due since the last tick
 * (app clock) are published to their buyers on `user:<id>` as {kind:'notice', topic:'shop.tracking'}.
 * A lost push is not lost data: /shop/express/info reads the provider when opened.
 */

import { nowMs } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { dueEvents } from './tracking-service';

export const TRACKING_TICK_MS = 60_000;

export async function pushTracking(
  deps: Pick<AppDeps, 'db' | 'hub'>,
  since: number,
  until: number,
): Promise<number> {
  const due = await dueEvents(deps.db, since, until);
  for (const e of due)
    await deps.hub.publish(`user:${e.userId}`, {
      kind: 'notice',
      topic: 'shop.tracking',
      status: e.code,
      id: e.orderId,
    });
  return due.length;
}

export async function startTrackingJobs(deps: Pick<AppDeps, 'db' | 'hub'>): Promise<() => Promise<void>> {
  let last = nowMs();
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        if (stopped) return;
        const until = nowMs();
        await pushTracking(deps, last, until);
        last = until;
      })
      .catch((err) => console.warn(`[aftersales] tracking push failed: ${(err as Error).message}`));
  }, TRACKING_TICK_MS);
  timer.unref?.();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
