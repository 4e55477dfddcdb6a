import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** Real-name verification: submit and status. */
export async function registerRealnameRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
