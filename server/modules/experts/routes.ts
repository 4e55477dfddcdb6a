import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** Expert certification, expert lists and homes, follows, ads, statistics and rankings. */
export async function registerExpertsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
