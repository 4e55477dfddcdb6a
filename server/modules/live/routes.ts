/**
 * Live streams (issue 14):
 *   GET  /mdr/api/v1/live/rooms?status=&match_id=&page=&size=  rooms (live by default), with creator, viewers, lines
 *   GET  /mdr/api/v1/live/rooms/{id}                            one room; its creator also gets stream key + RTMP URL
 *   POST /mdr/api/v1/live/rooms {title, cover?, category, match_id?}   (creator) a new room with its stream key
 *   POST /mdr/api/v1/live/rooms/{id}/key                        (creator, own room) rotate the key, cut the stream
 *   POST /mdr/api/v1/live/rooms/{id}/end                        (creator, own room) end for good -> end-page numbers
 *   GET  /mdr/api/v1/live/rooms/{id}/summary                    the end page's numbers (public)
 *   GET  /mdr/api/v1/live/creator                               (login) whether the caller may create rooms
 *   GET  /mdr/api/v1/live/gifts                                 the gift catalogue (config: gifts.json)
 *   POST /mdr/api/v1/live/rooms/{id}/gifts {gift_id, tap_id}    (login) send: ledger debit, combo pushed on live:<id>
 *   GET  /mdr/api/v1/live/rooms/{id}/ranking                    top senders of the room
 *   GET  /mdr/api/v1/live/income                                (creator) income from gifts per room
 *   POST /mdr/api/v1/ops/live/creators {user_id}               (operator, reviewer) grant the creator role (real name first)
 *   POST /mdr/api/v1/ops/live/creators/{id}/ban {days, reason} (operator, reviewer) ban; their open rooms end
 *   POST /mdr/api/v1/ops/live/rooms/{id}/end {reason}           (operator, reviewer) end a stream
 *   GET  /live-hls/{room}/{line}/{file}                         HLS playlists and segments (through the origin)
 */
import type { FastifyInstance } from 'fastify';
import { liveTopic } from '../../../contracts/live';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { id, idParams, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { giftList, giftRanking, roomTotals, sendGift } from './gifts-service';
import { creatorIncome } from './income-service';
import { localOrigin } from './media/origin';
import { createLiveMedia, type LiveMedia } from './media/service';
import { banCreator, grantCreator, opsEndRoom } from './ops-service';
import { touch, viewerCount, watchedRooms } from './presence';
import {
  creatorGrantResponse,
  creatorResponse,
  endResponse,
  giftSentResponse,
  giftsResponse,
  incomeResponse,
  rankingResponse,
  roomDetailResponse,
  roomsPageResponse,
} from './responses';
import {
  assertCreator,
  createRoom,
  endRoom,
  isCreator,
  LINES,
  listRooms,
  notePeak,
  type RoomRow,
  roomDetail,
  roomRow,
  rotateKey,
} from './rooms-service';

const hlsFile = /^(index\.m3u8|index[0-9]{1,9}\.ts)$/;

function summaryOf(row: RoomRow, totals: Awaited<ReturnType<typeof roomTotals>>) {
  const start = row.startedAt?.getTime() ?? null;
  const end = row.endedAt?.getTime() ?? Date.now();
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    duration_seconds: start === null ? 0 : Math.max(0, Math.round((end - start) / 1000)),
    peak_viewers: row.peakViewers,
    gifts: totals.gifts,
    coins: totals.coins,
    income: totals.income,
    senders: totals.senders,
    started_at: row.startedAt ? row.startedAt.toISOString() : null,
    ended_at: row.endedAt ? row.endedAt.toISOString() : null,
  };
}

export async function registerLiveRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db, hub, config } = deps;
  const origin = localOrigin(config.dataDir);
  const lastViewers = new Map<number, number>();
  const media: LiveMedia = createLiveMedia({
    db,
    origin,
    dataDir: config.dataDir,
    rtmpPort: config.liveRtmpPort,
    rtmpHost: config.host,
    publicHost: config.publicUrl
      ? new URL(config.publicUrl).hostname
      : config.host === '0.0.0.0'
        ? 'localhost'
        : config.host,
    demo: config.liveDemo,
    log: { info: (m) => root.log.info(m), warn: (m) => root.log.warn(m) },
    onStatus: (roomId, status) =>
      void hub.publish(liveTopic(roomId), { kind: 'status', room_id: roomId, status }),
  });
  let pusher: NodeJS.Timeout | null = null;
  // media and the viewer pusher run only in a listening server: app.inject tests never start ffmpeg
  root.addHook('onListen', async () => {
    await media.start();
    pusher = setInterval(() => {
      for (const roomId of new Set([...watchedRooms(), ...lastViewers.keys()])) {
        const viewers = viewerCount(roomId);
        if (lastViewers.get(roomId) === viewers) continue;
        if (viewers) lastViewers.set(roomId, viewers);
        else lastViewers.delete(roomId);
        void hub.publish(liveTopic(roomId), { kind: 'viewers', room_id: roomId, viewers });
        void notePeak(db, roomId, viewers).catch(() => {});
      }
    }, 2000);
    pusher.unref();
  });
  root.addHook('onClose', async () => {
    if (pusher) clearInterval(pusher);
    await media.stop();
  });
  const mediaInfo = () => ({ rtmpBase: media.rtmpBase() });

  app.get(
    '/mdr/api/v1/live/rooms',
    {
      schema: {
        response: roomsPageResponse,
        querystring: {
          type: 'object',
          properties: {
            status: { enum: ['idle', 'live', 'ended'] },
            match_id: id,
            ...paging,
          },
        },
      },
    },
    async (request) =>
      ok(
        await listRooms(db, {
          status: request.query.status,
          matchId: request.query.match_id,
          page: request.query.page ?? 1,
          size: request.query.size ?? 10,
        }),
      ),
  );

  app.get(
    '/mdr/api/v1/live/rooms/:id',
    { schema: { response: roomDetailResponse, params: idParams } },
    async (request) => ok(await roomDetail(db, request.params.id, request.auth.userId, mediaInfo())),
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
      return ok(summaryOf(row, await roomTotals(db, row.id)));
    },
  );

  app.get(
    '/mdr/api/v1/live/rooms/:id/summary',
    { schema: { response: endResponse, params: idParams } },
    async (request) => {
      const row = await roomRow(db, request.params.id);
      return ok(summaryOf(row, await roomTotals(db, row.id)));
    },
  );

  app.get(
    '/mdr/api/v1/live/creator',
    { config: { auth: 'user' }, schema: { response: creatorResponse } },
    async (request) => ok({ creator: await isCreator(db, requireUserId(request)) }),
  );

  app.get('/mdr/api/v1/live/gifts', { schema: { response: giftsResponse } }, async () => ok(giftList()));

  app.post(
    '/mdr/api/v1/live/rooms/:id/gifts',
    {
      config: { auth: 'user' },
      schema: {
        response: giftSentResponse,
        params: idParams,
        // server-only body (no client form validates it): inline, so the client's validator table stays small
        body: {
          type: 'object',
          required: ['gift_id', 'tap_id'],
          additionalProperties: false,
          properties: {
            gift_id: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z0-9_-]+$' },
            // made by the client per tap: a retry with the same tap_id charges once
            tap_id: { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
          },
        },
      },
    },
    async (request) => {
      const me = requireUserId(request);
      const sent = await sendGift(db, request.params.id, me, request.body.gift_id, request.body.tap_id);
      if (!sent.duplicate)
        await hub.publish(liveTopic(sent.room_id), {
          kind: 'gift',
          room_id: sent.room_id,
          gift_id: sent.gift_id,
          combo: sent.combo,
          combo_seconds: sent.combo_seconds,
          user: sent.user,
          tap_id: sent.tap_id,
        });
      const { user: _sender, ...answer } = sent;
      return ok(answer);
    },
  );

  app.get(
    '/mdr/api/v1/live/rooms/:id/ranking',
    { schema: { response: rankingResponse, params: idParams } },
    async (request) => ok(await giftRanking(db, request.params.id)),
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
      return ok(summaryOf(row, await roomTotals(db, row.id)));
    },
  );

  app.get<{ Params: { room: string; line: string; file: string }; Querystring: { v?: string } }>(
    '/live-hls/:room/:line/:file',
    {
      schema: {
        hide: true,
        response: {
          200: {
            description: 'an HLS playlist or segment',
            content: { 'application/vnd.apple.mpegurl': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { room, line, file } = request.params;
      const roomId = Number(room);
      if (
        !/^[1-9][0-9]{0,9}$/.test(room) ||
        !(LINES as readonly string[]).includes(line) ||
        !hlsFile.test(file)
      )
        throw new ApiError(E.NOT_FOUND);
      const body = await origin.read(roomId, line, file);
      if (!body) throw new ApiError(E.NOT_FOUND);
      const playlist = file.endsWith('.m3u8');
      const v = (request.query as { v?: unknown }).v;
      if (playlist && typeof v === 'string' && /^[A-Za-z0-9_-]{8,40}$/.test(v)) touch(roomId, v);
      return reply
        .type(playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', playlist ? 'no-cache' : 'public, max-age=30')
        .send(body);
    },
  );
}
