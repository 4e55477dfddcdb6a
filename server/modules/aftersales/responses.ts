/** Response schemas of the after-sales, logistics, reviews and merchant routes. */
import { arrayOf, bool, int, nullable, obj, okResponse, pageOf, str } from '../../http/response-schemas';

const afterSale = {
  id: int,
  after_no: str,
  order_id: int,
  order_no: str,
  /** the one line a partial refund is about; null: the whole order */
  order_item_id: nullable(int),
  /** refund | return_refund */
  kind: str,
  reason: str,
  description: str,
  images: arrayOf(str),
  /** HKD minor units */
  amount: int,
  /** pending | waiting_receipt | success | failed | closed */
  status: str,
  reject_reason: nullable(str),
  return_carrier: nullable(str),
  return_tracking_no: nullable(str),
  refund_no: nullable(str),
  refunded_ms: nullable(int),
  created_ms: int,
  updated_ms: int,
  decided_ms: nullable(int),
  item_image: str,
  item_name: str,
  item_count: int,
  can_edit: bool,
  can_withdraw: bool,
  can_send_express: bool,
};
export const afterSaleResponse = okResponse(obj(afterSale));
export const afterSalePageResponse = okResponse(pageOf(obj(afterSale)));
export const opsAfterSaleResponse = okResponse(obj({ ...afterSale, user_id: int }));

export const trackingResponse = okResponse(
  obj({
    order_id: int,
    order_no: str,
    order_status: str,
    carrier: nullable(str),
    tracking_no: nullable(str),
    image: str,
    count: int,
    district: str,
    receiver: str,
    state: nullable(str),
    events: arrayOf(obj({ code: str, at_ms: int })),
    eta_ms: nullable(int),
  }),
);

export const opsOrderPageResponse = okResponse(
  pageOf(
    obj({
      id: int,
      order_no: str,
      status: str,
      pay_amount: int,
      paid_ms: nullable(int),
      carrier: nullable(str),
      tracking_no: nullable(str),
      buyer: str,
      receiver: str,
      count: int,
      first_item: str,
    }),
  ),
);
export const shipResponse = okResponse(obj({ order_id: int, carrier: str, tracking_no: str }));
