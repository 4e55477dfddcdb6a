import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { lang, paging } from '../../http/route-kit';
import { dataSchema } from '../../http/schemas';
import { typed } from '../../http/type-provider';
import { COUPON_TABS, listCoupons } from './coupons-service';
import { couponKinds, grantCoupon } from './grant-service';
import { couponKindsResponse, couponPageResponse, grantResponse } from './responses';

/** The fan's coupons by tab (usable / used / expired), `/shop/coupon/list`. */
export async function registerCouponRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = typed(root);
  app.get(
    '/mdr/api/v1/shop/coupons',
    {
      config: { auth: 'user' },
      schema: {
        response: couponPageResponse,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { tab: { type: 'string', enum: [...COUPON_TABS], default: 'usable' }, ...paging },
        },
      },
    },
    async (request) => {
      const { tab, page, size } = request.query;
      return ok(await listCoupons(deps.db, requireUserId(request), tab, page, size, lang(request)));
    },
  );

  // the console: the kinds, and issuing one to chosen users or to all (reviewer role; audited)
  const operator = { auth: 'operator' as const, opsRole: 'reviewer' as const };
  app.get(
    '/mdr/api/v1/ops/shop/coupons',
    {
      config: operator,
      schema: {
        response: couponKindsResponse,
        querystring: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
    async () => ok(await couponKinds(deps.db)),
  );
  app.post(
    '/mdr/api/v1/ops/shop/coupons/grant',
    { config: operator, schema: { response: grantResponse, body: dataSchema('coupon-grant') } },
    async (request) => ok(await grantCoupon(deps.db, requireUserId(request), request.body)),
  );
}
