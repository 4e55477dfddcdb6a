import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** Plans: publish, browse, buy; subscriptions; settlement. */
export async function registerPlansRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
