/** The rooms' routes (see routes.ts for the list): the public list and detail, the creator's side. */
import { liveTopic } from '../../../contracts/live';
import { requireUserId } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { langFrom } from '../../http/i18n';
import { id, idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { creatorIncome } from './income-service';
import { assertNotBanned } from './moderation-service';
import {
  creatorResponse,
  endResponse,
  incomeResponse,
  matchOptionsResponse,
  roomDetailResponse,
  roomsPageResponse,
} from './responses';
import { withMatches } from './room-matches';
import {
  assertCreator,
  createRoom,
  creatorState,
  endRoom,
  listRooms,
  matchOptions,
  roomDetail,
  roomRow,
  rotateKey,
} from './rooms-service';
import { type LiveRoutes, summaryOf } from './routes-context';

export function registerRoomRoutes({ app, db, hub, media, origin, mediaInfo }: LiveRoutes): void {
  app.get(
    '/mdr/api/v1/live/rooms',
    {
      schema: {
        response: roomsPageResponse,
        querystring: {
          type: 'object',
          properties: {
            status: { enum: ['idle', 'live', 'ended', 'open'] },
            match_id: id,
            ...paging,
          },
        },
      },
    },
    async (request) => {
      const page = await listRooms(db, {
        status: request.query.status,
        matchId: request.query.match_id,
        page: request.query.page ?? 1,
        size: request.query.size ?? 10,
      });
      const lang = langFrom(request.headers['accept-language']);
      return ok({ ...page, list: await withMatches(db, page.list, lang) });
    },
  );

  app.get(
    '/mdr/api/v1/live/rooms/:id',
    { schema: { response: roomDetailResponse, params: idParams } },
    async (request) => {
      // a viewer banned from the room gets 170402 (with the ban's end) instead of the room
      await assertNotBanned(db, request.params.id, request.auth.userId);
      return ok(await roomDetail(db, request.params.id, request.auth.userId, mediaInfo()));
    },
  );

  app.post(
    '/mdr/api/v1/live/rooms',
    {
      config: { auth: 'user' },
      schema: { response: roomDetailResponse, body: dataSchema('live-room-create') },
    },
    async (request) => ok(await createRoom(db, requireUserId(request), request.body, mediaInfo())),
  );

  app.post(
    '/mdr/api/v1/live/rooms/:id/key',
    { config: { auth: 'user' }, schema: { response: roomDetailResponse, params: idParams } },
    async (request) => {
      const me = requireUserId(request);
      await assertCreator(db, me);
      const rotated = await rotateKey(db, me, request.params.id, mediaInfo());
      media.stopRoom(request.params.id);
      return ok(rotated.room);
    },
  );

  app.post(
    '/mdr/api/v1/live/rooms/:id/end',
    { config: { auth: 'user' }, schema: { response: endResponse, params: idParams } },
    async (request) => {
      const me = requireUserId(request);
      const row = await endRoom(db, me, request.params.id);
      media.stopRoom(row.id);
      await origin.clear(row.id);
      await hub.publish(liveTopic(row.id), { kind: 'status', room_id: row.id, status: 'ended' });
      return ok(await summaryOf(db, row));
    },
  );

  app.get(
    '/mdr/api/v1/live/rooms/:id/summary',
    { schema: { response: endResponse, params: idParams } },
    async (request) => {
      const row = await roomRow(db, request.params.id);
      return ok(await summaryOf(db, row));
    },
  );

  app.get(
    '/mdr/api/v1/live/creator',
    { config: { auth: 'user' }, schema: { response: creatorResponse } },
    async (request) => ok(await creatorState(db, requireUserId(request))),
  );

  app.get(
    '/mdr/api/v1/live/match-options',
    { config: { auth: 'user' }, schema: { response: matchOptionsResponse } },
    async (request) => {
      await assertCreator(db, requireUserId(request));
      return ok(await matchOptions(db, langFrom(request.headers['accept-language'])));
    },
  );

  app.get(
    '/mdr/api/v1/live/income',
    { config: { auth: 'user' }, schema: { response: incomeResponse } },
    async (request) => {
      const me = requireUserId(request);
      await assertCreator(db, me);
      return ok(await creatorIncome(db, me));
    },
  );
}
