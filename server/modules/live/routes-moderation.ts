/**
 * Chat moderation of a live room (the room's owner, or an operator with console role reviewer):
 *   GET    /mdr/api/v1/live/rooms/{id}/sanctions                 muted and banned viewers whose sanction holds
 *   POST   /mdr/api/v1/live/rooms/{id}/sanctions {user_id, kind: mute|ban, minutes?}   (minutes omitted: a ban until revoked)
 *   DELETE /mdr/api/v1/live/rooms/{id}/sanctions/{user_id}?kind=  revoke (kind omitted: both)
 * Each change is pushed on the room's chat topic (chat:live-<id>) as {kind: 'sanction', ...}, so the
 * viewer concerned sees the notice at once; a ban also tells the room page (live:<id>) and drops the
 * banned viewer's subscriptions to the chat topic (the chat module's topic guard refuses new ones).
 */
import { roomTopic } from '../../../contracts/chat';
import { liveTopic } from '../../../contracts/live';
import { requireUserId } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { E } from '../../http/errors';
import { id, idParams } from '../../http/route-kit';
import { imposeSanction, listSanctions, revokeSanction, type SanctionKind } from './moderation-service';
import { sanctionResponse, sanctionRevokedResponse, sanctionsResponse } from './responses';
import type { LiveRoutes } from './routes-context';

const kind = { type: 'string', enum: ['mute', 'ban'] } as const;

export function registerModerationRoutes({ app, db, hub }: LiveRoutes): void {
  const push = async (roomId: number, event: Record<string, unknown>) => {
    await hub.publish(roomTopic(`live-${roomId}`), { kind: 'sanction', room_id: roomId, ...event });
    if (event.sanction === 'ban' || (event.revoked as string[] | undefined)?.includes('ban'))
      await hub.publish(liveTopic(roomId), { kind: 'sanction', room_id: roomId, ...event });
  };

  app.get(
    '/mdr/api/v1/live/rooms/:id/sanctions',
    { config: { auth: 'user' }, schema: { response: sanctionsResponse, params: idParams } },
    async (request) => ok(await listSanctions(db, request.params.id, requireUserId(request))),
  );

  app.post(
    '/mdr/api/v1/live/rooms/:id/sanctions',
    {
      config: { auth: 'user' },
      schema: {
        response: sanctionResponse,
        params: idParams,
        body: {
          type: 'object',
          required: ['user_id', 'kind'],
          additionalProperties: false,
          properties: {
            user_id: id,
            kind,
            // up to 30 days; a ban without minutes holds until revoked, a mute without them lasts 10 min
            minutes: { type: 'integer', minimum: 1, maximum: 43_200 },
          },
        },
      },
    },
    async (request) => {
      const done = await imposeSanction(db, request.params.id, requireUserId(request), request.body);
      await push(done.room_id, { user_id: done.user_id, sanction: done.kind, until: done.until });
      // a banned viewer stops reading the room's chat at once (the sanction event above told them why)
      if (done.kind === 'ban')
        await hub.evict(roomTopic(`live-${done.room_id}`), done.user_id, E.LIVE_ROOM_BANNED);
      return ok(done);
    },
  );

  app.delete(
    '/mdr/api/v1/live/rooms/:id/sanctions/:user_id',
    {
      config: { auth: 'user' },
      schema: {
        response: sanctionRevokedResponse,
        params: {
          type: 'object',
          required: ['id', 'user_id'],
          properties: { id, user_id: id },
        },
        querystring: { type: 'object', additionalProperties: false, properties: { kind } },
      },
    },
    async (request) => {
      const done = await revokeSanction(
        db,
        request.params.id,
        requireUserId(request),
        request.params.user_id,
        request.query.kind as SanctionKind | undefined,
      );
      await push(done.room_id, { user_id: done.user_id, revoked: done.revoked });
      return ok(done);
    },
  );
}
