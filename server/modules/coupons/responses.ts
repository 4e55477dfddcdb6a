/** Response schemas of the coupon routes. */
import { arrayOf, bool, int, nullable, obj, okResponse, str } from '../../http/response-schemas';

export const couponProps = {
  id: int,
  name: str,
  /** HKD minor units */
  threshold: int,
  discount: int,
  starts_ms: int,
  expires_ms: int,
  /** usable | used | expired */
  status: str,
  used_ms: nullable(int),
  order_id: nullable(int),
};

export const couponPageResponse = okResponse(
  obj({
    list: arrayOf(obj(couponProps)),
    total: int,
    page: int,
    size: int,
    counts: obj({ usable: int, used: int, expired: int }),
  }),
);

/** the settlement's part: the usable coupons with whether each applies, and the chosen one */
export const couponChoiceSchema = {
  coupons: arrayOf(obj({ ...couponProps, applicable: bool })),
  coupon_id: nullable(int),
};

export const couponKindsResponse = okResponse(
  obj({
    list: arrayOf(
      obj({
        id: int,
        value: int,
        label: str,
        code: str,
        name: str,
        threshold: int,
        discount: int,
        issued: int,
        used: int,
      }),
    ),
  }),
);
export const grantResponse = okResponse(obj({ coupon_id: int, granted: int, unknown: arrayOf(str) }));
