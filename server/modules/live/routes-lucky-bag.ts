/** The lucky bags' routes (see routes.ts for the list): drop (creator), join (viewer), the room's current bag. */
import { liveTopic } from '../../../contracts/live';
import type { Db } from '../../db';
import { requireUserId } from '../../http/auth-hook';
import { nowMs } from '../../http/clock';
import { ok } from '../../http/envelope';
import { idParams } from '../../http/route-kit';
import type { Hub } from '../../realtime/hub';
import {
  bagView,
  createBag,
  currentBag,
  type DrawnBag,
  drawBag,
  joinBag,
  luckyBagRules,
} from './lucky-bag-service';
import { currentBagResponse, luckyBagResponse } from './responses';
import type { LiveRoutes } from './routes-context';

/** Pushes a bag's public state (no viewer-specific fields) on live:<room>. */
export async function pushBag(db: Db, hub: Hub, bag: DrawnBag | { id: number; roomId: number }) {
  const { joined: _j, my_amount: _m, mine: _o, ...view } = await bagView(db, bag.id, null);
  await hub.publish(liveTopic(bag.roomId), { kind: 'lucky_bag', room_id: bag.roomId, bag: view });
}

export function registerLuckyBagRoutes({ app, db, hub }: LiveRoutes): void {
  // joins are pushed (the entrants count) at most once a second per bag: a crowd joining at once
  // makes one push a second to the room, not one per join
  const pending = new Map<number, NodeJS.Timeout>();
  const pushSoon = (bag: { id: number; roomId: number }) => {
    if (pending.has(bag.id)) return;
    const timer = setTimeout(() => {
      pending.delete(bag.id);
      void pushBag(db, hub, bag).catch(() => {});
    }, 1000);
    timer.unref();
    pending.set(bag.id, timer);
  };
  app.addHook('onClose', async () => {
    for (const timer of pending.values()) clearTimeout(timer);
  });

  app.post(
    '/mdr/api/v1/live/rooms/:id/lucky-bags',
    {
      config: { auth: 'user' },
      schema: {
        response: luckyBagResponse,
        params: idParams,
        // server-only body: inline, as the gifts' send
        body: {
          type: 'object',
          required: ['total', 'shares', 'mode', 'seconds', 'tap_id'],
          additionalProperties: false,
          properties: {
            total: { type: 'integer', minimum: luckyBagRules.minTotal, maximum: luckyBagRules.maxTotal },
            shares: { type: 'integer', minimum: 1, maximum: luckyBagRules.maxShares },
            mode: { enum: ['even', 'random'] },
            seconds: { type: 'integer', enum: luckyBagRules.countdowns },
            tap_id: { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
          },
        },
      },
    },
    async (request) => {
      const bag = await createBag(db, request.params.id, requireUserId(request), request.body);
      await pushBag(db, hub, { id: bag.id, roomId: bag.room_id });
      return ok(bag);
    },
  );

  app.get(
    '/mdr/api/v1/live/rooms/:id/lucky-bag',
    { schema: { response: currentBagResponse, params: idParams } },
    async (request) => {
      const found = await currentBag(db, request.params.id, request.auth.userId);
      // a bag past its countdown is drawn on sight (the server's timer may not have run yet)
      if (found.bag?.status === 'open' && Date.parse(found.bag.ends_at) <= nowMs()) {
        const drawn = await drawBag(db, found.bag.id);
        if (drawn) {
          await pushBag(db, hub, drawn);
          return ok(await currentBag(db, request.params.id, request.auth.userId));
        }
      }
      return ok(found);
    },
  );

  app.post(
    '/mdr/api/v1/live/lucky-bags/:id/join',
    { config: { auth: 'user' }, schema: { response: luckyBagResponse, params: idParams } },
    async (request) => {
      const bag = await joinBag(db, request.params.id, requireUserId(request));
      if (bag.status === 'open') pushSoon({ id: bag.id, roomId: bag.room_id });
      return ok(bag);
    },
  );
}
