/** Response schemas of the points store, the shop user centre and the consultation thread. */
import { arrayOf, bool, int, nullable, obj, okResponse, pageOf, str } from '../../http/response-schemas';

const goods = {
  id: int,
  kind: str,
  name: str,
  description: str,
  image: str,
  points: int,
  cash: int,
  stock: int,
  sold: int,
};

const checkin = obj({
  day: str,
  checked_in: bool,
  streak: int,
  today_points: int,
  next_points: int,
  streak_days: int,
  streak_bonus: int,
  days_to_bonus: int,
});

export const accountResponse = okResponse(
  obj({
    balance: int,
    earned: int,
    spent: int,
    checkin,
    perks: arrayOf(obj({ perk: str, expires_ms: int })),
  }),
);
export const checkinResponse = okResponse(
  obj({
    credited: int,
    already: bool,
    day: str,
    checked_in: bool,
    streak: int,
    today_points: int,
    next_points: int,
    streak_days: int,
    streak_bonus: int,
    days_to_bonus: int,
  }),
);

export const entriesResponse = okResponse(
  obj({
    list: arrayOf(
      obj({ id: int, amount: int, balance_after: int, reason: str, ref_id: nullable(str), created_ms: int }),
    ),
    total: int,
    page: int,
    size: int,
    balance: int,
  }),
);

export const goodsPageResponse = okResponse(
  obj({ list: arrayOf(obj(goods)), total: int, page: int, size: int, balance: int }),
);
export const goodsDetailResponse = okResponse(obj({ ...goods, balance: int, exchange_max: int }));

const address = obj({ id: int, receiver: str, area_code: str, phone: str, region: str, detail: str });

export const settlementResponse = okResponse(
  obj({
    goods: obj({ ...goods, balance: int, exchange_max: int }),
    quantity: int,
    points: int,
    cash: int,
    balance: int,
    balance_after: int,
    enough: bool,
    needs_address: bool,
    address: nullable(address),
  }),
);

const exchange = {
  id: int,
  exchange_no: str,
  status: str,
  goods: obj({ id: int, name: str, image: str, kind: str }),
  quantity: int,
  points: int,
  cash: int,
  pay_status: nullable(str),
  pay_deadline_ms: nullable(int),
  close_reason: nullable(str),
  created_ms: int,
  paid_ms: nullable(int),
  closed_ms: nullable(int),
  carrier: nullable(str),
  tracking_no: nullable(str),
  shipped_ms: nullable(int),
};
const tracking = obj({ events: arrayOf(obj({ code: str, at_ms: int })), eta_ms: nullable(int) });
export const exchangeResponse = okResponse(
  obj({ ...exchange, address: nullable(address), tracking: nullable(tracking) }),
);
export const opsExchangePageResponse = okResponse(
  pageOf(
    obj({
      id: int,
      exchange_no: str,
      status: str,
      goods_name: str,
      quantity: int,
      points: int,
      cash: int,
      buyer: str,
      receiver: str,
      created_ms: int,
      carrier: nullable(str),
      tracking_no: nullable(str),
      shipped_ms: nullable(int),
    }),
  ),
);
export const opsExchangeShipResponse = okResponse(obj({ exchange_id: int, carrier: str, tracking_no: str }));
export const exchangePageResponse = okResponse(pageOf(obj(exchange)));
export const exchangePayResponse = okResponse(
  obj({ exchange_id: int, payment_no: str, amount: int, currency: str, pay_url: str }),
);

export const userCentreResponse = okResponse(
  obj({
    orders: obj({
      all: int,
      pending_payment: int,
      pending_shipment: int,
      pending_receipt: int,
      pending_review: int,
      refunding: int,
    }),
    coupons: int,
    addresses: int,
    collects: int,
    exchanges: int,
    points: int,
  }),
);

const message = obj({ id: int, sender: str, body: str, created_ms: int });
export const threadResponse = okResponse(
  obj({
    order: obj({ id: int, order_no: str, status: str, after_sale_status: nullable(str) }),
    list: arrayOf(message),
  }),
);
export const threadsResponse = okResponse(
  pageOf(
    obj({
      order_id: int,
      order_no: str,
      user_id: int,
      last_body: str,
      last_sender: str,
      last_ms: int,
      count: int,
    }),
  ),
);
