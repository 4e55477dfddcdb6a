import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** Operator console API: review queues (real-name, expert applications, withdrawals), ban/unban. */
export async function registerOpsRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
