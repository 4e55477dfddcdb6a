/**
 * After-sales (issue 12): a buyer's application to get an order's money back (refund only, or return and
 * refund), the merchant's decision, and the refund paid back through the payment gateway. States (spec
 * §4): pending (waiting for merchant processing) → waiting_receipt (return and refund: waiting for the
 * parcel) → success | failed (with the reason) | closed (withdrawn by the buyer, irreversible).
 * A refund row is unique per application, so a retried or concurrent approval pays back once.
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
import { shopOrders, shopPayments } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const shopAfterSales = pgTable(
  'shop_after_sales',
  {
    id: serial('id').primaryKey(),
    afterNo: text('after_no').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** refund | return_refund */
    kind: text('kind').notNull(),
    /** a reason key of rules.json afterSales.reasons */
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** the one order line this application is about (a partial refund); null: the whole order */
    orderItemId: integer('order_item_id'),
    /** HKD minor units: what the order was paid, or the line's share of it */
    amount: integer('amount').notNull(),
    /** pending | waiting_receipt | success | failed | closed */
    status: text('status').notNull().default('pending'),
    /** the order's state when applying: a refused or withdrawn application puts it back */
    orderStatusBefore: text('order_status_before').notNull(),
    rejectReason: text('reject_reason'),
    returnCarrier: text('return_carrier'),
    returnTrackingNo: text('return_tracking_no'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    uniqueIndex('shop_after_sales_user_key_uq').on(t.userId, t.idempotencyKey),
    // one open application per order
    uniqueIndex('shop_after_sales_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} in ('pending', 'waiting_receipt')`),
    index('shop_after_sales_user_idx').on(t.userId, t.id),
    index('shop_after_sales_status_idx').on(t.status, t.id),
    check('shop_after_sales_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** A refund paid back through the gateway the order was paid with: one per application. */
export const shopRefunds = pgTable(
  'shop_refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: text('refund_no').notNull().unique(),
    afterSaleId: integer('after_sale_id')
      .notNull()
      .references(() => shopAfterSales.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => shopPayments.id),
    userId: integer('user_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('HKD'),
    provider: text('provider').notNull(),
    /** succeeded (the gateway accepted it) */
    status: text('status').notNull().default('succeeded'),
    providerTxn: text('provider_txn'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_refunds_after_sale_uq').on(t.afterSaleId),
    index('shop_refunds_order_idx').on(t.orderId),
    check('shop_refunds_amount_ck', sql`${t.amount} >= 0`),
  ],
);
