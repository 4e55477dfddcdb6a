/**
 * Generated covers (covers.ts):
 *   GET  /live-covers/{room}-{style}.svg                 the room's cover drawn in that style (public)
 *   POST /mdr/api/v1/live/rooms/{id}/cover {style}        (creator, own room) use a generated cover
 */
import { eq } from 'drizzle-orm';
import { liveRooms } from '../../db/schema';
import { requireUserId } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { idParams } from '../../http/route-kit';
import { COVER_STYLES, type CoverStyle, coverFacts, coverPath, coverSvg } from './covers';
import { roomDetailResponse } from './responses';
import { assertCreator, roomDetail, roomRow } from './rooms-service';
import type { LiveRoutes } from './routes-context';

const coverFile = new RegExp(`^([1-9][0-9]{0,9})-(${COVER_STYLES.join('|')})\\.svg$`);

export function registerCoverRoutes({ app, db, mediaInfo }: LiveRoutes): void {
  app.get<{ Params: { file: string } }>(
    '/live-covers/:file',
    {
      schema: {
        hide: true,
        response: {
          200: {
            description: 'a generated cover (SVG)',
            content: { 'image/svg+xml': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const m = coverFile.exec(request.params.file);
      const roomId = m ? Number(m[1]) : 0;
      if (!m || roomId > 2_147_483_647) throw new ApiError(E.NOT_FOUND);
      const facts = await coverFacts(db, roomId);
      if (!facts) throw new ApiError(E.NOT_FOUND);
      return (
        reply
          .type('image/svg+xml')
          // an image, never a document: no scripts, no outside requests
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('cache-control', 'public, max-age=300')
          .send(coverSvg(facts, m[2] as CoverStyle))
      );
    },
  );

  app.post(
    '/mdr/api/v1/live/rooms/:id/cover',
    {
      config: { auth: 'user' },
      schema: {
        response: roomDetailResponse,
        params: idParams,
        body: {
          type: 'object',
          required: ['style'],
          additionalProperties: false,
          properties: { style: { enum: [...COVER_STYLES] } },
        },
      },
    },
    async (request) => {
      const me = requireUserId(request);
      await assertCreator(db, me);
      const row = await roomRow(db, request.params.id);
      if (row.creatorId !== me) throw new ApiError(E.NO_PERMISSION);
      if (row.status === 'ended') throw new ApiError(E.LIVE_ROOM_ENDED);
      await db
        .update(liveRooms)
        .set({ cover: coverPath(row.id, request.body.style as CoverStyle) })
        .where(eq(liveRooms.id, row.id));
      return ok(await roomDetail(db, row.id, me, mediaInfo()));
    },
  );
}
