/**
 * Room chat: history pages (newest first by id, `before_id` cursor), send with length and rate limits,
 * reports (once per user per message), and the viewer's blacklist (messages of blocked users hidden).
 * The rate limit is checked in the sending transaction under a per-user advisory lock, so it holds
 * across server nodes sharing the database.
 */
import { and, desc, eq, gte, lt, notInArray, or, sql } from 'drizzle-orm';
import { type ChatMessage, ROOM_PATTERN } from '../../../contracts/chat';
import type { Db } from '../../db';
import { chatBlocks, chatMessages, chatReports, matches, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { goldBadgeSql } from '../points';
import { chatRules } from './rules';

const ROOM_RE = new RegExp(ROOM_PATTERN);

/**
 * Another module's rooms: the live module registers the guard of "live-<id>" rooms (the room exists;
 * a banned viewer may not read, a muted one may not send). It throws the ApiError that refuses.
 */
export type RoomGuard = (db: Db, id: number, userId: number | null, action: 'read' | 'send') => Promise<void>;
const guards = new Map<string, RoomGuard>();

export function registerRoomGuard(kind: 'live', guard: RoomGuard): void {
  guards.set(kind, guard);
}

/** The room must exist (a match room for a known match, or another kind's guard says so) and let the caller in. */
export async function assertRoom(
  db: Db,
  room: string,
  userId: number | null = null,
  action: 'read' | 'send' = 'read',
): Promise<void> {
  if (!ROOM_RE.test(room)) throw new ApiError(E.BAD_REQUEST, { in: 'params', pointer: '/room' });
  const [kind, rawId] = room.split('-');
  const id = Number(rawId);
  if (id > 2_147_483_647) throw new ApiError(E.NOT_FOUND);
  if (kind === 'match') {
    const [row] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, id));
    if (row) return;
  }
  const guard = guards.get(kind);
  if (guard) return guard(db, id, userId, action);
  throw new ApiError(E.NOT_FOUND);
}

type Row = {
  id: number;
  room: string;
  text: string;
  createdAt: Date;
  userId: number;
  userExternal: string;
  nickname: string;
  avatar: string;
  goldBadge: boolean;
};

function toMessage(r: Row): ChatMessage {
  return {
    id: r.id,
    room: r.room,
    text: r.text,
    created_at: r.createdAt.toISOString(),
    created_ms: r.createdAt.getTime(),
    user: {
      id: r.userId,
      user_external: r.userExternal,
      nickname: r.nickname,
      avatar: r.avatar,
      gold_badge: Boolean(r.goldBadge),
    },
  };
}

/** a message's columns; the sender's gold badge (a points perk) is read as of now */
const messageColumns = () => ({
  id: chatMessages.id,
  room: chatMessages.room,
  text: chatMessages.text,
  createdAt: chatMessages.createdAt,
  userId: chatMessages.userId,
  userExternal: users.userExternal,
  nickname: users.nickname,
  avatar: users.avatar,
  goldBadge: goldBadgeSql(chatMessages.userId),
});

/**
 * Users whose messages the viewer does not see: those the viewer blocked and those who blocked the
 * viewer (a block hides both ways, so a blocked user cannot keep reading or answering the blocker).
 */
export async function blockedIds(db: Db, viewerId: number | null): Promise<number[]> {
  if (viewerId === null) return [];
  const rows = await db
    .select({ a: chatBlocks.userId, b: chatBlocks.blockedUserId })
    .from(chatBlocks)
    .where(or(eq(chatBlocks.userId, viewerId), eq(chatBlocks.blockedUserId, viewerId)));
  return [...new Set(rows.map((r) => (r.a === viewerId ? r.b : r.a)))];
}

/** One page of history, oldest first inside the page; `has_more` when older messages exist. */
export async function history(
  db: Db,
  room: string,
  viewerId: number | null,
  opts: { beforeId?: number; size?: number },
): Promise<{ list: ChatMessage[]; size: number; has_more: boolean }> {
  await assertRoom(db, room, viewerId, 'read');
  const size = Math.min(Math.max(opts.size ?? chatRules().historyPageSize, 1), 100);
  const blocked = await blockedIds(db, viewerId);
  const where = [eq(chatMessages.room, room)];
  if (opts.beforeId) where.push(lt(chatMessages.id, opts.beforeId));
  if (blocked.length) where.push(notInArray(chatMessages.userId, blocked));
  const rows = await db
    .select(messageColumns())
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(...where))
    .orderBy(desc(chatMessages.id))
    .limit(size + 1);
  const has_more = rows.length > size;
  return { list: rows.slice(0, size).reverse().map(toMessage), size, has_more };
}

/** Plain text only: control characters out (newlines stay), surrounding whitespace trimmed. */
const INVISIBLE = new Set([
  0x7f, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
]);

export function cleanText(raw: string): string {
  let out = '';
  for (const ch of raw.replace(/\r\n?/g, '\n')) {
    const c = ch.codePointAt(0) ?? 0;
    // control and direction-override characters could hide or reorder text; newlines stay
    if ((c < 0x20 && c !== 0x0a) || INVISIBLE.has(c)) continue;
    out += ch;
  }
  return out.trim();
}

export async function send(db: Db, room: string, userId: number, rawText: string): Promise<ChatMessage> {
  const text = cleanText(rawText);
  if (!text) throw new ApiError(E.CHAT_EMPTY);
  // characters as a person counts them (an emoji is one), the same count the widget shows
  // the published rules as they are now (an operator's change applies to the next message)
  const rules = chatRules();
  if ([...text].length > rules.messageMax) throw new ApiError(E.CHAT_TOO_LONG, { max: rules.messageMax });
  await assertRoom(db, room, userId, 'send');
  const id = await db.transaction(async (tx) => {
    // one sender at a time per user, on every node: the limit check and the insert are one step
    await tx.execute(sql`select pg_advisory_xact_lock(${0x63686174}, ${userId})`);
    const since = new Date(Date.now() - 60_000);
    const recent = await tx
      .select({ at: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, userId), gte(chatMessages.createdAt, since)))
      .orderBy(desc(chatMessages.createdAt));
    const now = Date.now();
    const wait = Math.max(
      recent.length ? recent[0].at.getTime() + rules.minIntervalMs - now : 0,
      recent.length >= rules.perMinute ? recent[rules.perMinute - 1].at.getTime() + 60_000 - now : 0,
    );
    if (wait > 0) throw new ApiError(E.CHAT_TOO_FAST, { retry_after_ms: Math.ceil(wait) });
    const [row] = await tx
      .insert(chatMessages)
      .values({ room, userId, text, createdAt: new Date(now) })
      .returning({ id: chatMessages.id });
    return row.id;
  });
  const [row] = await db
    .select(messageColumns())
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.id, id));
  return toMessage(row);
}

export async function report(db: Db, messageId: number, reporterId: number, reason: string): Promise<void> {
  const text = cleanText(reason).slice(0, chatRules().reportReasonMax);
  const [msg] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  if (!msg) throw new ApiError(E.NOT_FOUND);
  const inserted = await db
    .insert(chatReports)
    .values({ messageId, reporterId, reason: text })
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  if (!inserted.length) throw new ApiError(E.CHAT_ALREADY_REPORTED);
}

/* ---- blacklist (spec §7: /mdr/api/v1/users/{id}/blacklists) ---- */

export async function listBlocked(db: Db, userId: number, page: number, size: number) {
  const where = eq(chatBlocks.userId, userId);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(chatBlocks).where(where);
  const rows = await db
    .select({
      id: users.id,
      user_external: users.userExternal,
      nickname: users.nickname,
      avatar: users.avatar,
      created_at: chatBlocks.createdAt,
    })
    .from(chatBlocks)
    .innerJoin(users, eq(users.id, chatBlocks.blockedUserId))
    .where(where)
    .orderBy(desc(chatBlocks.createdAt))
    .limit(size)
    .offset((page - 1) * size);
  // hidden_user_ids: everyone whose chat lines this viewer must not see, either direction (the chat
  // widget filters live messages with it, the history is already filtered here)
  return {
    list: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    total,
    page,
    size,
    hidden_user_ids: await blockedIds(db, userId),
  };
}

export async function block(db: Db, userId: number, blockedId: number): Promise<void> {
  if (blockedId === userId) throw new ApiError(E.CHAT_BLOCK_SELF);
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!u) throw new ApiError(E.NOT_FOUND);
  await db.insert(chatBlocks).values({ userId, blockedUserId: blockedId }).onConflictDoNothing();
}

export async function unblock(db: Db, userId: number, blockedId: number): Promise<void> {
  await db
    .delete(chatBlocks)
    .where(and(eq(chatBlocks.userId, userId), eq(chatBlocks.blockedUserId, blockedId)));
}
