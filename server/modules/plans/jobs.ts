/**
 * Plan settlement and subscription renewal, on a timer; safe on several nodes at once (settlement
 * claims plans with SKIP LOCKED and posts idempotent ledger entries; renewal claims one subscription at
 * a time the same way). A finished match is settled at once through the feed's onMatchFinished hook,
 * and a sweep every ~10 s catches anything a missed notification (or a restart) left behind.
 */

import { onMatchFinished } from '../../feed';
import type { AppDeps } from '../../http/deps';
import { pushUnread } from '../messages';
import { renewDue } from './renewal';
import { type SettleReport, settleDue } from './settlement';

export const SWEEP_MS = 10_000;

export async function startPlanJobs(deps: AppDeps): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const log = (what: string, err: unknown) =>
    console.warn(`[plans] ${what} failed: ${(err as Error).message}`);

  const notify = async (r: SettleReport) => {
    for (const id of r.experts)
      await deps.hub.publish(`user:${id}`, { kind: 'notice', type: 'plans_settled' }).catch(() => {});
    // buyers got a system message each: their badges and message centres update at once
    for (const id of r.told) await pushUnread(deps.db, deps.hub, id);
  };
  const settle = (matchId?: number) => {
    running = running
      .then(() => (stopped ? null : settleDue(deps.db, { matchId })))
      .then((r) => (r ? notify(r) : undefined))
      .catch((err) => log('settlement', err));
    return running;
  };
  const sweep = () => {
    settle();
    running = running.then(() => (stopped ? null : renewDue(deps))).catch((err) => log('renewal', err));
  };

  const off = onMatchFinished((matchId) => void settle(matchId));
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref?.();
  sweep();
  return async () => {
    stopped = true;
    clearInterval(timer);
    off();
    await running;
  };
}
