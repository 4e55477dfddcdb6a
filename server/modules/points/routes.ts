import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { id, idParams, lang, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { onOrderTransition } from '../orders';
import { paymentsFor } from '../wallet';
import { ENTRY_TABS, pointsAccount, pointsEntries, userCentre } from './account-service';
import { checkIn } from './checkin-service';
import { onOrderMoved } from './earn-service';
import { OPS_EXCHANGE_STATES, opsExchanges, shipExchange } from './exchange-merchant';
import { applyExchangePayment, payExchange } from './exchange-pay';
import {
  cancelExchange,
  confirmExchange,
  createExchange,
  EXCHANGE_PREFIX,
  EXCHANGE_TABS,
  exchangeDetail,
  listExchanges,
} from './exchange-service';
import { GOODS_FILTER, goodsDetail, listGoods, settlement } from './goods-service';
import { perksChanged } from './perks';
import {
  accountResponse,
  checkinResponse,
  entriesResponse,
  exchangePageResponse,
  exchangePayResponse,
  exchangeResponse,
  goodsDetailResponse,
  goodsPageResponse,
  opsExchangePageResponse,
  opsExchangeShipResponse,
  settlementResponse,
  userCentreResponse,
} from './responses';

const BASE = '/mdr/api/v1/points';
const user = { auth: 'user' } as const;
const noBody = { type: 'object', additionalProperties: false, maxProperties: 0 } as const;
const query = <const P extends Record<string, object>>(properties: P) =>
  ({ type: 'object', additionalProperties: false, properties }) as const;

/** The points store: account, ledger, check-in, goods, exchanges (and their payment); the shop user centre. */
export async function registerPointsRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  const { db } = deps;
  const payments = paymentsFor(deps);
  // the gateway's callbacks for `PX…` numbers are ours; completed orders earn points
  // a settled perk (points only at once, points + cash when paid) is pushed to the fan's tabs
  const perkNotice = (userId: number) => perksChanged(deps, [userId]);
  payments.route(EXCHANGE_PREFIX, (p) => applyExchangePayment(db, p, perkNotice));
  onOrderTransition('points', onOrderMoved);

  app.get(
    `${BASE}/account`,
    { config: user, schema: { response: accountResponse, querystring: query({}) } },
    async (r) => ok(await pointsAccount(db, requireUserId(r))),
  );
  app.get(
    `${BASE}/entries`,
    {
      config: user,
      schema: {
        response: entriesResponse,
        querystring: query({ tab: { type: 'string', enum: [...ENTRY_TABS], default: 'all' }, ...paging }),
      },
    },
    async (r) => ok(await pointsEntries(db, requireUserId(r), r.query.tab, r.query.page, r.query.size)),
  );
  app.post(
    `${BASE}/checkin`,
    { config: user, schema: { response: checkinResponse, body: noBody } },
    async (r) => ok(await checkIn(db, requireUserId(r))),
  );

  app.get(
    `${BASE}/goods`,
    {
      config: { auth: 'none' },
      schema: {
        response: goodsPageResponse,
        querystring: query({
          filter: { type: 'string', enum: [...GOODS_FILTER], default: 'all' },
          ...paging,
        }),
      },
    },
    async (r) => ok(await listGoods(db, r.auth.userId, r.query.filter, r.query.page, r.query.size, lang(r))),
  );
  app.get(
    `${BASE}/goods/:id`,
    { config: { auth: 'none' }, schema: { response: goodsDetailResponse, params: idParams } },
    async (r) => ok(await goodsDetail(db, r.auth.userId, r.params.id, lang(r))),
  );
  app.get(
    `${BASE}/settlement`,
    {
      config: user,
      schema: {
        response: settlementResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['goods_id'],
          properties: {
            goods_id: id,
            quantity: { type: 'integer', minimum: 1, maximum: 5, default: 1 },
            address_id: id,
          },
        },
      },
    },
    async (r) => ok(await settlement(db, requireUserId(r), r.query, lang(r))),
  );

  app.post(
    `${BASE}/exchanges`,
    { config: user, schema: { response: exchangeResponse, body: dataSchema('points-exchange') } },
    async (r) => {
      const out = await createExchange(db, requireUserId(r), r.body, lang(r));
      if (out.goods.kind === 'perk' && out.status === 'completed') await perkNotice(requireUserId(r));
      return ok(out);
    },
  );
  app.get(
    `${BASE}/exchanges`,
    {
      config: user,
      schema: {
        response: exchangePageResponse,
        querystring: query({ tab: { type: 'string', enum: [...EXCHANGE_TABS], default: 'all' }, ...paging }),
      },
    },
    async (r) =>
      ok(await listExchanges(db, requireUserId(r), r.query.tab, r.query.page, r.query.size, lang(r))),
  );
  app.get(
    `${BASE}/exchanges/:id`,
    { config: user, schema: { response: exchangeResponse, params: idParams } },
    async (r) => ok(await exchangeDetail(db, requireUserId(r), r.params.id, lang(r))),
  );
  app.post(
    `${BASE}/exchanges/:id/cancel`,
    { config: user, schema: { response: exchangeResponse, params: idParams, body: noBody } },
    async (r) => ok(await cancelExchange(db, requireUserId(r), r.params.id, lang(r))),
  );
  app.post(
    `${BASE}/exchanges/:id/confirm`,
    { config: user, schema: { response: exchangeResponse, params: idParams, body: noBody } },
    async (r) => ok(await confirmExchange(db, requireUserId(r), r.params.id, lang(r))),
  );
  app.post(
    `${BASE}/exchanges/:id/pay`,
    { config: user, schema: { response: exchangePayResponse, params: idParams, body: noBody } },
    async (r) => ok(await payExchange(db, payments.provider, requireUserId(r), r.params.id, lang(r))),
  );

  // the merchant's side: exchanged goods to send, shipped through the shop's logistics provider (audited)
  const operator = { auth: 'operator' as const, opsRole: 'reviewer' as const };
  app.get(
    '/mdr/api/v1/ops/points/exchanges',
    {
      config: operator,
      schema: {
        response: opsExchangePageResponse,
        querystring: query({
          status: { type: 'string', enum: [...OPS_EXCHANGE_STATES], default: 'pending_shipment' },
          ...paging,
        }),
      },
    },
    async (r) => ok(await opsExchanges(db, r.query.status, r.query.page, r.query.size)),
  );

  app.post(
    '/mdr/api/v1/ops/points/exchanges/:id/ship',
    {
      config: operator,
      schema: { response: opsExchangeShipResponse, params: idParams, body: dataSchema('ops-ship') },
    },
    async (r) => {
      const out = await shipExchange(db, requireUserId(r), r.params.id, r.body.carrier);
      try {
        await deps.hub.publish(`user:${out.user_id}`, {
          kind: 'notice',
          topic: 'points.exchange',
          status: 'shipped',
          id: out.exchange_id,
        });
      } catch (err) {
        r.log.warn({ err }, 'points notice failed');
      }
      return ok({ exchange_id: out.exchange_id, carrier: out.carrier, tracking_no: out.tracking_no });
    },
  );

  app.get(
    '/mdr/api/v1/shop/usercenter',
    { config: user, schema: { response: userCentreResponse, querystring: query({}) } },
    async (r) => ok(await userCentre(db, requireUserId(r))),
  );
}
