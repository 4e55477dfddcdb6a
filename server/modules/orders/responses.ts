/** Response schemas of the shop's order routes. */
import { arrayOf, bool, int, nullable, obj, okResponse, str } from '../../http/response-schemas';
import { couponChoiceSchema } from '../coupons';

const line = obj({
  sku_id: int,
  product_id: int,
  name: str,
  image: str,
  size: str,
  color: str,
  /** HKD minor units */
  price: int,
  quantity: int,
  valid: bool,
});
const region = arrayOf(obj({ code: str, name: str }));
const address = obj({
  id: int,
  receiver: str,
  area_code: str,
  phone: str,
  region,
  detail: str,
  is_default: bool,
});

export const settlementResponse = okResponse(
  obj({
    lines: arrayOf(line),
    count: int,
    invalid_count: int,
    address: { anyOf: [address, { type: 'null' }] },
    goods_amount: int,
    shipping_fee: int,
    discount: int,
    pay_amount: int,
    ...couponChoiceSchema,
    free_shipping_from: int,
    pay_timeout_minutes: int,
  }),
);

const item = obj({
  id: int,
  sku_id: int,
  product_id: int,
  name: str,
  image: str,
  size: str,
  color: str,
  price: int,
  quantity: int,
});
const summaryProps = {
  id: int,
  order_no: str,
  status: str,
  goods_amount: int,
  shipping_fee: int,
  discount: int,
  pay_amount: int,
  currency: str,
  count: int,
  items: arrayOf(item),
  created_at: str,
  created_ms: int,
  pay_deadline_ms: int,
  close_reason: nullable(str),
  can_pay: bool,
  can_cancel: bool,
  can_confirm: bool,
};
const counts = obj({
  all: int,
  pending_payment: int,
  pending_shipment: int,
  pending_receipt: int,
  pending_review: int,
  completed: int,
  closed: int,
  refunding: int,
});
export const orderPageResponse = okResponse(
  obj({ list: arrayOf(obj(summaryProps)), total: int, page: int, size: int, counts }),
);
export const orderDetailResponse = okResponse(
  obj({
    ...summaryProps,
    address: obj({ receiver: str, area_code: str, phone: str, region, detail: str }),
    remark: str,
    paid_at: nullable(str),
    shipped_at: nullable(str),
    received_at: nullable(str),
    closed_at: nullable(str),
    auto_confirm_ms: nullable(int),
    carrier: nullable(str),
    tracking_no: nullable(str),
    /** completed by the review window without a review: reviewing is closed */
    review_window_passed: bool,
    timeline: arrayOf(obj({ event: str, from: nullable(str), to: str, actor: str, at: str, at_ms: int })),
  }),
);
const paymentProps = {
  payment_no: str,
  order_id: int,
  amount: int,
  currency: str,
  status: str,
  created_ms: int,
  paid_ms: nullable(int),
};
export const payResponse = okResponse(obj({ ...paymentProps, pay_url: nullable(str) }));
export const paymentResponse = okResponse(obj({ ...paymentProps, order_no: str, order_status: str }));
