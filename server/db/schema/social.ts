import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Social: the message centre (one row per message a user receives), reports of content or people with
 * their moderation outcome, and posting bans decided by operators. Follows are the `expert_follows`
 * relation (any user may follow any user; experts are users), see server/modules/follows.
 */

/**
 * A message for `userId`. category: 'follow' (new follower) | 'praise' (praise or collect of the
 * user's item) | 'comment' (comment on the user's item or reply to the user's comment) | 'system'
 * (operator decisions such as report outcomes). `kind` names the text (messages.kind.<kind>), `params`
 * fills it; the actor and target say who did it and on what.
 */
export const userMessages = pgTable(
  'user_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    actorId: integer('actor_id'),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    /** a short excerpt (comment text) or an operator's reason, shown inert */
    text: text('text').notNull().default(''),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default(sql`'{}'::jsonb`),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_messages_list_idx').on(t.userId, t.category, t.id),
    index('user_messages_unread_idx').on(t.userId, t.category).where(sql`read_at is null`),
  ],
);

/**
 * A report by a fan. kind: 'news' | 'comment' | 'activity' | 'user' | 'video' | 'live'; status:
 * 'open' | 'upheld' (the content was hidden or the user banned) | 'dismissed'.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').notNull(),
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
    /** the user whose content or person is reported (for bans), when known */
    targetUserId: integer('target_user_id'),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('open'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    outcome: text('outcome').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.id),
    index('reports_target_idx').on(t.kind, t.targetId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

/** A user may not post comments or activities until `until` (operator decision, audited). */
export const postingBans = pgTable('posting_bans', {
  userId: integer('user_id').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  reason: text('reason').notNull().default(''),
  operatorId: integer('operator_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
