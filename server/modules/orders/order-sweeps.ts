/**
 * The orders' timers: unpaid orders close and give their stock back, shipped ones confirm themselves,
 * received ones never reviewed complete.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { returnCoupon } from '../coupons';
import { n } from './format';
import { orderRules } from './rules';
import { transition } from './state-machine';

const tx$ = (tx: unknown) => tx as Db;

export async function releaseStock(tx: Db, orderId: number): Promise<void> {
  await tx.execute(
    sql`update shop_skus k set stock = k.stock + i.quantity
        from (select sku_id, sum(quantity)::int as quantity from shop_order_items where order_id = ${orderId}
              group by sku_id) i
        where k.id = i.sku_id`,
  );
  await returnCoupon(tx, orderId);
}

/**
 * Closes unpaid orders past their payment window and gives their stock back (of one user when given).
 * Each in its own transaction under the row lock, re-checked there, so a payment callback for the same
 * order either comes first (the order is paid) or finds it closed (and the payment is refunded).
 */
export async function cancelOverdue(db: Db, userId?: number, limit = 200): Promise<number> {
  const at = now();
  const due = await rows(
    db,
    sql`select id from shop_orders where status = 'pending_payment' and pay_deadline <= ${at}
        ${userId === undefined ? sql`` : sql`and user_id = ${userId}`} order by pay_deadline limit ${limit}`,
  );
  let closed = 0;
  for (const d of due) {
    const id = n(d, 'id');
    closed += await db.transaction(async (raw) => {
      const tx = tx$(raw);
      const [o] = await rows(
        tx,
        sql`select id from shop_orders where id = ${id} and status = 'pending_payment' and pay_deadline <= ${at}
            for update`,
      );
      if (!o) return 0;
      await transition(tx, id, 'auto_cancel', 'system', [
        sql`closed_at = ${at}`,
        sql`close_reason = 'timeout'`,
      ]);
      await releaseStock(tx, id);
      return 1;
    });
  }
  return closed;
}

/** Shipped orders whose countdown ran out count as received (spec §4 auto-confirm). */
export async function confirmOverdue(db: Db, limit = 200): Promise<number> {
  const at = now();
  const due = await rows(
    db,
    sql`select id from shop_orders where status = 'pending_receipt' and auto_confirm_at <= ${at}
        order by auto_confirm_at limit ${limit}`,
  );
  let done = 0;
  for (const d of due) {
    const id = n(d, 'id');
    done += await db.transaction(async (raw) => {
      const tx = tx$(raw);
      const [o] = await rows(
        tx,
        sql`select id from shop_orders where id = ${id} and status = 'pending_receipt' and auto_confirm_at <= ${at}
            for update`,
      );
      if (!o) return 0;
      await transition(tx, id, 'auto_confirm', 'system', [sql`received_at = ${at}`]);
      return 1;
    });
  }
  return done;
}

/**
 * Received orders whose review window ran out complete by themselves (`auto_complete`): the points
 * store's hook credits the order's points (not the review's) and a sharer's commission is credited, each
 * once by its idempotency key, in the move's transaction.
 */
export async function completeOverdue(db: Db, limit = 200): Promise<number> {
  const before = new Date(now().getTime() - orderRules().reviewWindowDays * 86_400_000);
  const due = await rows(
    db,
    sql`select id from shop_orders where status = 'pending_review' and received_at <= ${before}
        order by received_at limit ${limit}`,
  );
  let done = 0;
  for (const d of due) {
    const id = n(d, 'id');
    done += await db.transaction(async (raw) => {
      const tx = tx$(raw);
      const [o] = await rows(
        tx,
        sql`select id from shop_orders where id = ${id} and status = 'pending_review' and received_at <= ${before}
            for update`,
      );
      if (!o) return 0;
      await transition(tx, id, 'auto_complete', 'system');
      return 1;
    });
  }
  return done;
}
