/**
 * Promotion income (issue 12, item 7): each fan's stable share code, and one commission row per order
 * bought through a share link. The money itself moves only through the wallet ledger (account
 * 'ecommerce', HKD cents); these rows say which order earned what and where it stands.
 * Written by server/modules/promo only.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { shopOrders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const promoShareCodes = pgTable('promo_share_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** what the share link carries (`&code=`): random, stable, says nothing about the user */
  code: text('code').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const promoCommissions = pgTable(
  'promo_commissions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    sharerId: integer('sharer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').notNull(),
    /** the order's first line, for the records list */
    productId: integer('product_id').notNull(),
    /** paid goods amount (goods − coupon, no shipping), HKD cents */
    baseCents: integer('base_cents').notNull(),
    /** commission rate in basis points at the time of payment */
    rateBp: integer('rate_bp').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** pending (paid, not completed) | credited | reversed (refunded after credit) | void (refunded before) */
    state: text('state').notNull().default('pending'),
    /** cents actually taken back on reversal (the sharer may have withdrawn part of it already) */
    reversedCents: integer('reversed_cents').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    creditedAt: at('credited_at'),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('promo_commissions_order_uq').on(t.orderId),
    index('promo_commissions_sharer_idx').on(t.sharerId, t.id),
    check('promo_commissions_state', sql`${t.state} in ('pending', 'credited', 'reversed', 'void')`),
    check('promo_commissions_amount_nonneg', sql`${t.amountCents} >= 0`),
  ],
);
