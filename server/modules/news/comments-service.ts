/**
 * Comments on news: top-level comments newest first, each with its replies (oldest first). Text is
 * plain (control and direction-override characters removed, stored and answered as typed: the app
 * renders it inert). A blacklist hides comments both ways and stops replies between the two users. Length and a per-user rate limit are checked in the writing transaction under a
 * per-user advisory lock, so they hold across nodes sharing the database. Hidden comments are never
 * served or counted; the article's comment count moves in the same transaction as the insert.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { activities, newsComments, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { enforce, type RateLimiter, type RateRule } from '../../ratelimit';
import { blockedIds } from '../chat';
import { assertMayPost } from '../moderation';
import { hkIso } from './items';
import { assertVisible, bump, recountComments, type TargetType } from './targets';

export const COMMENT_LIMITS = {
  /** characters as a person counts them (an emoji is one) */
  max: 500,
  minIntervalMs: 3000,
  perMinute: 6,
  perDay: 200,
  /** replies answered with each top-level comment */
  replies: 50,
};

/** COMMENT_LIMITS as limiter rules */
export const COMMENT_RULES: readonly RateRule[] = [
  { limit: 1, windowMs: COMMENT_LIMITS.minIntervalMs },
  { limit: COMMENT_LIMITS.perMinute, windowMs: 60_000 },
  { limit: COMMENT_LIMITS.perDay, windowMs: 86_400_000 },
];

const INVISIBLE = new Set([
  0x7f, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067,
  0x2068, 0x2069,
]);

export function cleanText(raw: string): string {
  let out = '';
  for (const ch of raw.replace(/\r\n?/g, '\n')) {
    const c = ch.codePointAt(0) ?? 0;
    if ((c < 0x20 && c !== 0x0a) || INVISIBLE.has(c)) continue;
    out += ch;
  }
  return out.replace(/\n{3,}/g, '\n\n').trim();
}

const columns = {
  id: newsComments.id,
  parentId: newsComments.parentId,
  replyToId: newsComments.replyToId,
  text: newsComments.text,
  createdAt: newsComments.createdAt,
  userId: newsComments.userId,
  userExternal: users.userExternal,
  nickname: users.nickname,
  avatar: users.avatar,
};
type Row = {
  id: number;
  parentId: number | null;
  replyToId: number | null;
  text: string;
  createdAt: Date;
  userId: number;
  userExternal: string;
  nickname: string;
  avatar: string;
};

export interface CommentWire {
  id: number;
  parent_id: number | null;
  text: string;
  created_at: string;
  created_ms: number;
  user: { id: number; user_external: string; nickname: string; avatar: string };
  reply_to: { id: number; nickname: string } | null;
}

function toWire(r: Row, byId: Map<number, Row>): CommentWire {
  const to = r.replyToId && r.replyToId !== r.parentId ? byId.get(r.replyToId) : undefined;
  return {
    id: r.id,
    parent_id: r.parentId,
    text: r.text,
    created_at: hkIso(r.createdAt.getTime()),
    created_ms: r.createdAt.getTime(),
    user: { id: r.userId, user_external: r.userExternal, nickname: r.nickname, avatar: r.avatar },
    reply_to: to ? { id: to.id, nickname: to.nickname } : null,
  };
}

const shown = (type: TargetType, targetId: number) =>
  and(eq(newsComments.targetType, type), eq(newsComments.targetId, targetId), eq(newsComments.hidden, false));

export async function listComments(
  db: Db,
  type: TargetType,
  articleId: number,
  nowMs: number,
  page: number,
  size: number,
  viewerId: number | null = null,
) {
  await assertVisible(db, type, articleId, nowMs);
  // a blacklist hides both ways (spec: the blocker's and the blocked user's words)
  const blocked = await blockedIds(db, viewerId);
  const notBlocked = blocked.length ? notInArray(newsComments.userId, blocked) : undefined;
  const top = and(shown(type, articleId), isNull(newsComments.parentId), notBlocked);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(newsComments).where(top);
  const rows = await db
    .select(columns)
    .from(newsComments)
    .innerJoin(users, eq(users.id, newsComments.userId))
    .where(top)
    .orderBy(desc(newsComments.id))
    .limit(size)
    .offset((page - 1) * size);
  const ids = rows.map((r) => r.id);
  const replies = ids.length
    ? await db
        .select(columns)
        .from(newsComments)
        .innerJoin(users, eq(users.id, newsComments.userId))
        .where(and(shown(type, articleId), inArray(newsComments.parentId, ids), notBlocked))
        .orderBy(asc(newsComments.id))
    : [];
  const byId = new Map<number, Row>([...rows, ...replies].map((r) => [r.id, r]));
  const list = rows.map((r) => {
    const mine = replies.filter((x) => x.parentId === r.id);
    return {
      ...toWire(r, byId),
      reply_count: mine.length,
      replies: mine.slice(0, COMMENT_LIMITS.replies).map((x) => toWire(x, byId)),
    };
  });
  return { list, total, page, size };
}

export async function addComment(
  db: Db,
  type: TargetType,
  articleId: number,
  userId: number,
  rawText: string,
  replyTo: number | undefined,
  nowMs: number,
  limiter?: RateLimiter,
): Promise<CommentWire> {
  const text = cleanText(rawText);
  if (!text) throw new ApiError(E.COMMENT_EMPTY);
  if ([...text].length > COMMENT_LIMITS.max)
    throw new ApiError(E.COMMENT_TOO_LONG, { max: COMMENT_LIMITS.max });
  await assertVisible(db, type, articleId, nowMs);
  let parentId: number | null = null;
  const blocked = await blockedIds(db, userId);
  if (replyTo !== undefined) {
    const [to] = await db
      .select({ id: newsComments.id, parentId: newsComments.parentId, userId: newsComments.userId })
      .from(newsComments)
      .where(and(eq(newsComments.id, replyTo), shown(type, articleId)));
    if (!to) throw new ApiError(E.NOT_FOUND);
    // nobody answers someone they blocked or who blocked them
    if (blocked.includes(to.userId)) throw new ApiError(E.NO_PERMISSION);
    parentId = to.parentId ?? to.id;
  }
  if (type === 'activity' && blocked.length) {
    const [post] = await db
      .select({ userId: activities.userId })
      .from(activities)
      .where(eq(activities.id, articleId));
    if (post && blocked.includes(post.userId)) throw new ApiError(E.NO_PERMISSION);
  }
  await assertMayPost(db, userId, nowMs);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x6e657773}, ${userId})`);
    const recent = await tx
      .select({ at: newsComments.createdAt })
      .from(newsComments)
      .where(
        and(
          eq(newsComments.userId, userId),
          gte(newsComments.createdAt, new Date(nowMs - 86_400_000)),
          lte(newsComments.createdAt, new Date(nowMs)),
        ),
      )
      .orderBy(desc(newsComments.createdAt));
    const lastMinute = recent.filter((r) => r.at.getTime() > nowMs - 60_000);
    const wait = Math.max(
      recent.length ? recent[0].at.getTime() + COMMENT_LIMITS.minIntervalMs - nowMs : 0,
      lastMinute.length >= COMMENT_LIMITS.perMinute
        ? lastMinute[COMMENT_LIMITS.perMinute - 1].at.getTime() + 60_000 - nowMs
        : 0,
      recent.length >= COMMENT_LIMITS.perDay
        ? recent[COMMENT_LIMITS.perDay - 1].at.getTime() + 86_400_000 - nowMs
        : 0,
    );
    if (wait > 0) throw new ApiError(E.COMMENT_TOO_FAST, { retry_after_ms: Math.ceil(wait) });
    // the same rules through the shared limiter: they hold across nodes that do not share this lock
    if (limiter) await enforce(limiter, `comment:${userId}`, COMMENT_RULES, nowMs, E.COMMENT_TOO_FAST);
    const [row] = await tx
      .insert(newsComments)
      .values({
        targetType: type,
        targetId: articleId,
        parentId,
        replyToId: replyTo ?? null,
        userId,
        text,
        createdAt: new Date(nowMs),
      })
      .returning({ id: newsComments.id });
    await bump(tx, type, articleId, 'comment', 1);
    return row.id;
  });
  const got = await db
    .select(columns)
    .from(newsComments)
    .innerJoin(users, eq(users.id, newsComments.userId))
    .where(inArray(newsComments.id, replyTo ? [id, replyTo] : [id]));
  const byId = new Map<number, Row>(got.map((r) => [r.id, r]));
  const mine = byId.get(id);
  if (!mine) throw new ApiError(E.NOT_FOUND);
  return toWire(mine, byId);
}

/** Hide or restore a comment (operators); the item's count follows. Answers the item it belongs to. */
export async function setCommentHidden(
  db: Db,
  commentId: number,
  hidden: boolean,
): Promise<{ type: TargetType; id: number }> {
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ type: newsComments.targetType, targetId: newsComments.targetId, hidden: newsComments.hidden })
      .from(newsComments)
      .where(eq(newsComments.id, commentId));
    if (!c) throw new ApiError(E.NOT_FOUND);
    const type = c.type as TargetType;
    if (c.hidden !== hidden) {
      await tx.update(newsComments).set({ hidden }).where(eq(newsComments.id, commentId));
      await recountComments(tx, type, c.targetId);
    }
    return { type, id: c.targetId };
  });
}
