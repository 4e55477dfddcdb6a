/**
 * Development helper (absent when the dev outbox is off, always in production): POST
 * /dev/shop/orders/{id}/age {hours} moves a shipped order's hand-over time back by `hours`, as if that
 * much time had passed for its parcel, so a browser test sees the simulated carrier's events advance
 * without moving the whole server's clock (server tests use the fake clock instead).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/rows';
import type { AppDeps } from '../../http/deps';
import { ok } from '../../http/envelope';
import { ApiError, E } from '../../http/errors';
import { idParams } from '../../http/route-kit';
import { typed } from '../../http/type-provider';

export async function registerAfterSalesDevRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  if (!deps.config.devOutbox) return;
  const app = typed(root);
  app.post(
    '/dev/shop/orders/:id/age',
    {
      config: { auth: 'none' },
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['hours'],
          properties: { hours: { type: 'integer', minimum: 1, maximum: 240 } },
        },
      },
    },
    async (request) => {
      const [o] = await rows(
        deps.db,
        sql`update shop_orders set shipped_at = shipped_at - make_interval(hours => ${request.body.hours})
            where id = ${request.params.id} and shipped_at is not null returning id`,
      );
      if (!o) throw new ApiError(E.NOT_FOUND);
      return ok(null);
    },
  );
}
