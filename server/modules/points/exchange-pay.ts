/**
 * The cash part of a points + cash exchange, through the app's payment gateway (the wallet's
 * `paymentsFor`: the sandbox page by default). The exchange number (`PX…`) is the gateway's order
 * number, so a retried pay answers a page for the same payment. The verified callback takes the shop
 * orders' shape (server/providers/payment/settle.ts):
 * - paid, exchange pending payment inside its window: it moves on (goods to ship, or a coupon granted)
 *   in one transaction under the row lock;
 * - paid but the exchange closed meanwhile: it is NOT revived; pay_status refund_due and the callback is
 *   refused (110306) so the gateway refunds, as for shop orders;
 * - cancelled / failed: pay_status failed; the exchange stays payable until its deadline.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import {
  answerCallback,
  type CallbackPayload,
  type PaymentProvider,
  settleCallback,
} from '../../providers/payment';
import { closeOverdue, exchangeDetail, grantGoods, settledStatus } from './exchange-service';

const DESC: Record<Lang, (no: string) => string> = {
  zhhk: (no) => `積分商城兌換 ${no}`,
  zhcn: (no) => `积分商城兑换 ${no}`,
  zhtw: (no) => `積分商城兌換 ${no}`,
};

export async function payExchange(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  exchangeId: number,
  lang: Lang,
) {
  const x = await exchangeDetail(db, userId, exchangeId, lang);
  if (x.status !== 'pending_payment') throw new ApiError(E.POINTS_EXCHANGE_STATE);
  const { payUrl } = await provider.createPayment({
    orderNo: x.exchange_no,
    amountCents: x.cash,
    currency: 'HKD',
    description: DESC[lang](x.exchange_no),
    lang,
  });
  return { exchange_id: x.id, payment_no: x.exchange_no, amount: x.cash, currency: 'HKD', pay_url: payUrl };
}

export async function applyExchangePayment(
  db: Db,
  cb: CallbackPayload,
  /** after the commit, when the payment settled a perk (the fan's tabs are told) */
  onPerk?: (userId: number) => Promise<void>,
) {
  await closeOverdue(db);
  let perkFor: number | null = null;
  const outcome = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [x] = await rows(
      tx,
      sql`select x.*, g.kind from points_exchanges x join points_goods g on g.id = x.goods_id
          where x.exchange_no = ${cb.order_no} for update of x`,
    );
    if (!x) throw new ApiError(E.NOT_FOUND);
    return settleCallback(cb, {
      amount: Number(x.cash),
      currency: 'HKD',
      payStatus: String(x.pay_status),
      payable: async () =>
        x.status === 'pending_payment' && new Date(String(x.pay_deadline)).getTime() > nowMs(),
      async settle() {
        const to = settledStatus(String(x.kind));
        await tx.execute(
          sql`update points_exchanges set status = ${to}, pay_status = 'paid', paid_at = ${now()} where id = ${x.id}`,
        );
        if (to === 'completed') await grantGoods(tx, Number(x.user_id), Number(x.id));
        if (x.kind === 'perk') perkFor = Number(x.user_id);
      },
      refundDue: async () =>
        void (await tx.execute(
          sql`update points_exchanges set pay_status = 'refund_due' where id = ${x.id}`,
        )),
      failed: async () =>
        void (await tx.execute(sql`update points_exchanges set pay_status = 'failed' where id = ${x.id}`)),
    });
  });
  if (perkFor !== null) await onPerk?.(perkFor);
  return answerCallback(outcome);
}
