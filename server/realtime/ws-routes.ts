/**
 * GET /ws?token=<session token>: one socket per client. The token is checked like a request's
 * (unknown/expired/kicked sessions get an error message and the socket is closed).
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_FAILED_CLOSE_CODE, type ServerMessage } from '../../contracts/realtime';
import type { AppDeps } from '../http/deps';
import { ok } from '../http/envelope';
import { msgFor } from '../http/i18n';
import { typed } from '../http/type-provider';
import { resolveToken } from '../modules/auth';

export async function registerRealtimeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Querystring: { token?: string } }>(
    '/ws',
    { websocket: true, config: { auth: 'none' } },
    async (socket, request) => {
      // A client subscribes as soon as the socket opens, while the token is still being checked:
      // hold those messages (a few; more is not a client of ours) and hand them over after attach.
      const early: Buffer[] = [];
      const hold = (data: Buffer) => {
        if (early.length < 64) early.push(data);
      };
      socket.on('message', hold);
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const session = token && token.length <= 200 ? await resolveToken(deps.db, token) : null;
      socket.off('message', hold);
      if (!session?.ok) {
        const code = session ? session.code : 100200;
        const refused: ServerMessage = {
          type: 'error',
          code,
          msg: msgFor(code, request.headers['accept-language']),
        };
        socket.send(JSON.stringify(refused));
        socket.close(AUTH_FAILED_CLOSE_CODE, 'unauthorized');
        return;
      }
      const lang = request.headers['accept-language'];
      deps.hub.attach(socket, {
        sessionId: session.sessionId,
        userId: session.userId,
        describe: (code) => msgFor(code, lang),
      });
      for (const data of early) socket.emit('message', data, false);
    },
  );

  // Dev only (with the dev outbox, never in production): publish on a topic from outside, for the
  // cross-node test and the fan-out benchmark.
  if (!deps.config.devOutbox) return;
  // the body's type comes from its schema (type provider); /ws has no schema, its query is read as is
  typed(app).post(
    '/dev/realtime/publish',
    {
      config: { auth: 'none' },
      schema: {
        body: {
          type: 'object',
          required: ['topic', 'data'],
          additionalProperties: false,
          properties: {
            topic: { type: 'string', minLength: 3, maxLength: 100 },
            data: {},
            seq: { type: 'integer', minimum: 1 },
          },
        },
      },
    },
    async (request) => {
      const { topic, data, seq } = request.body;
      return ok({ seq: await deps.hub.publish(topic, data, seq ? { seq } : undefined) });
    },
  );
}
