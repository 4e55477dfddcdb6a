import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Expert plans: an expert (a user approved by certification) publishes a prediction on one or more
 * matches; the title is public, the content is paid. Money never lives here: prices are integer coins
 * and every movement goes through the wallet ledger, with these rows as its reference.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    /** the publishing expert's user id */
    expertId: integer('expert_id').notNull(),
    /** 'jczq' | 'bjdc' | 'ctzc' */
    lottery: text('lottery').notNull(),
    /** jczq: spf rqspf bqc zjq bf; bjdc: sf; ctzc: sfc14 rx9 (see server/modules/plans/play-types.ts) */
    playType: text('play_type').notNull(),
    /** 'single' | 'combo' (stake cap differs per mode, spec §5) */
    mode: text('mode').notNull().default('single'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** the title and content in the other scripts, when the plan has them ({ zhcn: {title, content} }) */
    texts: jsonb('texts'),
    /** integer coins; 0 = free */
    price: integer('price').notNull(),
    refundIfNotRed: boolean('refund_if_not_red').notNull().default(false),
    /** suggested stake in HKD, optional */
    stake: integer('stake'),
    issueNum: text('issue_num'),
    leagueId: integer('league_id'),
    /** earliest kick-off of its matches: sales close then */
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    /** spec §4: 0 pending, 1 settled, 2 expired; 9 = being settled (claimed by a job) */
    settleState: smallint('settle_state').notNull().default(0),
    /** null until settled; true = "red" (hit) */
    hit: boolean('hit'),
    buyCount: integer('buy_count').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('plans_expert_idx').on(t.expertId, t.createdAt),
    index('plans_settle_idx').on(t.settleState, t.closeAt),
    index('plans_created_idx').on(t.createdAt),
    uniqueIndex('plans_idem_uq').on(t.expertId, t.idempotencyKey),
  ],
);

/** The matches of a plan, the options picked on each and the odds shown when it was published. */
export const planMatches = pgTable(
  'plan_matches',
  {
    planId: integer('plan_id').notNull(),
    matchId: integer('match_id').notNull(),
    /** option codes, e.g. ["3","1"] for a double pick on win/draw */
    picks: jsonb('picks').notNull(),
    /** { option: odd } at publish time */
    odds: jsonb('odds').notNull(),
    /** handicap line for rqspf / bjdc sf */
    handicap: text('handicap'),
    hit: boolean('hit'),
  },
  (t) => [primaryKey({ columns: [t.planId, t.matchId] }), index('plan_matches_match_idx').on(t.matchId)],
);

export const planOrders = pgTable(
  'plan_orders',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id').notNull(),
    userId: integer('user_id').notNull(),
    price: integer('price').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** 0 paid, 1 refunded */
    state: smallint('state').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plan_orders_uq').on(t.planId, t.userId),
    index('plan_orders_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Running statistics per expert, updated by settlement (windows are computed from settled plans). */
export const expertStats = pgTable('expert_stats', {
  expertId: integer('expert_id').primaryKey(),
  predictedCount: integer('predicted_count').notNull().default(0),
  predictedHits: integer('predicted_hits').notNull().default(0),
  currentStreak: integer('current_streak').notNull().default(0),
  bestStreak: integer('best_streak').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const expertFollows = pgTable(
  'expert_follows',
  {
    userId: integer('user_id').notNull(),
    expertId: integer('expert_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.expertId] }), index('expert_follows_expert_idx').on(t.expertId)],
);

export const planPriceConfigs = pgTable('plan_price_configs', {
  id: serial('id').primaryKey(),
  price: integer('price').notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/** Subscription packages an expert offers: `days` of access to all their plans for `price` coins. */
export const subPackages = pgTable(
  'sub_packages',
  {
    id: serial('id').primaryKey(),
    expertId: integer('expert_id').notNull(),
    days: integer('days').notNull(),
    price: integer('price').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('sub_packages_expert_idx').on(t.expertId)],
);

/** One row per (subscriber, expert); a renewal moves the period forward. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    expertId: integer('expert_id').notNull(),
    packageId: integer('package_id').notNull(),
    /** 1 for the first period, +1 per renewal (part of the renewal's idempotency key) */
    period: integer('period').notNull().default(1),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** 'active' | 'lapsed' */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_uq').on(t.userId, t.expertId),
    index('subscriptions_renew_idx').on(t.status, t.periodEnd),
    index('subscriptions_expert_idx').on(t.expertId, t.status),
  ],
);

export const subOrders = pgTable(
  'sub_orders',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id').notNull(),
    userId: integer('user_id').notNull(),
    packageId: integer('package_id').notNull(),
    period: integer('period').notNull(),
    price: integer('price').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sub_orders_idem_uq').on(t.userId, t.idempotencyKey)],
);

/** Personal notices from this domain (lapsed subscription, settled plan...), also pushed on user:<id>. */
export const expertNotices = pgTable(
  'expert_notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('expert_notices_user_idx').on(t.userId, t.createdAt)],
);

export const expertAds = pgTable('expert_ads', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  titleKey: text('title_key').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});
