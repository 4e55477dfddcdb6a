import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Transfers of the seeded people (spec §3 types: 1 loan, 2 end of loan, 3 transfer, 4 free,
 * 5 end of career, 6 raise). Both clubs are seeded teams (null: no club, e.g. a
 * free agent or end of career). Owned by the database module.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    /** stable key of the seed row (player, type, date), so a reseed never duplicates */
    seedKey: text('seed_key').notNull().unique(),
    personId: integer('person_id').notNull(),
    type: smallint('type').notNull(),
    /** YYYY-MM-DD; shown to the month (the day is the announcement's, not always the contract's) */
    date: text('date').notNull(),
    fromTeamId: integer('from_team_id'),
    toTeamId: integer('to_team_id'),
  },
  (t) => [
    index('transfers_person_idx').on(t.personId),
    index('transfers_from_idx').on(t.fromTeamId),
    index('transfers_to_idx').on(t.toTeamId),
  ],
);
