import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per search a user ran (page 1 only): the hot-search list counts recent keywords. */
export const searchLogs = pgTable(
  'search_logs',
  {
    id: serial('id').primaryKey(),
    /** trimmed, lower-cased keyword as typed */
    keyword: text('keyword').notNull(),
    userId: integer('user_id'),
    /** how many teams it found: searches that found nothing never become hot */
    hits: integer('hits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_logs_created_idx').on(t.createdAt)],
);
