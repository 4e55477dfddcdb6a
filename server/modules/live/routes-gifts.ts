/** The gifts' routes (see routes.ts for the list): the catalogue, sending (pushed on live:<id>), ranking. */
import { liveTopic } from '../../../contracts/live';
import { requireUserId } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-kit';
import { giftList, giftRanking, sendGift } from './gifts-service';
import { giftSentResponse, giftsResponse, rankingResponse } from './responses';
import type { LiveRoutes } from './routes-context';

export function registerGiftRoutes({ app, db, hub }: LiveRoutes): void {
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
}
