/**
 * Points earned from the shop, hooked on the orders module's transitions (its face's
 * `onOrderTransition`, inside the move's own transaction): the review that completes an order credits
 * the order's points (`perOrderHkd` per whole HK$1 paid) and the review's; a refund that closes an order
 * takes the order's points back, never below zero (points already spent stay spent).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import type { OrderTransition } from '../orders';
import { postPoints } from './ledger';
import { pointsRules } from './rules';

export async function onOrderMoved(tx: Db, t: OrderTransition): Promise<void> {
  if (t.event === 'review' && t.to === 'completed') return creditCompleted(tx, t.orderId);
  if (t.event === 'refund_done') return takeBack(tx, t.orderId);
}

async function orderOf(tx: Db, orderId: number) {
  const [o] = await rows(
    tx,
    sql`select user_id, pay_amount, order_no from shop_orders where id = ${orderId}`,
  );
  return o ? { userId: Number(o.user_id), paid: Number(o.pay_amount), no: String(o.order_no) } : null;
}

async function creditCompleted(tx: Db, orderId: number): Promise<void> {
  const o = await orderOf(tx, orderId);
  if (!o) return;
  const r = pointsRules();
  const earned = Math.floor(o.paid / 100) * r.perOrderHkd;
  if (earned > 0)
    await postPoints(tx, {
      userId: o.userId,
      amount: earned,
      reason: 'order',
      refId: o.no,
      key: `order:${orderId}`,
    });
  if (r.review > 0)
    await postPoints(tx, {
      userId: o.userId,
      amount: r.review,
      reason: 'review',
      refId: o.no,
      key: `review:${orderId}`,
    });
}

async function takeBack(tx: Db, orderId: number): Promise<void> {
  const o = await orderOf(tx, orderId);
  if (!o) return;
  const [got] = await rows(
    tx,
    sql`select coalesce(sum(amount), 0)::int as n from points_entries
        where user_id = ${o.userId} and idempotency_key in (${`order:${orderId}`}, ${`review:${orderId}`})`,
  );
  // locked, so a concurrent exchange cannot spend between this read and the debit (which would fail the refund)
  const [acct] = await rows(
    tx,
    sql`select balance from points_accounts where user_id = ${o.userId} for update`,
  );
  const owed = Math.min(Number(got?.n ?? 0), Number(acct?.balance ?? 0));
  if (owed > 0)
    await postPoints(tx, {
      userId: o.userId,
      amount: -owed,
      reason: 'order_refund',
      refId: o.no,
      key: `order-refund:${orderId}`,
    });
}
