/**
 * The merchant's side in the operator console: orders waiting to be shipped and their shipping (a
 * tracking number from the logistics provider), and after-sales decisions. Every decision is one
 * transaction with its ops_audit row (operator, action, target, reason).
 *
 * Refund (approve a refund-only application, or confirm the returned parcel arrived): the application's
 * amount (the whole order's, or one line's: a partial refund) is refunded through the gateway the order
 * was paid with, with a refund number derived from the application (the gateway's idempotency key), then
 * in the same transaction: the shop_refunds row (unique per application: a retried or concurrent
 * decision pays back once), the payment's refunded amount, the application success, stock back for goods
 * not with the buyer, and the order refund_done → closed (or back to its state when lines are left). A second call finds the application
 * decided and answers it unchanged.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { PaymentProvider } from '../../providers/payment';
import { type OrderState, shipOrder, transition } from '../orders';
import { afterSaleRow, afterSaleView } from './after-sales-service';
import { n } from './format';
import { type Carrier, logistics } from './logistics';

const tx$ = (tx: unknown) => tx as Db;

export async function audit(
  tx: Db,
  operatorId: number,
  action: string,
  type: string,
  id: number,
  reason?: string,
) {
  await tx.execute(
    sql`insert into ops_audit (operator_id, action, target_type, target_id, reason, created_at)
        values (${operatorId}, ${action}, ${type}, ${String(id)}, ${reason ?? null}, ${now()})`,
  );
}

/** The console's list of orders by state (default: waiting to be shipped, oldest paid first). */
export async function opsOrders(db: Db, status: string, page: number, size: number) {
  const order = status === 'pending_shipment' ? sql`o.paid_at asc, o.id` : sql`o.id desc`;
  const [found, [c]] = await Promise.all([
    rows(
      db,
      sql`select o.id, o.order_no, o.status, o.pay_amount, o.paid_at, o.carrier, o.tracking_no, o.address,
            u.nickname, (select coalesce(sum(quantity), 0)::int from shop_order_items where order_id = o.id) as count,
            (select name from shop_order_items where order_id = o.id order by id limit 1) as first_item
          from shop_orders o join users u on u.id = o.user_id where o.status = ${status}
          order by ${order} limit ${size} offset ${(page - 1) * size}`,
    ),
    rows(db, sql`select count(*)::int as n from shop_orders where status = ${status}`),
  ]);
  return {
    list: found.map((r) => {
      const a = (typeof r.address === 'string' ? JSON.parse(r.address) : r.address) as { receiver: string };
      return {
        id: n(r, 'id'),
        order_no: String(r.order_no),
        status: String(r.status),
        pay_amount: n(r, 'pay_amount'),
        paid_ms: r.paid_at == null ? null : new Date(r.paid_at as string).getTime(),
        carrier: r.carrier == null ? null : String(r.carrier),
        tracking_no: r.tracking_no == null ? null : String(r.tracking_no),
        buyer: String(r.nickname ?? ''),
        receiver: a?.receiver ?? '',
        count: n(r, 'count'),
        first_item: String(r.first_item ?? ''),
      };
    }),
    total: n(c, 'n'),
    page,
    size,
  };
}

/** Ships an order with `carrier`: a new tracking number, the `ship` transition and the audit row, in one transaction. */
export async function shipByMerchant(db: Db, operatorId: number, orderId: number, carrier: Carrier) {
  const trackingNo = logistics().newTrackingNo(carrier);
  let userId = 0;
  await shipOrder(db, orderId, carrier, trackingNo, async (tx, owner) => {
    userId = owner;
    await audit(tx, operatorId, 'order.ship', 'shop_order', orderId, `${carrier} ${trackingNo}`);
  });
  return { order_id: orderId, carrier, tracking_no: trackingNo, user_id: userId };
}

async function lockAfterSale(tx: Db, id: number): Promise<Row> {
  const [a] = await rows(tx, sql`select * from shop_after_sales where id = ${id} for update`);
  if (!a) throw new ApiError(E.NOT_FOUND);
  // then the order, always in this order (application, order) so decisions and withdrawals do not deadlock
  await rows(tx, sql`select id from shop_orders where id = ${n(a, 'order_id')} for update`);
  return a;
}

/**
 * Pays the application's amount back (inside the decision's transaction). The payment keeps what was
 * paid back so far (`refunded_amount`; `refunded` once it is all). Goods that are not with the buyer
 * (never shipped, or returned) go back to stock: the application's line, or every line not refunded
 * before. A partial refund that leaves lines unrefunded puts the order back where it was
 * (refund_partial); otherwise the order closes (refund_done).
 */
async function refund(tx: Db, provider: PaymentProvider, a: Row) {
  const orderId = n(a, 'order_id');
  const itemId = a.order_item_id == null ? null : n(a, 'order_item_id');
  const [p] = await rows(
    tx,
    sql`select * from shop_payments where order_id = ${orderId} and status = 'paid' order by id limit 1 for update`,
  );
  if (!p) throw new ApiError(E.ORDER_STATE);
  const amount = Math.min(n(a, 'amount'), n(p, 'amount') - n(p, 'refunded_amount'));
  // derived from the application: a retry after a crash asks the gateway with the same key
  const refundNo = `SR${String(a.after_no).slice(2)}`;
  const { providerTxn } = await provider.refund({
    refundNo,
    paymentNo: String(p.payment_no),
    providerTxn: p.provider_txn == null ? null : String(p.provider_txn),
    amountCents: amount,
    currency: String(p.currency),
  });
  const at = now();
  await tx.execute(
    sql`insert into shop_refunds (refund_no, after_sale_id, order_id, payment_id, user_id, amount, currency,
          provider, status, provider_txn, created_at)
        values (${refundNo}, ${n(a, 'id')}, ${orderId}, ${n(p, 'id')}, ${n(a, 'user_id')}, ${amount},
          ${String(p.currency)}, ${provider.name}, 'succeeded', ${providerTxn}, ${at})`,
  );
  const [paid] = await rows(
    tx,
    sql`update shop_payments set refunded_amount = refunded_amount + ${amount},
          status = case when refunded_amount + ${amount} >= amount then 'refunded' else status end
        where id = ${n(p, 'id')} returning status`,
  );
  const back = String(a.order_status_before) === 'pending_shipment' || String(a.kind) === 'return_refund';
  if (back)
    await tx.execute(
      sql`update shop_skus k set stock = k.stock + i.quantity
          from (select sku_id, sum(quantity)::int as quantity from shop_order_items i
                where i.order_id = ${orderId}
                  and ${itemId === null ? sql`true` : sql`i.id = ${itemId}`}
                  and not exists (select 1 from shop_after_sales s where s.order_item_id = i.id and s.status = 'success')
                group by sku_id) i
          where k.id = i.sku_id`,
    );
  await tx.execute(
    sql`update shop_after_sales set status = 'success', amount = ${amount}, decided_at = coalesce(decided_at, ${at}),
          updated_at = ${at} where id = ${n(a, 'id')}`,
  );
  const [left] = await rows(
    tx,
    sql`select count(*)::int as n from shop_order_items i where i.order_id = ${orderId}
        and not exists (select 1 from shop_after_sales s where s.order_item_id = i.id and s.status = 'success')`,
  );
  if (itemId !== null && n(left, 'n') > 0 && paid?.status !== 'refunded')
    await transition(
      tx,
      orderId,
      'refund_partial',
      'merchant',
      [],
      String(a.order_status_before) as OrderState,
    );
  else
    await transition(tx, orderId, 'refund_done', 'merchant', [
      sql`closed_at = ${at}`,
      sql`close_reason = 'refunded'`,
    ]);
}

export type Decision = 'approve' | 'reject' | 'received';

/**
 * approve: refund only → refunded now; return and refund → waiting for the parcel.
 * received: the returned parcel arrived → refunded. reject: failed with the reason, order back.
 * Anything else from the application's state: 150403.
 */
export async function decideAfterSale(
  db: Db,
  provider: PaymentProvider,
  operatorId: number,
  id: number,
  decision: Decision,
  reason?: string,
) {
  await db.transaction(async (raw) => {
    const tx = tx$(raw);
    const a = await lockAfterSale(tx, id);
    const status = String(a.status);
    const kind = String(a.kind);
    const at = now();
    if (decision === 'reject') {
      if (status !== 'pending' && status !== 'waiting_receipt') throw new ApiError(E.AFTER_SALE_STATE);
      await transition(
        tx,
        n(a, 'order_id'),
        'refund_reject',
        'merchant',
        [],
        String(a.order_status_before) as OrderState,
      );
      await tx.execute(
        sql`update shop_after_sales set status = 'failed', reject_reason = ${reason ?? ''}, decided_at = ${at},
              updated_at = ${at} where id = ${id}`,
      );
    } else if (decision === 'approve') {
      if (status !== 'pending') throw new ApiError(E.AFTER_SALE_STATE);
      if (kind === 'return_refund')
        await tx.execute(
          sql`update shop_after_sales set status = 'waiting_receipt', decided_at = ${at}, updated_at = ${at}
              where id = ${id}`,
        );
      else await refund(tx, provider, a);
    } else {
      if (status !== 'waiting_receipt') throw new ApiError(E.AFTER_SALE_STATE);
      await refund(tx, provider, a);
    }
    await audit(tx, operatorId, `after_sale.${decision}`, 'shop_after_sale', id, reason);
  });
  const r = await afterSaleRow(db, id);
  return { ...afterSaleView(r), user_id: n(r, 'user_id') };
}
