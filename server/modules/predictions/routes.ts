import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** AI predictions from a model fitted on the seeded results. */
export async function registerPredictionsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
