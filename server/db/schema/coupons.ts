/**
 * Shop coupons (issue 12, coupons slice): a coupon kind (threshold, discount, validity, names in three
 * scripts) and the copies users hold. A held coupon is used by at most one order: `order_id` is set by one
 * conditional UPDATE (`where status = 'unused'`) in the order's transaction, and cleared again when that
 * order is cancelled before payment.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { shopOrders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const shopCoupons = pgTable(
  'shop_coupons',
  {
    id: serial('id').primaryKey(),
    /** stable key of a seeded kind (seeding is idempotent by it) */
    code: text('code').notNull().unique(),
    nameZhhk: text('name_zhhk').notNull(),
    nameZhcn: text('name_zhcn').notNull(),
    nameZhtw: text('name_zhtw').notNull(),
    /** HKD minor units: the goods must come to at least `threshold`; `discount` comes off */
    threshold: integer('threshold').notNull(),
    discount: integer('discount').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [check('shop_coupons_amount_ck', sql`${t.discount} > 0 and ${t.threshold} >= ${t.discount}`)],
);

export const shopUserCoupons = pgTable(
  'shop_user_coupons',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => shopCoupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** unused | used */
    status: text('status').notNull().default('unused'),
    startsAt: at('starts_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    orderId: integer('order_id').references(() => shopOrders.id, { onDelete: 'set null' }),
    usedAt: at('used_at'),
    /** who issued it: 'seed' | 'ops:<operator id>' */
    source: text('source').notNull().default('seed'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('shop_user_coupons_user_idx').on(t.userId, t.status, t.expiresAt),
    uniqueIndex('shop_user_coupons_order_uq').on(t.orderId),
    check('shop_user_coupons_status_ck', sql`${t.status} in ('unused', 'used')`),
  ],
);
