import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** Match lists, detail, events, statistics, lineups, odds, data, intelligence, lottery lists, support, booking. */
export async function registerMatchesRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
