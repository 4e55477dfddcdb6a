/**
 * GET /ws?token=<session token>: one socket per client. The token is checked like a request's
 * (unknown/expired/kicked sessions get an error message and the socket is closed).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../http/deps';
import { msgFor } from '../http/i18n';
import { resolveToken } from '../modules/auth/sessions';

export const AUTH_FAILED_CLOSE_CODE = 4401;

export async function registerRealtimeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Querystring: { token?: string } }>(
    '/ws',
    { websocket: true, config: { auth: 'none' } },
    async (socket, request) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const session = token && token.length <= 200 ? await resolveToken(deps.db, token) : null;
      if (!session?.ok) {
        const code = session ? session.code : 100200;
        socket.send(
          JSON.stringify({ type: 'error', code, msg: msgFor(code, request.headers['accept-language']) }),
        );
        socket.close(AUTH_FAILED_CLOSE_CODE, 'unauthorized');
        return;
      }
      deps.hub.attach(socket, { sessionId: session.sessionId, userId: session.userId });
    },
  );
}
