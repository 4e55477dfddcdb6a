/**
 * Reviews (spec: after receipt): the buyer rates a received order (stars 1-5, text, up to 9 of their own
 * JPEG uploads); each line of the order gets the review on its product (shop_reviews, one per order line),
 * and the order moves `review` (pending_review → completed) in the same transaction. The product's review
 * list (`GET /shop/products/{id}/reviews`, `/shop/goods/remark`) reads them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import type { ReviewCreateBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { orderDetail, transition } from '../orders';
import { assertOwnUploads } from '../realname';

export async function reviewOrder(db: Db, userId: number, orderId: number, input: ReviewCreateBody) {
  const images = input.images ?? [];
  if (images.length)
    await assertOwnUploads(db, userId, Object.fromEntries(images.map((u, i) => [`/images/${i}`, u])));
  const content = input.content.trim();
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [o] = await rows(
      tx,
      sql`select id, status from shop_orders where id = ${orderId} and user_id = ${userId} for update`,
    );
    if (!o) throw new ApiError(E.NOT_FOUND);
    if (String(o.status) !== 'pending_review') throw new ApiError(E.REVIEW_NOT_ALLOWED);
    await tx.execute(
      sql`insert into shop_reviews (product_id, sku_id, user_id, order_item_id, stars, content, images, created_at)
          select i.product_id, i.sku_id, ${userId}, i.id, ${input.stars}, ${content}, ${JSON.stringify(images)}::jsonb, ${now()}
          from shop_order_items i where i.order_id = ${orderId}
          on conflict (order_item_id) do nothing`,
    );
    await transition(tx, orderId, 'review', 'user');
  });
  return orderDetail(db, userId, orderId);
}
