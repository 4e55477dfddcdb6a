/** Shop order actions after creation: the owner cancels or confirms receipt, the merchant ships. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { n } from './format';
import { orderRules } from './rules';
import { transition } from './state-machine';

const tx$ = (tx: unknown) => tx as Db;

import { releaseStock } from './order-sweeps';
import { orderDetail } from './order-views';

/** Locks the caller's order row; another fan's order is as unknown as one that never was. */
async function lockOwn(tx: Db, userId: number, orderId: number): Promise<Row> {
  const [o] = await rows(
    tx,
    sql`select id, status, pay_deadline from shop_orders where id = ${orderId} and user_id = ${userId} for update`,
  );
  if (!o) throw new ApiError(E.NOT_FOUND);
  return o;
}

export async function cancelOrder(db: Db, userId: number, orderId: number, lang: Lang) {
  await db.transaction(async (raw) => {
    const tx = tx$(raw);
    await lockOwn(tx, userId, orderId);
    await transition(tx, orderId, 'cancel', 'user', [
      sql`closed_at = ${now()}`,
      sql`close_reason = 'user_cancelled'`,
    ]);
    await releaseStock(tx, orderId);
  });
  return orderDetail(db, userId, orderId, lang);
}

export async function confirmReceipt(db: Db, userId: number, orderId: number, lang: Lang) {
  await db.transaction(async (raw) => {
    const tx = tx$(raw);
    await lockOwn(tx, userId, orderId);
    await transition(tx, orderId, 'confirm', 'user', [sql`received_at = ${now()}`]);
  });
  return orderDetail(db, userId, orderId, lang);
}

/**
 * The merchant ships (the operator console of a later slice calls this; tests do now): carrier and
 * tracking number, and the auto-confirm countdown starts.
 */
export async function shipOrder(
  db: Db,
  orderId: number,
  carrier: string,
  trackingNo: string,
  /** more writes of the same transaction (the console's audit row) */
  also?: (tx: Db, userId: number) => Promise<void>,
) {
  const days = orderRules().autoConfirmDays;
  await db.transaction(async (raw) => {
    const tx = tx$(raw);
    const [o] = await rows(tx, sql`select id, user_id from shop_orders where id = ${orderId} for update`);
    if (!o) throw new ApiError(E.NOT_FOUND);
    const at = now();
    await transition(tx, orderId, 'ship', 'merchant', [
      sql`shipped_at = ${at}`,
      sql`auto_confirm_at = ${new Date(at.getTime() + days * 86_400_000)}`,
      sql`carrier = ${carrier}`,
      sql`tracking_no = ${trackingNo}`,
    ]);
    if (also) await also(tx, n(o, 'user_id'));
  });
}
