/**
 * Column helpers shared by the table files (not tables: index.ts does not export them). Each gives the
 * same column as writing it out, so using one changes no migration.
 */
import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** a point in time, with time zone (nullable) */
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** the row's creation time, set by the database */
export const createdAt = () => at('created_at').notNull().defaultNow();
/** a user the row belongs to: required, and deleted with the user */
export const userRef = (name = 'user_id') =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
