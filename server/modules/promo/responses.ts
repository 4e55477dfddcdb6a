/** Response schemas of the promo routes (amounts in HKD cents). */
import { int, nullable, num, obj, okResponse, pageOf, str } from '../../http/response-schemas';

export const shareCodeResponse = okResponse(obj({ code: str }));

export const ecommerceResponse = okResponse(
  obj({
    available: int,
    pending: int,
    withdrawn: int,
    withdrawing: int,
    total_earned: int,
    orders: int,
    credited_orders: int,
    commission_percent: num,
    share_code: str,
    currency: str,
  }),
);

const record = obj({
  id: int,
  order_id: int,
  order_no: str,
  product_id: int,
  product_name: str,
  product_image: str,
  buyer: str,
  base_cents: int,
  rate_percent: num,
  amount_cents: int,
  reversed_cents: int,
  /** pending | credited | reversed | void */
  state: str,
  order_status: str,
  created_ms: int,
  credited_ms: nullable(int),
  settled_ms: nullable(int),
});

export const recordResponse = okResponse(record);
export const recordPageResponse = okResponse(pageOf(record));
