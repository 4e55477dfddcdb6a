/**
 * Tables of the live-stream domain: creators (granted by operators), rooms with their secret RTMP
 * stream key, and gifts sent in a room (the coins move through the wallet ledger; a gift row is the
 * room's record of it, unique per sender and tap so a retried tap never sends twice).
 */
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { at, createdAt, userRef } from './columns';
import { matches } from './football';

export const liveCreators = pgTable('live_creators', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedBy: integer('granted_by'),
  /** a ban keeps the creator from going live until then (null: not banned) */
  bannedUntil: at('banned_until'),
  /** the operator's reason for the ban (shown to the creator on their live-creation page) */
  banReason: text('ban_reason'),
  /**
   * Coins of every gift this creator has received, all rooms. The income credited so far is
   * floor(gift_value × share% / 100): each gift credits what it adds to that, so the fractions of small
   * gifts add up instead of being dropped per gift (a 1-coin gift at 60 % credited 0 before).
   */
  giftValue: bigint('gift_value', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

export const liveRooms = pgTable(
  'live_rooms',
  {
    id: serial('id').primaryKey(),
    creatorId: userRef('creator_id'),
    title: text('title').notNull(),
    cover: text('cover').notNull().default(''),
    /** 'football' | 'talk' | 'analysis' */
    category: text('category').notNull(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** 'idle' (created, no stream), 'live' (a stream is being packaged), 'ended' */
    status: text('status').notNull().default('idle'),
    /** secret: the RTMP stream name; only the creator sees it, and may rotate it */
    streamKey: text('stream_key').notNull(),
    /** the built-in demo broadcaster feeds this room (honestly labelled on the page) */
    demo: boolean('demo').notNull().default(false),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    peakViewers: integer('peak_viewers').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('live_rooms_key_uq').on(t.streamKey),
    index('live_rooms_status_idx').on(t.status, t.id),
    index('live_rooms_creator_idx').on(t.creatorId, t.id),
  ],
);

/** the room a row belongs to: required, and deleted with the room */
const roomRef = () =>
  integer('room_id')
    .notNull()
    .references(() => liveRooms.id, { onDelete: 'cascade' });

export const liveGifts = pgTable(
  'live_gifts',
  {
    id: serial('id').primaryKey(),
    roomId: roomRef(),
    userId: userRef(),
    giftId: text('gift_id').notNull(),
    /** coins paid (integer) */
    price: integer('price').notNull(),
    /** the creator's share credited to their income account (integer coins) */
    creatorShare: integer('creator_share').notNull(),
    /** 1 for a first send; n when it is the n-th of a combo */
    combo: integer('combo').notNull().default(1),
    tapId: text('tap_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('live_gifts_tap_uq').on(t.userId, t.tapId),
    index('live_gifts_room_idx').on(t.roomId, t.userId),
  ],
);

/**
 * Lucky bags (spec §3 `lucky_bag_rule`): a creator puts coins from their income into a bag with a
 * countdown; signed-in viewers join once each; at the end the bag is drawn: min(shares, entrants)
 * winners picked at random get one share each (even shares, or a random split of the total), credited
 * to their coin wallets through the ledger; what was not won goes back to the creator's income.
 */
export const liveLuckyBags = pgTable(
  'live_lucky_bags',
  {
    id: serial('id').primaryKey(),
    roomId: roomRef(),
    creatorId: userRef('creator_id'),
    /** coins taken from the creator's income (integer) */
    total: integer('total').notNull(),
    shares: integer('shares').notNull(),
    /** 'even' (total / shares each; the odd coins go back) | 'random' (a random split, each >= 1) */
    mode: text('mode').notNull(),
    /** the creator's tap: a retried create makes one bag */
    tapId: text('tap_id').notNull(),
    endsAt: at('ends_at').notNull(),
    /** 'open' | 'drawn' */
    status: text('status').notNull().default('open'),
    paid: integer('paid').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    drawnAt: at('drawn_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('live_lucky_bags_tap_uq').on(t.creatorId, t.tapId),
    index('live_lucky_bags_room_idx').on(t.roomId, t.id),
    index('live_lucky_bags_due_idx').on(t.status, t.endsAt),
  ],
);

export const liveLuckyBagEntries = pgTable(
  'live_lucky_bag_entries',
  {
    bagId: integer('bag_id')
      .notNull()
      .references(() => liveLuckyBags.id, { onDelete: 'cascade' }),
    userId: userRef(),
    /** null until the draw; then the coins won (0: not drawn) */
    amount: integer('amount'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bagId, t.userId] })],
);

/**
 * Chat moderation in a live room: the room's owner or an operator mutes a viewer in the room's chat
 * until a time ('mute'), or bans them from the room ('ban': no chat, no room page) until a time or,
 * with until null, until revoked. One row per room, user and kind; a revoke deletes it (audited).
 */
export const liveSanctions = pgTable(
  'live_sanctions',
  {
    roomId: roomRef(),
    userId: userRef(),
    /** 'mute' | 'ban' */
    kind: text('kind').notNull(),
    /** the end of the sanction (null: until revoked) */
    until: at('until'),
    /** who imposed it: the room's owner or an operator */
    byUserId: integer('by_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId, t.kind] }),
    index('live_sanctions_user_idx').on(t.userId),
  ],
);
