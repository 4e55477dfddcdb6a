/**
 * Live streams (issue 14); the routes live in routes-rooms.ts, routes-gifts.ts and routes-ops.ts:
 *   GET  /mdr/api/v1/live/rooms?status=&match_id=&page=&size=  rooms (live by default; open = idle or live), with creator, viewers, lines, linked match
 *   GET  /mdr/api/v1/live/rooms/{id}                            one room; its creator also gets stream key + RTMP URL
 *   POST /mdr/api/v1/live/rooms {title, cover?, category, match_id?}   (creator) a new room with its stream key
 *   POST /mdr/api/v1/live/rooms/{id}/key                        (creator, own room) rotate the key, cut the stream
 *   POST /mdr/api/v1/live/rooms/{id}/end                        (creator, own room) end for good -> end-page numbers
 *   GET  /mdr/api/v1/live/rooms/{id}/summary                    the end page's numbers (public)
 *   GET  /mdr/api/v1/live/creator                               (login) whether the caller may create rooms; open_room_id: their idle/live room
 *   GET  /mdr/api/v1/live/gifts                                 the gift catalogue (config: gifts.json)
 *   POST /mdr/api/v1/live/rooms/{id}/gifts {gift_id, tap_id}    (login) send: ledger debit, combo pushed on live:<id>
 *   GET  /mdr/api/v1/live/rooms/{id}/ranking                    top senders of the room
 *   POST /mdr/api/v1/live/rooms/{id}/lucky-bags {total, shares, mode, seconds, tap_id}  (creator, own room) drop a bag
 *   GET  /mdr/api/v1/live/rooms/{id}/lucky-bag                  the room's newest bag (drawn on sight when due)
 *   POST /mdr/api/v1/live/lucky-bags/{id}/join                  (login) join before the countdown ends, once
 *   GET  /mdr/api/v1/live/match-options                         (creator) matches a new room may link to (the form's picker)
 *   GET  /mdr/api/v1/live/income                                (creator) income per room; carry_hundredths: the fraction not credited yet
 *   GET, POST /mdr/api/v1/live/rooms/{id}/sanctions; DELETE .../sanctions/{user_id}   chat moderation (routes-moderation.ts)
 *   POST /mdr/api/v1/ops/live/creators {user_id}               (operator, reviewer) grant the creator role (real name first)
 *   POST /mdr/api/v1/ops/live/creators/{id}/ban {days, reason} (operator, reviewer) ban; their open rooms end
 *   GET  /mdr/api/v1/ops/live/creators?page=&size=              (operator, reviewer) creators with their ban
 *   POST /mdr/api/v1/ops/live/creators/{id}/revoke {reason}     (operator, reviewer) take the right; open rooms end
 *   POST /mdr/api/v1/ops/live/rooms/{id}/end {reason}           (operator, reviewer) end a stream
 *   GET  /mdr/api/v1/ops/live/rooms?status=all|idle|live|ended   (operator, reviewer) rooms with viewers, gifts, coins
 *   POST /mdr/api/v1/ops/live/rooms/{id}/key {reason}           (operator, reviewer) rotate the key, cut the stream
 *   POST /mdr/api/v1/live/rooms/{id}/cover {style}            (creator, own room) a generated cover (routes-covers.ts)
 *   GET  /live-covers/{room}-{style}.svg                       generated covers (SVG from the match's clubs or the title)
 *   GET  /live-hls/{room}/{line}/{file}                         HLS playlists and segments (through the origin)
 */
import type { FastifyInstance } from 'fastify';
import { liveTopic } from '../../../contracts/live';
import type { AppDeps } from '../../http/deps';
import { ApiError, E } from '../../http/errors';
import { typed } from '../../http/type-provider';
import { registerRoomGuard } from '../chat';
import { drawDueBags } from './lucky-bag-service';
import { localOrigin } from './media/origin';
import { createLiveMedia, type LiveMedia } from './media/service';
import { guardLiveChat } from './moderation-service';
import { touch, viewerCount, watchedRooms } from './presence';
import { LINES, notePeak } from './rooms-service';
import { registerCoverRoutes } from './routes-covers';
import { registerGiftRoutes } from './routes-gifts';
import { pushBag, registerLuckyBagRoutes } from './routes-lucky-bag';
import { registerModerationRoutes } from './routes-moderation';
import { registerOpsLiveRoutes } from './routes-ops';
import { registerRoomRoutes } from './routes-rooms';

/** the packager's files: the playlist, the fMP4 init segment and media segments (MPEG-TS kept for old lines) */
const hlsFile = /^(index\.m3u8|init\.mp4|index[0-9]{1,9}\.(m4s|ts))$/;
const hlsType = (file: string) =>
  file.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : file.endsWith('.ts')
      ? 'video/mp2t'
      : 'video/mp4';

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
  let drawer: NodeJS.Timeout | null = null;
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
    // lucky bags are drawn when their countdown ends and the result pushed to the room
    let drawing = false;
    drawer = setInterval(() => {
      if (drawing) return;
      drawing = true;
      void drawDueBags(db)
        .then(async (drawn) => {
          for (const bag of drawn) await pushBag(db, hub, bag);
        })
        .catch((err) => root.log.warn(`lucky bag draw: ${String(err)}`))
        .finally(() => {
          drawing = false;
        });
    }, 1000);
    drawer.unref();
  });
  root.addHook('onClose', async () => {
    if (pusher) clearInterval(pusher);
    if (drawer) clearInterval(drawer);
    await media.stop();
  });
  const mediaInfo = () => ({ rtmpBase: media.rtmpBase() });

  const ctx = { app, db, hub, media, origin, mediaInfo };
  registerRoomRoutes(ctx);
  registerGiftRoutes(ctx);
  registerLuckyBagRoutes(ctx);
  registerOpsLiveRoutes(ctx);
  registerModerationRoutes(ctx);
  registerCoverRoutes(ctx);
  // the chat's "live-<id>" rooms: the room exists, banned viewers stay out, muted ones do not send
  registerRoomGuard('live', guardLiveChat);

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
      // the init segment is rewritten when a stream starts again: never kept past its line's playlist
      const v = (request.query as { v?: unknown }).v;
      // the player's latency chip compares the segments' program dates with the server's clock
      if (playlist) {
        // the live edge by the server's clock: when the newest segment was finished (origin.ts)
        const edge = await origin.modifiedAt(roomId, line, file);
        if (edge !== null) reply.header('x-edge-at', String(Math.round(edge)));
        reply.header('x-server-now', String(Date.now()));
      }
      if (playlist && typeof v === 'string' && /^[A-Za-z0-9_-]{8,40}$/.test(v)) touch(roomId, v);
      return reply
        .type(hlsType(file))
        .header('cache-control', playlist || file === 'init.mp4' ? 'no-cache' : 'public, max-age=30')
        .send(body);
    },
  );
}
