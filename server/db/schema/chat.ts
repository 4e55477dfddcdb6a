/**
 * Tables of the chat domain: room messages (match rooms now, live-stream rooms later), reports, and
 * each user's blacklist (spec §7 /users/{id}/blacklists): a viewer never sees messages of users they
 * blocked. Message text is stored as the plain text typed (never HTML); clients render it as text.
 */
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    /** "match-<id>" (or "live-<id>" later) */
    room: text('room').notNull(),
    userId: userRef(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // history pages: newest first by id within a room
    index('chat_messages_room_idx').on(t.room, t.id),
    // rate limit: a user's recent messages
    index('chat_messages_user_idx').on(t.userId, t.createdAt),
  ],
);

export const chatReports = pgTable(
  'chat_reports',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: userRef('reporter_id'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_reports_once_uq').on(t.messageId, t.reporterId)],
);

export const chatBlocks = pgTable(
  'chat_blocks',
  {
    userId: userRef(),
    blockedUserId: userRef('blocked_user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedUserId] })],
);
