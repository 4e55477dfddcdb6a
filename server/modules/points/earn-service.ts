/**
 * Points earned from the shop, hooked on the orders module's transitions (its face's
 * `onOrderTransition`, inside the move's own transaction): the review that completes an order credits
 * the order's points (`perOrderHkd` per whole HK$1 paid and not refunded) and the review's; a received order
 * whose review window ran out (`auto_complete`) credits the order's points only. A refund that closes an
 * order takes its points back, a partial refund the part paid back, never below zero.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import type { OrderTransition } from '../orders';
import { postPoints } from './ledger';
import { pointsRules } from './rules';

export async function onOrderMoved(tx: Db, t: OrderTransition): Promise<void> {
  if (t.to === 'completed' && (t.event === 'review' || t.event === 'auto_complete'))
    return creditCompleted(tx, t.orderId, t.event === 'review');
  if (t.event === 'refund_done') return takeBack(tx, t.orderId, true);
  if (t.event === 'refund_partial') return takeBack(tx, t.orderId, false);
}

async function orderOf(tx: Db, orderId: number) {
  const [o] = await rows(
    tx,
    sql`select o.user_id, o.pay_amount, o.order_no,
          coalesce((select sum(amount) from shop_refunds where order_id = o.id), 0)::int as refunded
        from shop_orders o where o.id = ${orderId}`,
  );
  return o
    ? {
        userId: Number(o.user_id),
        paid: Number(o.pay_amount),
        refunded: Number(o.refunded),
        no: String(o.order_no),
      }
    : null;
}

/** the order's points (once: keyed by the order), and the review's when a review completed it */
async function creditCompleted(tx: Db, orderId: number, reviewed: boolean): Promise<void> {
  const o = await orderOf(tx, orderId);
  if (!o) return;
  const r = pointsRules();
  // what was paid and not refunded (a line refunded before completion earns nothing)
  const earned = Math.floor(Math.max(o.paid - o.refunded, 0) / 100) * r.perOrderHkd;
  if (earned > 0)
    await postPoints(tx, {
      userId: o.userId,
      amount: earned,
      reason: 'order',
      refId: o.no,
      key: `order:${orderId}`,
    });
  if (reviewed && r.review > 0)
    await postPoints(tx, {
      userId: o.userId,
      amount: r.review,
      reason: 'review',
      refId: o.no,
      key: `review:${orderId}`,
    });
}

/**
 * A refund takes points back: all the order's (and its review's) when the order closes; after a partial
 * refund, the order points of the amount paid back so far. Less what earlier refunds took, never below
 * zero (points already spent stay spent); each refund's debit has its own key.
 */
async function takeBack(tx: Db, orderId: number, whole: boolean): Promise<void> {
  const o = await orderOf(tx, orderId);
  if (!o) return;
  const [got] = await rows(
    tx,
    sql`select coalesce(sum(amount) filter (where idempotency_key = ${`order:${orderId}`}), 0)::int as order_pts,
          coalesce(sum(amount) filter (where idempotency_key in (${`order:${orderId}`}, ${`review:${orderId}`})), 0)::int
            as all_pts,
          coalesce(-sum(amount) filter (where idempotency_key like ${`order-refund:${orderId}%`}), 0)::int as taken,
          count(*) filter (where idempotency_key like ${`order-refund:${orderId}%`})::int as times
        from points_entries where user_id = ${o.userId}`,
  );
  const credited = Number(got?.order_pts ?? 0);
  const want = whole
    ? Number(got?.all_pts ?? 0)
    : Math.min(credited, Math.floor(o.refunded / 100) * pointsRules().perOrderHkd);
  // locked, so a concurrent exchange cannot spend between this read and the debit (which would fail the refund)
  const [acct] = await rows(
    tx,
    sql`select balance from points_accounts where user_id = ${o.userId} for update`,
  );
  const owed = Math.min(want - Number(got?.taken ?? 0), Number(acct?.balance ?? 0));
  if (owed > 0)
    await postPoints(tx, {
      userId: o.userId,
      amount: -owed,
      reason: 'order_refund',
      refId: o.no,
      key: whole ? `order-refund:${orderId}` : `order-refund:${orderId}:${Number(got?.times ?? 0) + 1}`,
    });
}
