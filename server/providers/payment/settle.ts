/**
 * The one shape of a verified gateway callback for something bought (a shop order's payment, a points +
 * cash exchange), run inside the caller's transaction under its row locks:
 * - the amount and currency must be what was asked (110... PAYMENT_AMOUNT_MISMATCH otherwise);
 * - paid: a payment already paid or refund_due answers as it is (idempotent); one whose purchase is no
 *   longer payable (closed, timed out, paid by another attempt) becomes refund_due and is refused, so
 *   the gateway refunds — never revived; otherwise the purchase moves on (`settle`);
 * - cancelled / failed: a pending payment becomes failed; the purchase stays payable until its deadline.
 * The caller commits, then `answerCallback` throws the refusal (110306) after the commit.
 */
import { ApiError, E } from '../../http/errors';
import type { CallbackPayload } from './types';

export interface CallbackTarget {
  amount: number;
  currency: string;
  /** pending | paid | failed | refund_due (pending also for a first callback after a failed one) */
  payStatus: string;
  /** still payable now: may close the purchase itself (a late payment) and answer false */
  payable(): Promise<boolean>;
  /** the purchase moves on and the payment is paid */
  settle(): Promise<void>;
  /** the money came for something no longer payable: recorded for a refund */
  refundDue(): Promise<void>;
  /** the gateway says the attempt failed or was cancelled */
  failed(): Promise<void>;
}

export interface CallbackOutcome {
  status: string;
  credited: boolean;
  refused: boolean;
}

export async function settleCallback(cb: CallbackPayload, target: CallbackTarget): Promise<CallbackOutcome> {
  if (cb.amount_cents !== target.amount || cb.currency !== target.currency)
    throw new ApiError(E.PAYMENT_AMOUNT_MISMATCH);
  const status = target.payStatus;
  if (cb.status === 'paid') {
    if (status === 'paid' || status === 'refund_due')
      return { status, credited: false, refused: status !== 'paid' };
    if (!(await target.payable())) {
      await target.refundDue();
      return { status: 'refund_due', credited: false, refused: true };
    }
    await target.settle();
    return { status: 'paid', credited: true, refused: false };
  }
  if (cb.status === 'cancelled' || cb.status === 'failed') {
    if (status !== 'pending') return { status, credited: false, refused: false };
    await target.failed();
    return { status: 'failed', credited: false, refused: false };
  }
  throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/status', keyword: 'enum' });
}

/** After the caller's commit: a refused callback answers 110306 (the gateway refunds). */
export function answerCallback(o: CallbackOutcome): { status: string; credited: boolean } {
  if (o.refused) throw new ApiError(E.ORDER_STATE);
  return { status: o.status, credited: o.credited };
}
