/**
 * Background work of a node (when JOBS is on): the match feed, plan settlement and subscription
 * renewal. Each part returns its stop function; all are stopped when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import { startFeed } from '../feed';
import { startPlanJobs } from '../modules/plans/jobs';

export function registerJobs(app: FastifyInstance): void {
  if (!app.deps.config.jobs) return;
  const stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    stops.push(await startFeed(app.deps));
    stops.push(await startPlanJobs(app.deps));
  });
  app.addHook('onClose', async () => {
    for (const stop of stops.reverse()) await stop();
  });
}
