import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps';

/** Match (and later live-room) chat: history, send, report. */
export async function registerChatRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
