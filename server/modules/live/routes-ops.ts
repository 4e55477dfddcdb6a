/** The console's live routes (operator, role reviewer; see routes.ts for the list). All writes audited. */
import { liveTopic } from '../../../contracts/live';
import { requireUserId } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { id, idParams, paging } from '../../http/route-kit';
import {
  banCreator,
  grantCreator,
  opsCreators,
  opsEndRoom,
  opsRooms,
  opsRotateKey,
  revokeCreator,
} from './ops-service';
import {
  creatorGrantResponse,
  creatorRevokedResponse,
  endResponse,
  opsCreatorsPageResponse,
  opsRoomsPageResponse,
  opsRotateResponse,
} from './responses';
import { roomRow } from './rooms-service';
import { type LiveRoutes, summaryOf } from './routes-context';

export function registerOpsLiveRoutes({ app, db, hub, media, origin }: LiveRoutes): void {
  const reviewer = { auth: 'operator' as const, opsRole: 'reviewer' as const };
  const reason = { type: 'string', minLength: 1, maxLength: 200 } as const;

  app.post(
    '/mdr/api/v1/ops/live/creators',
    {
      config: reviewer,
      schema: {
        response: creatorGrantResponse,
        body: {
          type: 'object',
          required: ['user_id'],
          additionalProperties: false,
          properties: { user_id: id },
        },
      },
    },
    async (request) => ok(await grantCreator(db, request.body.user_id, requireUserId(request))),
  );

  app.post(
    '/mdr/api/v1/ops/live/creators/:id/ban',
    {
      config: reviewer,
      schema: {
        response: creatorGrantResponse,
        params: idParams,
        body: {
          type: 'object',
          required: ['days', 'reason'],
          additionalProperties: false,
          properties: { days: { type: 'integer', minimum: 1, maximum: 3650 }, reason },
        },
      },
    },
    async (request) => {
      const banned = await banCreator(
        db,
        request.params.id,
        request.body.days,
        request.body.reason,
        requireUserId(request),
      );
      for (const roomId of banned.ended_rooms) {
        media.stopRoom(roomId);
        await hub.publish(liveTopic(roomId), { kind: 'status', room_id: roomId, status: 'ended' });
      }
      return ok({ user_id: banned.user_id, banned_until: banned.banned_until });
    },
  );

  app.get(
    '/mdr/api/v1/ops/live/creators',
    {
      config: reviewer,
      schema: {
        response: opsCreatorsPageResponse,
        querystring: { type: 'object', properties: { ...paging } },
      },
    },
    async (request) =>
      ok(await opsCreators(db, { page: request.query.page ?? 1, size: request.query.size ?? 20 })),
  );

  app.post(
    '/mdr/api/v1/ops/live/creators/:id/revoke',
    {
      config: reviewer,
      schema: {
        response: creatorRevokedResponse,
        params: idParams,
        body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason } },
      },
    },
    async (request) => {
      const revoked = await revokeCreator(db, request.params.id, request.body.reason, requireUserId(request));
      for (const roomId of revoked.ended_rooms) {
        media.stopRoom(roomId);
        await hub.publish(liveTopic(roomId), { kind: 'status', room_id: roomId, status: 'ended' });
      }
      return ok(revoked);
    },
  );

  app.post(
    '/mdr/api/v1/ops/live/rooms/:id/end',
    {
      config: reviewer,
      schema: {
        response: endResponse,
        params: idParams,
        body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason } },
      },
    },
    async (request) => {
      await opsEndRoom(db, request.params.id, request.body.reason, requireUserId(request));
      media.stopRoom(request.params.id);
      await origin.clear(request.params.id);
      await hub.publish(liveTopic(request.params.id), {
        kind: 'status',
        room_id: request.params.id,
        status: 'ended',
      });
      const row = await roomRow(db, request.params.id);
      return ok(await summaryOf(db, row));
    },
  );

  app.get(
    '/mdr/api/v1/ops/live/rooms',
    {
      config: reviewer,
      schema: {
        response: opsRoomsPageResponse,
        querystring: {
          type: 'object',
          properties: { status: { enum: ['all', 'idle', 'live', 'ended'] }, ...paging },
        },
      },
    },
    async (request) =>
      ok(
        await opsRooms(db, {
          status: request.query.status ?? 'all',
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );

  app.post(
    '/mdr/api/v1/ops/live/rooms/:id/key',
    {
      config: reviewer,
      schema: {
        response: opsRotateResponse,
        params: idParams,
        body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason } },
      },
    },
    async (request) => {
      const rotated = await opsRotateKey(db, request.params.id, request.body.reason, requireUserId(request));
      // the stream on the old key is cut; the creator reconnects with the new key
      media.stopRoom(request.params.id);
      return ok(rotated);
    },
  );
}
