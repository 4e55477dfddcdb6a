/**
 * Paying an order through the app's payment gateway (the wallet's `paymentsFor`: sandbox page by
 * default, Stripe in production). A payment is one attempt, numbered `SP…` for the gateway; a retried
 * pay with the same key answers the same payment. The gateway's verified callback lands in `applyPayment`:
 *
 * - paid, order pending payment and inside its window: the order moves `pay` (gateway) and the
 *   payment is paid, in one transaction under both row locks;
 * - paid, but the order was closed (cancelled, timed out) or already paid by another attempt: the order
 *   is NOT revived; the payment becomes refund_due and the callback answers 110306 so the gateway
 *   refunds (a real provider's refund call belongs to the after-sales slice);
 * - cancelled/failed: a pending payment becomes failed; the order stays payable until its deadline.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import type { OrderPayBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import {
  answerCallback,
  type CallbackPayload,
  type PaymentProvider,
  settleCallback,
} from '../../providers/payment';
import { ms, n } from './format';
import { cancelOverdue, releaseStock } from './order-sweeps';
import { newNo } from './orders-service';
import { transition } from './state-machine';

export const PAYMENT_PREFIX = 'SP';

const DESC: Record<Lang, (no: string) => string> = {
  zhhk: (no) => `球迷商店訂單 ${no}`,
  zhcn: (no) => `球迷商店订单 ${no}`,
  zhtw: (no) => `球迷商店訂單 ${no}`,
};

export async function payOrder(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  orderId: number,
  input: OrderPayBody,
  lang: Lang,
) {
  // an order past its window is closed (and its stock back) before anyone may pay it
  await cancelOverdue(db, userId);
  const payment = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [o] = await rows(
      tx,
      sql`select id, order_no, status, pay_amount, currency from shop_orders
          where id = ${orderId} and user_id = ${userId} for update`,
    );
    if (!o) throw new ApiError(E.NOT_FOUND);
    const [same] = await rows(
      tx,
      sql`select * from shop_payments where order_id = ${orderId} and idempotency_key = ${input.idempotency_key}`,
    );
    if (same) return { p: same, orderNo: String(o.order_no), status: String(o.status) };
    if (o.status !== 'pending_payment') throw new ApiError(E.ORDER_STATE);
    const [p] = await rows(
      tx,
      sql`insert into shop_payments (payment_no, order_id, user_id, idempotency_key, amount, currency, provider, created_at)
          values (${newNo('SP')}, ${orderId}, ${userId}, ${input.idempotency_key}, ${n(o, 'pay_amount')},
            ${String(o.currency)}, ${provider.name}, ${now()})
          returning *`,
    );
    return { p, orderNo: String(o.order_no), status: String(o.status) };
  });
  const view = paymentView(payment.p, orderId);
  // a retry of a payment already settled needs no new page
  if (view.status !== 'pending' || payment.status !== 'pending_payment') return { ...view, pay_url: null };
  const { payUrl } = await provider.createPayment({
    orderNo: view.payment_no,
    amountCents: view.amount,
    currency: view.currency,
    description: DESC[lang](payment.orderNo),
    lang,
  });
  return { ...view, pay_url: payUrl };
}

function paymentView(p: Record<string, unknown>, orderId: number) {
  return {
    payment_no: String(p.payment_no),
    order_id: orderId,
    amount: n(p, 'amount'),
    currency: String(p.currency),
    /** pending | paid | failed | refund_due */
    status: String(p.status),
    created_ms: ms(p.created_at) ?? 0,
    paid_ms: ms(p.paid_at),
  };
}

/** The owner's payment by its gateway number (the payment status page reads it). */
export async function getPayment(db: Db, userId: number, paymentNo: string) {
  const [p] = await rows(
    db,
    sql`select p.*, o.status as order_status, o.order_no from shop_payments p join shop_orders o on o.id = p.order_id
        where p.payment_no = ${paymentNo} and p.user_id = ${userId}`,
  );
  if (!p) throw new ApiError(E.NOT_FOUND);
  return {
    ...paymentView(p, n(p, 'order_id')),
    order_no: String(p.order_no),
    order_status: String(p.order_status),
  };
}

export async function applyPayment(
  db: Db,
  cb: CallbackPayload,
): Promise<{ status: string; credited: boolean }> {
  const outcome = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [p] = await rows(tx, sql`select * from shop_payments where payment_no = ${cb.order_no} for update`);
    if (!p) throw new ApiError(E.NOT_FOUND);
    const orderId = n(p, 'order_id');
    const [o] = await rows(
      tx,
      sql`select id, status, pay_deadline from shop_orders where id = ${orderId} for update`,
    );
    const mark = (status: string) =>
      tx.execute(
        sql`update shop_payments set status = ${status}, provider_txn = ${cb.provider_txn},
              paid_at = ${status === 'failed' ? null : now()} where id = ${n(p, 'id')}`,
      );
    return settleCallback(cb, {
      amount: n(p, 'amount'),
      currency: String(p.currency),
      payStatus: String(p.status),
      async payable() {
        if (String(o.status) !== 'pending_payment') return false;
        if ((ms(o.pay_deadline) ?? 0) > nowMs()) return true;
        // paid after the window: close it now (stock back) rather than let the money revive it
        await transition(tx, orderId, 'auto_cancel', 'system', [
          sql`closed_at = ${now()}`,
          sql`close_reason = 'timeout'`,
        ]);
        await releaseStock(tx, orderId);
        return false;
      },
      async settle() {
        await transition(tx, orderId, 'pay', 'gateway', [sql`paid_at = ${now()}`]);
        await mark('paid');
      },
      refundDue: async () => void (await mark('refund_due')),
      failed: async () => void (await mark('failed')),
    });
  });
  // committed first (the order stays closed, the refund is recorded), then refused so the gateway refunds
  return answerCallback(outcome);
}
