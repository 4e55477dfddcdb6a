/**
 * The message centre: messages a user receives, by category (new followers, praise and collect of the
 * user's items, comments and replies, system notices such as report outcomes), unread counts per
 * category and mark-read per category. Other modules write messages with `sendMessage` in their own
 * transaction (or after it) and push the new counts with `pushUnread`; this module never reads their
 * tables, only users (for the actor's name and avatar) and the blacklist (chat's face): messages from
 * people on either side of it are neither listed nor counted.
 */
import { and, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { userMessages, users } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import type { Hub } from '../../realtime/hub';
import { blockedIds } from '../chat';
import { forReader, withScripts } from './scripts';

/** messages from people on either side of the user's blacklist are not shown (nor counted) */
async function notBlocked(db: Db, userId: number): Promise<SQL | undefined> {
  const blocked = await blockedIds(db, userId);
  return blocked.length
    ? or(isNull(userMessages.actorId), notInArray(userMessages.actorId, blocked))
    : undefined;
}

export const CATEGORIES = ['follow', 'praise', 'comment', 'system'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface NewMessage {
  userId: number;
  category: Category;
  /** names the text: messages.kind.<kind> */
  kind: string;
  actorId?: number | null;
  targetType?: string | null;
  targetId?: number | null;
  text?: string;
  params?: Record<string, string | number>;
  /**
   * free texts in the writer's script (param names, 'text' for the message's text: a plan's title, an
   * operator's reason): stored in all three scripts, answered in the reader's
   */
  scripted?: readonly string[];
  at?: Date;
}

/** an excerpt is at most this many characters (as a person counts them) */
const EXCERPT = 80;
const excerpt = (s: string) => {
  const chars = [...s.replace(/\s+/g, ' ').trim()];
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT).join('')}…` : chars.join('');
};

/** Write a message (nothing when the actor is the receiver: nobody is told about their own act). */
export async function sendMessage(db: Pick<Db, 'insert'>, m: NewMessage): Promise<boolean> {
  if (m.actorId && m.actorId === m.userId) return false;
  await db.insert(userMessages).values({
    userId: m.userId,
    category: m.category,
    kind: m.kind,
    actorId: m.actorId ?? null,
    targetType: m.targetType ?? null,
    targetId: m.targetId ?? null,
    text: excerpt(m.text ?? ''),
    params: withScripts(m.params ?? {}, m.text ?? '', m.scripted, excerpt),
    ...(m.at ? { createdAt: m.at } : {}),
  });
  return true;
}

/** Write many messages, a thousand a statement (a settlement tells every buyer of every plan it graded). */
export async function sendMessages(db: Pick<Db, 'insert'>, list: NewMessage[]): Promise<number[]> {
  const rows = list.filter((m) => !(m.actorId && m.actorId === m.userId));
  if (!rows.length) return [];
  // at most SEND_CHUNK rows a statement: ~9 parameters a row stay far below PostgreSQL's 65,535
  for (let i = 0; i < rows.length; i += SEND_CHUNK) await insertRows(db, rows.slice(i, i + SEND_CHUNK));
  return [...new Set(rows.map((m) => m.userId))];
}

const SEND_CHUNK = 1000;

async function insertRows(db: Pick<Db, 'insert'>, rows: NewMessage[]) {
  await db.insert(userMessages).values(
    rows.map((m) => ({
      userId: m.userId,
      category: m.category,
      kind: m.kind,
      actorId: m.actorId ?? null,
      targetType: m.targetType ?? null,
      targetId: m.targetId ?? null,
      text: excerpt(m.text ?? ''),
      params: withScripts(m.params ?? {}, m.text ?? '', m.scripted, excerpt),
      ...(m.at ? { createdAt: m.at } : {}),
    })),
  );
}

export type Unread = Record<Category, number> & { total: number };

export async function unreadCounts(db: Db, userId: number): Promise<Unread> {
  const rows = await db
    .select({ category: userMessages.category, n: sql<number>`count(*)::int` })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt), await notBlocked(db, userId)))
    .groupBy(userMessages.category);
  const out = { follow: 0, praise: 0, comment: 0, system: 0, total: 0 };
  for (const r of rows) {
    if ((CATEGORIES as readonly string[]).includes(r.category)) {
      out[r.category as Category] = Number(r.n);
      out.total += Number(r.n);
    }
  }
  return out;
}

/** Tell the user's open pages their new unread counts (`user:<id>`, kind 'messages'); a lost push is not a lost message. */
export async function pushUnread(db: Db, hub: Hub, userId: number): Promise<void> {
  try {
    await hub.publish(`user:${userId}`, { kind: 'messages', data: await unreadCounts(db, userId) });
  } catch {
    // the message is stored; the badge catches up on the next load
  }
}

export async function listMessages(
  db: Db,
  userId: number,
  category: Category,
  page: number,
  size: number,
  lang: Lang,
) {
  const where = and(
    eq(userMessages.userId, userId),
    eq(userMessages.category, category),
    await notBlocked(db, userId),
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(userMessages).where(where);
  const rows = await db
    .select()
    .from(userMessages)
    .where(where)
    .orderBy(desc(userMessages.id))
    .limit(size)
    .offset((page - 1) * size);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((x): x is number => x !== null))];
  const actors = actorIds.length
    ? await db
        .select({
          id: users.id,
          nickname: users.nickname,
          avatar: users.avatar,
          external: users.userExternal,
        })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];
  const byId = new Map(actors.map((a) => [a.id, a]));
  return {
    list: rows.map((r) => {
      const a = r.actorId !== null ? byId.get(r.actorId) : undefined;
      const shown = forReader(r.params ?? {}, r.text, lang);
      return {
        id: r.id,
        category: r.category,
        kind: r.kind,
        actor: a ? { id: a.id, user_external: a.external, nickname: a.nickname, avatar: a.avatar } : null,
        target_type: r.targetType,
        target_id: r.targetId,
        text: shown.text,
        params: shown.params,
        read: r.readAt !== null,
        created_at: r.createdAt.toISOString(),
        created_ms: r.createdAt.getTime(),
      };
    }),
    total: Number(total),
    page,
    size,
  };
}

/** Mark every message of a category read (all categories when none is given); answers the new counts. */
export async function markRead(db: Db, userId: number, category: Category | undefined, at: Date) {
  await db
    .update(userMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(userMessages.userId, userId),
        isNull(userMessages.readAt),
        category ? eq(userMessages.category, category) : undefined,
      ),
    );
  return unreadCounts(db, userId);
}
