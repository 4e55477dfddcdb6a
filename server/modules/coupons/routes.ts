import type { FastifyInstance } from 'fastify';
import { requireUserId } from '../../http/auth-hook';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { lang, paging } from '../../http/route-kit';
import { typed } from '../../http/type-provider';
import { COUPON_TABS, listCoupons } from './coupons-service';
import { couponPageResponse } from './responses';

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
}
