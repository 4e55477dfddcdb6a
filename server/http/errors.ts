/**
 * Business failures. Throw `new ApiError(E.WRONG_PASSWORD)` from a handler or hook; the error plugin
 * turns it into the envelope `{code, msg, data}` with the message in the caller's language.
 * The codes are those of screens/errors.json (the client's error catalogue).
 */
export const E = {
  SEND_FAILED: 100000,
  CAPTCHA_FAILED: 100100,
  CAPTCHA_WRONG: 100101,
  CODE_WRONG: 100102,
  CODE_ATTEMPTS: 100103,
  CODE_TOO_SOON: 100104,
  WRONG_PASSWORD: 100105,
  NO_PASSWORD: 100106,
  PASSWORD_POLICY: 100107,
  /** account security (binding): the phone or email already belongs to another account */
  PHONE_TAKEN: 100108,
  EMAIL_TAKEN: 100109,
  /** binding a new phone/email needs the ticket of the code sent to the current one */
  BIND_VERIFY_OLD: 100110,
  /** a code to "the current phone/email" of an account that has none */
  NOTHING_BOUND: 100111,
  TOKEN_MISSING: 100200,
  TOKEN_UNKNOWN: 100201,
  TOKEN_EXPIRED: 100202,
  TOKEN_KICKED: 100203,
  CLIENT_CREDENTIALS: 100204,
  BAD_REQUEST: 100400,
  NOT_FOUND: 100404,
  TOO_LARGE: 100413,
  UNSUPPORTED_MEDIA: 100415,
  TOO_MANY: 100429,
  SERVER: 100500,
  NOT_LOGGED_IN: 110000,
  REAL_NAME_REQUIRED: 110011,
  /** real-name / expert onboarding (owner: ops engineer) */
  IDENTITY_PENDING: 110012,
  IDENTITY_APPROVED: 110013,
  NOT_ADULT: 110014,
  EXPERT_APPLY_PENDING: 110021,
  EXPERT_ALREADY: 110022,
  EXPERT_BANNED: 110023,
  /** an operator decision on an item that is no longer waiting for one */
  OPS_ALREADY_DECIDED: 110030,
  NO_PERMISSION: 110403,
  INSUFFICIENT_COINS: 110300,
  /** plans and experts (owner: plans engineer); each spec §5 plan rule has its own code */
  PLAN_CONTENT_SHORT: 130101,
  PLAN_NO_MATCH: 130102,
  PLAN_NO_PICK: 130103,
  PLAN_BAD_PRICE: 130104,
  PLAN_NO_TITLE: 130105,
  PLAN_HALF_FULL_MAX: 130106,
  PLAN_DOUBLE_ODDS: 130107,
  PLAN_COMBO_RANGE: 130108,
  PLAN_FOURTEEN: 130109,
  PLAN_PICK_NINE: 130110,
  PLAN_STAKE_MAX: 130111,
  PLAN_MATCH_STARTED: 130112,
  PLAN_QUOTA: 130113,
  PLAN_NOT_EXPERT: 130114,
  PLAN_BAD_PICK: 130115,
  PLAN_PLAY_TYPE: 130116,
  PLAN_OWN: 130117,
  PLAN_CLOSED: 130118,
  PLAN_TITLE_LONG: 130119,
  FOLLOW_SELF: 130120,
  SUB_OWN: 130121,
  /** matches (owner: feed engineer): support is once per user and match; closed = finished/cancelled */
  MATCH_SUPPORTED_ALREADY: 120101,
  MATCH_CLOSED: 120102,
  /** wallet (owner: wallet engineer) */
  INSUFFICIENT_INCOME: 110301,
  WITHDRAW_BELOW_MIN: 110302,
  PAY_METHOD_UNSUPPORTED: 110303,
  /** an idempotency key reused for a different request */
  IDEMPOTENCY_CONFLICT: 110304,
  PAYMENT_SIGNATURE: 110305,
  /** the order or withdrawal is no longer in a state that allows this */
  ORDER_STATE: 110306,
  PAYMENT_AMOUNT_MISMATCH: 110307,
  BANK_CARD_REQUIRED: 110308,
  BANK_CARD_INVALID: 110309,
  ID_NUMBER_INVALID: 110310,
  BANK_CARD_LIMIT: 110311,
  /** chat (owner: realtime engineer) */
  CHAT_EMPTY: 140101,
  CHAT_TOO_LONG: 140102,
  /** data: { retry_after_ms } */
  CHAT_TOO_FAST: 140103,
  CHAT_ALREADY_REPORTED: 140104,
  CHAT_BLOCK_SELF: 140105,
  /** shop (owner: shop engineer): data { stock, in_cart? } */
  SHOP_STOCK_SHORT: 150101,
  /** the SKU is sold out or its product is off the shelf */
  SHOP_SKU_UNAVAILABLE: 150102,
  /** data: { max } */
  SHOP_CART_FULL: 150103,
  /** data: { max } */
  SHOP_ADDRESS_LIMIT: 150104,
  /** the phone does not fit its area code, or the region path is not one of the regions API */
  SHOP_ADDRESS_INVALID: 150105,
  /** news comments (owner: sight) */
  COMMENT_EMPTY: 160101,
  COMMENT_TOO_LONG: 160102,
  /** data: { retry_after_ms } */
  COMMENT_TOO_FAST: 160103,
  /** reports (owner: social): too many reports in an hour; data: { retry_after_ms } */
  REPORT_TOO_MANY: 160201,
  /** an operator banned the user from posting comments and activities; data: { until } */
  POSTING_BANNED: 160202,
  /** praise, collect and follow taps (owner: social3): too many in a short time; data: { retry_after_ms } */
  ACTION_TOO_FAST: 160301,
  /** orders (owner: orders engineer): nothing to order (no ticked valid cart line, no item) */
  ORDER_EMPTY: 150201,
  /** data: { max } */
  ORDER_TOO_MANY_LINES: 150202,
  /** the delivery address was deleted or never was the caller's */
  ORDER_ADDRESS_MISSING: 150203,
  /** config documents (owner: cfgver): the draft's base version is not the newest; data: { head_version } */
  CONFIG_CONFLICT: 180101,
  /** the draft fails the config checks; data: { problems: [{ file, pointer, message }] } */
  CONFIG_INVALID: 180102,
  /** publishing a document whose newest version is already published */
  CONFIG_NOTHING_TO_PUBLISH: 180103,
  /** creating a config document whose kind and name already exist; data: { key } */
  CONFIG_EXISTS: 180104,
  /** deleting a document a repo file seeds (only an operator's own screens go; roll a seeded one back); data: { key } */
  CONFIG_SEEDED: 180105,
  /** deleting a screen the route table (published or its draft) still shows; data: { key, routes, tabs } */
  CONFIG_IN_USE: 180106,
  /** live streams (owner: live engineer): the caller has no creator role (operators grant it) */
  LIVE_NOT_CREATOR: 170101,
  /** data: { until } */
  LIVE_CREATOR_BANNED: 170102,
  /** the room has ended: no key rotation, no gifts */
  LIVE_ROOM_ENDED: 170103,
  /** data: { room_id }: a creator has one idle or live room at a time */
  LIVE_ROOM_OPEN: 170104,
  /** a gift id that is not in the catalogue */
  LIVE_GIFT_UNKNOWN: 170105,
  /** a creator cannot send gifts to their own room */
  LIVE_GIFT_OWN: 170106,
  /** live chat moderation: the caller is muted in this room's chat; data: { until } */
  LIVE_CHAT_MUTED: 170401,
  /** the caller is banned from this live room (no room page, no chat); data: { until } (null: until revoked) */
  LIVE_ROOM_BANNED: 170402,
  /** moderation: the room's owner cannot be muted or banned in their own room */
  LIVE_SANCTION_OWNER: 170403,
  /** lucky bags: the bag's countdown is over (it is drawn or about to be); no more entries */
  LUCKY_BAG_CLOSED: 170301,
  /** a creator cannot join their own bag */
  LUCKY_BAG_OWN: 170302,
  /** data: { bag_id }: one open bag per room at a time */
  LUCKY_BAG_OPEN: 170303,
  /** data: { max_shares }: the total must be at least one coin per share */
  LUCKY_BAG_SHARES: 170304,
  /** coupons (owner: shopx): not the caller's, used, not yet valid or expired, or the goods are below its threshold */
  COUPON_UNUSABLE: 150301,
  /** after-sales: the order is not in a state that allows an application (unpaid, closed, completed...) */
  AFTER_SALE_NOT_ALLOWED: 150401,
  /** after-sales: this order already has an open application */
  AFTER_SALE_OPEN: 150402,
  /** after-sales: the application is no longer in a state that allows this (withdrawn, decided...) */
  AFTER_SALE_STATE: 150403,
  /** reviews: only a received order waiting for its review can be reviewed */
  REVIEW_NOT_ALLOWED: 150501,
  /** points store (owner: points engineer): too few points; data: { balance } */
  POINTS_SHORT: 150601,
  /** the points goods are sold out or off the shelf; data: { stock } */
  POINTS_GOODS_UNAVAILABLE: 150602,
  /** the exchange is no longer in a state that allows this (paid, closed...) */
  POINTS_EXCHANGE_STATE: 150603,
  /** physical goods need a delivery address of the caller's */
  POINTS_ADDRESS_MISSING: 150604,
} as const;

export type ErrorCode = (typeof E)[keyof typeof E];

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** an explicit message replaces the localized one; leave it out for user-facing errors */
  readonly msgOverride: string | undefined;

  constructor(code: number, data?: unknown, msg?: string) {
    super(msg ?? `api error ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.data = data ?? null;
    this.msgOverride = msg;
  }
}
