/**
 * Generated covers (covers.ts):
 *   GET  /live-covers/{room}-{style}.svg                 the room's cover drawn in that style (public)
 *   GET  /live-covers/preview/{style}.svg?title=&match_id=   the cover a room with this title and match
 *                                                          would get (the creation form's chooser, public)
 *   POST /mdr/api/v1/live/rooms/{id}/cover {style}        (creator, own room) use a generated cover
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { liveRooms } from '../../db/schema';
import { requireUserId } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { idParams } from '../../http/route-kit';
import { COVER_STYLES, type CoverStyle, coverFacts, coverPath, coverSvg, factsOf } from './covers';
import { roomDetailResponse } from './responses';
import { assertCreator, roomDetail, roomRow } from './rooms-service';
import type { LiveRoutes } from './routes-context';

const coverFile = new RegExp(`^([1-9][0-9]{0,9})-(${COVER_STYLES.join('|')})\\.svg$`);
const previewFile = new RegExp(`^(${COVER_STYLES.join('|')})\\.svg$`);
const svgResponse = {
  200: {
    description: 'a generated cover (SVG)',
    content: { 'image/svg+xml': { schema: { type: 'string' } } },
  },
} as const;

/** an image, never a document: no scripts, no outside requests */
const sendSvg = (reply: FastifyReply, svg: string, maxAge: number) =>
  reply
    .type('image/svg+xml')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', `public, max-age=${maxAge}`)
    .send(svg);

export function registerCoverRoutes({ app, db, mediaInfo }: LiveRoutes): void {
  app.get<{ Params: { file: string } }>(
    '/live-covers/:file',
    {
      schema: { hide: true, response: svgResponse },
    },
    async (request, reply) => {
      const m = coverFile.exec(request.params.file);
      const roomId = m ? Number(m[1]) : 0;
      if (!m || roomId > 2_147_483_647) throw new ApiError(E.NOT_FOUND);
      const facts = await coverFacts(db, roomId);
      if (!facts) throw new ApiError(E.NOT_FOUND);
      return sendSvg(reply, coverSvg(facts, m[2] as CoverStyle), 300);
    },
  );

  // before the room exists: the same drawing from the form's title and match (an unknown match: the title's)
  app.get(
    '/live-covers/preview/:file',
    {
      schema: {
        hide: true,
        response: svgResponse,
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', maxLength: 20 } },
        },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            title: { type: 'string', maxLength: 40 },
            match_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
          },
        },
      },
    },
    async (request, reply) => {
      const m = previewFile.exec(request.params.file);
      if (!m) throw new ApiError(E.NOT_FOUND);
      const { title = '', match_id } = request.query;
      const facts = await factsOf(db, title.trim(), match_id ?? null);
      return sendSvg(reply, coverSvg(facts, m[1] as CoverStyle), 60);
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
