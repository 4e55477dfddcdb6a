/**
 * Shop orders (issue 12, second slice): an order, its lines (a snapshot of name, SKU and price in HKD
 * minor units at the time of purchase), its audit trail of state changes, and its payments through the
 * payment gateway. The state machine lives in server/modules/orders/state-machine.ts; every change of
 * `status` goes through it, in one transaction with a row in shop_order_events.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { shopSkus } from './shop';

const at = (name: string) => timestamp(name, { withTimezone: true });

export interface OrderAddress {
  receiver: string;
  area_code: string;
  phone: string;
  region: { code: string; name: string }[];
  detail: string;
}

export const shopOrders = pgTable(
  'shop_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending_payment | pending_shipment | pending_receipt | pending_review | completed | closed | refunding */
    status: text('status').notNull().default('pending_payment'),
    /** the client's key: a retried create answers the order made the first time */
    idempotencyKey: text('idempotency_key').notNull(),
    /** HKD minor units */
    goodsAmount: integer('goods_amount').notNull(),
    shippingFee: integer('shipping_fee').notNull(),
    discount: integer('discount').notNull().default(0),
    payAmount: integer('pay_amount').notNull(),
    currency: text('currency').notNull().default('HKD'),
    /** the delivery address as it was when ordering (a later edit does not move a parcel) */
    address: jsonb('address').$type<OrderAddress>().notNull(),
    remark: text('remark').notNull().default(''),
    /** whether the lines came from the cart (those cart lines are removed with the order) */
    fromCart: integer('from_cart').notNull().default(0),
    payDeadline: at('pay_deadline').notNull(),
    paidAt: at('paid_at'),
    shippedAt: at('shipped_at'),
    /** set when shipped: an unconfirmed parcel is confirmed received then */
    autoConfirmAt: at('auto_confirm_at'),
    receivedAt: at('received_at'),
    closedAt: at('closed_at'),
    /** user_cancelled | timeout */
    closeReason: text('close_reason'),
    carrier: text('carrier'),
    /** the fan whose share link the buyer came through (never the buyer), see server/modules/promo */
    sharerId: integer('sharer_id'),
    /** the product the share link showed: the commission counts that product's lines only */
    shareProductId: integer('share_product_id'),
    trackingNo: text('tracking_no'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_orders_user_key_uq').on(t.userId, t.idempotencyKey),
    index('shop_orders_user_status_idx').on(t.userId, t.status, t.id),
    index('shop_orders_deadline_idx').on(t.payDeadline).where(sql`${t.status} = 'pending_payment'`),
    index('shop_orders_confirm_idx').on(t.autoConfirmAt).where(sql`${t.status} = 'pending_receipt'`),
    check(
      'shop_orders_amount_ck',
      sql`${t.goodsAmount} >= 0 and ${t.shippingFee} >= 0 and ${t.discount} >= 0 and ${t.payAmount} = ${t.goodsAmount} + ${t.shippingFee} - ${t.discount} and ${t.payAmount} >= 0`,
    ),
  ],
);

export const shopOrderItems = pgTable(
  'shop_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => shopSkus.id),
    productId: integer('product_id').notNull(),
    /** snapshots in the buyer's script at the time of purchase */
    name: text('name').notNull(),
    image: text('image').notNull(),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    /** unit price, HKD minor units */
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('shop_order_items_order_idx').on(t.orderId),
    check('shop_order_items_qty_ck', sql`${t.quantity} >= 1 and ${t.price} >= 0`),
  ],
);

/** The audit trail: one row per transition, in the transaction that made it. */
export const shopOrderEvents = pgTable(
  'shop_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** user | system | gateway | merchant */
    actor: text('actor').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('shop_order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * One attempt to pay an order at the gateway (payment_no is the gateway's order number). A retried
 * pay with the same key answers the same payment. status: pending | paid | failed | refund_due (the
 * gateway took money for an order that was closed meanwhile: it is refunded, never revives the order).
 */
export const shopPayments = pgTable(
  'shop_payments',
  {
    id: serial('id').primaryKey(),
    paymentNo: text('payment_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('HKD'),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    providerTxn: text('provider_txn'),
    /** HKD minor units paid back so far (partial refunds); status `refunded` once it is the whole amount */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
  },
  (t) => [
    uniqueIndex('shop_payments_order_key_uq').on(t.orderId, t.idempotencyKey),
    check('shop_payments_amount_ck', sql`${t.amount} > 0`),
  ],
);
