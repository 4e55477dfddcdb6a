import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, userRef } from './columns';

/**
 * Money. Every movement of yun coins is one row of ledger_entries, and wallet_accounts.balance is the
 * running sum of a user's entries for that account (checked by checkLedgerInvariant). Amounts are
 * integer coins; HKD prices are integer cents. Only server/modules/wallet/ledger.ts writes these two.
 */

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    userId: userRef(),
    /** 'coins' spendable yun coins, 'income' expert earnings (withdrawable), 'ecommerce' promotion income (HKD cents, withdrawable) */
    account: text('account').notNull(),
    balance: integer('balance').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.account] }),
    // last line of defence: even a buggy caller cannot leave a negative balance behind
    check('wallet_accounts_balance_nonneg', sql`${t.balance} >= 0`),
    check('wallet_accounts_account_kind', sql`${t.account} in ('coins', 'income', 'ecommerce')`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    account: text('account').notNull(),
    /** + credit, - debit */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** LedgerType in server/modules/wallet/ledger.ts */
    type: text('type').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    /** a retried post with the same key is answered with the first entry instead of moving money twice */
    idempotencyKey: text('idempotency_key'),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idem_uq').on(t.userId, t.idempotencyKey),
    index('ledger_entries_user_idx').on(t.userId, t.account, t.id),
  ],
);

/** Recharge orders: pending until the payment provider's signed callback says paid (or failed). */
export const yunCoinOrders = pgTable(
  'yun_coin_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: userRef(),
    packageId: text('package_id').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('HKD'),
    payMethod: text('pay_method').notNull(),
    provider: text('provider').notNull(),
    /** 'pending' | 'paid' | 'failed' */
    status: text('status').notNull().default('pending'),
    providerTxn: text('provider_txn'),
    failReason: text('fail_reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    paidAt: at('paid_at'),
  },
  (t) => [
    uniqueIndex('yun_coin_orders_idem_uq').on(t.userId, t.idempotencyKey),
    index('yun_coin_orders_user_idx').on(t.userId, t.id),
  ],
);

/**
 * Payout bank cards. The card number is kept because the payout needs it; the API only ever answers
 * the masked forms. The identity number is stored masked only (it is checked, never needed again).
 */
export const userBanks = pgTable(
  'user_banks',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    bankCode: text('bank_code').notNull(),
    holderName: text('holder_name').notNull(),
    /** 'hkid' | 'passport' */
    idType: text('id_type').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    cardNumber: text('card_number').notNull(),
    cardMasked: text('card_masked').notNull(),
    branch: text('branch').notNull().default(''),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
    /** soft delete: withdrawal records keep pointing at the card they paid to */
    deletedAt: at('deleted_at'),
  },
  (t) => [index('user_banks_user_idx').on(t.userId)],
);

/** Income withdrawals: the coins leave the income account at once; ops mark them paid or failed. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    userBankId: integer('user_bank_id')
      .notNull()
      .references(() => userBanks.id),
    /** coins taken from the income account; for 'ecommerce', whole HKD (× 100 cents taken) */
    amount: integer('amount').notNull(),
    /** the account paid out: 'income' (expert coins) or 'ecommerce' (promotion income) */
    account: text('account').notNull().default('income'),
    feeCents: integer('fee_cents').notNull(),
    receiveCents: integer('receive_cents').notNull(),
    /** bank name and masked card at the time of the request */
    bankSnapshot: jsonb('bank_snapshot').notNull(),
    /** 'processing' | 'success' | 'failed' */
    status: text('status').notNull().default('processing'),
    reason: text('reason'),
    operatorId: integer('operator_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    processedAt: at('processed_at'),
  },
  (t) => [
    uniqueIndex('withdrawals_idem_uq').on(t.userId, t.idempotencyKey),
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
  ],
);
