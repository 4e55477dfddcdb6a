/**
 * The points store (issue 12, points slice). Points are a ledger like the coins' (wallet.ts): every
 * movement is one points_entries row and one change of points_accounts.balance, written together by
 * server/modules/points/ledger.ts only, so balance == sum(entries) and a balance never goes below 0
 * (the check constraint is the last line of defence). Exchanges reserve the goods' stock like shop
 * orders: one conditional UPDATE (`stock >= quantity`) in the exchange's transaction.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const pointsAccounts = pgTable(
  'points_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('points_accounts_balance_nonneg', sql`${t.balance} >= 0`)],
);

export const pointsEntries = pgTable(
  'points_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** + earned, - spent */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** checkin | checkin_streak | order | review | order_refund | exchange | exchange_refund */
    reason: text('reason').notNull(),
    refId: text('ref_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_entries_idem_uq').on(t.userId, t.idempotencyKey),
    index('points_entries_user_idx').on(t.userId, t.id),
    check('points_entries_amount_ck', sql`${t.amount} <> 0 and ${t.balanceAfter} >= 0`),
  ],
);

/** One row per user and Hong Kong calendar day checked in; `streak` counts consecutive days. */
export const pointsCheckins = pgTable(
  'points_checkins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const pointsGoods = pgTable(
  'points_goods',
  {
    id: serial('id').primaryKey(),
    /** stable key of a seeded item (seeding is idempotent by it) */
    code: text('code').notNull().unique(),
    /** physical (shipped to an address) | coupon (a shop coupon at once) | perk (a membership perk) */
    kind: text('kind').notNull(),
    nameZhhk: text('name_zhhk').notNull(),
    nameZhcn: text('name_zhcn').notNull(),
    nameZhtw: text('name_zhtw').notNull(),
    descZhhk: text('desc_zhhk').notNull(),
    descZhcn: text('desc_zhcn').notNull(),
    descZhtw: text('desc_zhtw').notNull(),
    image: text('image').notNull(),
    points: integer('points').notNull(),
    /** HKD minor units paid on top of the points through the payment gateway; 0 = points only */
    cash: integer('cash').notNull().default(0),
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    /** the shop coupon kind a `coupon` item grants */
    couponCode: text('coupon_code'),
    /** the membership perk a `perk` item grants (ad_free | gold_badge) and for how many days per copy */
    perk: text('perk'),
    perkDays: integer('perk_days'),
    /** 1 on sale, 0 off the shelf */
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('points_goods_stock_nonneg', sql`${t.stock} >= 0`),
    check('points_goods_price_ck', sql`${t.points} > 0 and ${t.cash} >= 0`),
  ],
);

export const pointsExchanges = pgTable(
  'points_exchanges',
  {
    id: serial('id').primaryKey(),
    exchangeNo: text('exchange_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => pointsGoods.id),
    quantity: integer('quantity').notNull(),
    points: integer('points').notNull(),
    cash: integer('cash').notNull(),
    /** pending_payment | pending_shipment | shipped | completed | closed */
    status: text('status').notNull(),
    /** the delivery address as it was (physical goods) */
    address: jsonb('address'),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentNo: text('payment_no'),
    payStatus: text('pay_status'),
    payDeadline: at('pay_deadline'),
    closeReason: text('close_reason'),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    /** physical goods: the merchant's hand-over to a carrier (the shop's logistics provider) */
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    shippedAt: at('shipped_at'),
  },
  (t) => [
    uniqueIndex('points_exchanges_idem_uq').on(t.userId, t.idempotencyKey),
    index('points_exchanges_user_idx').on(t.userId, t.id),
    check('points_exchanges_qty_ck', sql`${t.quantity} between 1 and 5`),
  ],
);

/**
 * Membership perks a fan holds (granted by exchanging `perk` goods, in the exchange's transaction): one
 * row per user and perk, its end moved later by each further exchange (days from the later of now and
 * the current end).
 */
export const pointsUserPerks = pgTable(
  'points_user_perks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    perk: text('perk').notNull(),
    expiresAt: at('expires_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.perk] })],
);

/**
 * `/shop/sales/consultation`: a buyer's message thread with the merchant about one order (and the
 * after-sales case on it, if any). Plain text; the client renders it inert.
 */
export const shopConsultations = pgTable(
  'shop_consultations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    /** buyer | merchant */
    sender: text('sender').notNull(),
    /** the operator who answered (merchant messages) */
    operatorId: integer('operator_id'),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('shop_consultations_order_idx').on(t.orderId, t.id),
    check('shop_consultations_sender_ck', sql`${t.sender} in ('buyer', 'merchant')`),
  ],
);
