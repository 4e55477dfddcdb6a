/**
 * The orders' timers: unpaid orders close and give their stock back, shipped ones confirm themselves,
 * received ones never reviewed complete.
 */
import { type SQL, sql } from 'drizzle-orm';
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
 * The one shape of every order timer: the orders in `status` that are `due` (a condition on the order's
 * own columns), oldest `by` first, each then moved in its own transaction under the row lock, re-checked
 * there (a user's action or a payment callback on the same order comes either first or after), by `move`.
 * Answers how many moved.
 */
async function sweep(
  db: Db,
  s: { status: string; due: SQL; by: SQL; limit: number },
  move: (tx: Db, id: number) => Promise<unknown>,
): Promise<number> {
  const found = await rows(
    db,
    sql`select id from shop_orders where status = ${s.status} and ${s.due} order by ${s.by} limit ${s.limit}`,
  );
  let moved = 0;
  for (const d of found) {
    const id = n(d, 'id');
    moved += await db.transaction(async (raw) => {
      const tx = tx$(raw);
      const [o] = await rows(
        tx,
        sql`select id from shop_orders where id = ${id} and status = ${s.status} and ${s.due} for update`,
      );
      if (!o) return 0;
      await move(tx, id);
      return 1;
    });
  }
  return moved;
}

/**
 * Closes unpaid orders past their payment window and gives their stock back (of one user when given).
 * A payment callback for the same order either comes first (the order is paid) or finds it closed (and
 * the payment is refunded).
 */
export function cancelOverdue(db: Db, userId?: number, limit = 200): Promise<number> {
  const at = now();
  const mine = userId === undefined ? sql`` : sql`and user_id = ${userId}`;
  return sweep(
    db,
    { status: 'pending_payment', due: sql`pay_deadline <= ${at} ${mine}`, by: sql`pay_deadline`, limit },
    async (tx, id) => {
      await transition(tx, id, 'auto_cancel', 'system', [
        sql`closed_at = ${at}`,
        sql`close_reason = 'timeout'`,
      ]);
      await releaseStock(tx, id);
    },
  );
}

/** Shipped orders whose countdown ran out count as received (spec §4 auto-confirm). */
export function confirmOverdue(db: Db, limit = 200): Promise<number> {
  const at = now();
  return sweep(
    db,
    { status: 'pending_receipt', due: sql`auto_confirm_at <= ${at}`, by: sql`auto_confirm_at`, limit },
    (tx, id) => transition(tx, id, 'auto_confirm', 'system', [sql`received_at = ${at}`]),
  );
}

/**
 * Received orders whose review window ran out complete by themselves (`auto_complete`): the points
 * store's hook credits the order's points (not the review's) and a sharer's commission is credited, each
 * once by its idempotency key, in the move's transaction.
 */
export function completeOverdue(db: Db, limit = 200): Promise<number> {
  const before = new Date(now().getTime() - orderRules().reviewWindowDays * 86_400_000);
  return sweep(
    db,
    { status: 'pending_review', due: sql`received_at <= ${before}`, by: sql`received_at`, limit },
    (tx, id) => transition(tx, id, 'auto_complete', 'system'),
  );
}
