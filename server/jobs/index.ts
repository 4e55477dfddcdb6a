/**
 * Background work of a node (when JOBS is on): the match feed, plan settlement and subscription
 * renewal, expiry of unpaid recharge orders, shop order auto-cancel, auto-confirm and auto-complete, points exchanges unpaid or shipped, erasure of accounts whose deletion cooling-off is over. Each part returns its stop function; all are stopped
 * when the app closes.
 *
 * They start after the server is ready without holding it up: the feed first tops up fixtures and
 * catches up matches played while the node was down, which can take seconds, and the app must answer
 * meanwhile (clients see the catch-up arrive over the websocket).
 */
import type { FastifyInstance } from 'fastify';
import { startFeed } from '../feed';
import { startTrackingJobs } from '../modules/aftersales';
import { startDeletionJob } from '../modules/auth';
import { startNewsJobs } from '../modules/news';
import { startOrderJobs } from '../modules/orders';
import { startPlanJobs } from '../modules/plans';
import { startPointsJobs } from '../modules/points';
import { eraseRealName } from '../modules/realname';
import { startRechargeExpiry } from '../modules/wallet';

export function registerJobs(app: FastifyInstance): void {
  if (!app.deps.config.jobs) return;
  const stops: (() => Promise<void>)[] = [];
  let starting: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    starting = (async () => {
      stops.push(await startFeed(app.deps, app.log.child({ job: 'feed' })));
      stops.push(await startPlanJobs(app.deps));
      stops.push(await startNewsJobs(app.deps));
      stops.push(await startRechargeExpiry(app.deps));
      stops.push(await startOrderJobs(app.deps));
      stops.push(await startPointsJobs(app.deps));
      stops.push(await startTrackingJobs(app.deps));
      stops.push(await startDeletionJob(app.deps, [eraseRealName]));
    })().catch((err) => app.log.error({ err }, 'background jobs failed to start'));
  });
  app.addHook('onClose', async () => {
    await starting;
    for (const stop of stops.reverse()) await stop();
  });
}
