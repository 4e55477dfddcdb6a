/**
 * What comments, praise and collect attach to: a news article or a fan's activity. Each kind says when
 * an item may be served (hidden, unknown or unpublished ones answer 100404), where its counts live and
 * the realtime topic its viewers listen on.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { activities, newsArticles } from '../../db/schema';
import { ApiError, E } from '../../http/errors';

export type TargetType = 'news' | 'activity';
export type Counter = 'praise' | 'comment' | 'collect';

const tables = { news: newsArticles, activity: activities } as const;

export const topicOf = (type: TargetType, id: number) => `${type}:${id}`;

/** The item exists and may be served now; otherwise 100404. */
export async function assertVisible(db: Pick<Db, 'select'>, type: TargetType, id: number, nowMs: number) {
  const rows =
    type === 'news'
      ? await db
          .select({ id: newsArticles.id })
          .from(newsArticles)
          .where(
            and(
              eq(newsArticles.id, id),
              eq(newsArticles.hidden, false),
              lte(newsArticles.publishedAt, new Date(nowMs)),
            ),
          )
      : await db
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.id, id), eq(activities.hidden, false)));
  if (!rows.length) throw new ApiError(E.NOT_FOUND);
}

/** Move one counter of an item by `delta` (never below zero), inside the caller's transaction. */
export async function bump(
  tx: Pick<Db, 'update'>,
  type: TargetType,
  id: number,
  counter: Counter,
  delta: 1 | -1,
): Promise<void> {
  const t = tables[type];
  const col = counter === 'praise' ? t.praiseCount : counter === 'comment' ? t.commentCount : t.collectCount;
  const key = counter === 'praise' ? 'praiseCount' : counter === 'comment' ? 'commentCount' : 'collectCount';
  await tx
    .update(t)
    .set({ [key]: delta > 0 ? sql`${col} + 1` : sql`greatest(${col} - 1, 0)` })
    .where(eq(t.id, id));
}

/** Recount an item's served comments (after a comment was hidden or restored). */
export async function recountComments(tx: Pick<Db, 'execute'>, type: TargetType, id: number): Promise<void> {
  const table = type === 'news' ? sql`news_articles` : sql`activities`;
  // replies under a hidden comment are not served either, so they leave the count with it
  await tx.execute(sql`
    update ${table} set comment_count = (
      select count(*) from news_comments x
      where x.target_type = ${type} and x.target_id = ${id} and not x.hidden
        and (x.parent_id is null or exists (
          select 1 from news_comments p where p.id = x.parent_id and not p.hidden))
    ) where id = ${id}`);
}

export interface Counts {
  id: number;
  praise_count: number;
  comment_count: number;
  collect_count: number;
}

export async function countsOf(
  db: Pick<Db, 'select'>,
  type: TargetType,
  id: number,
): Promise<Counts | undefined> {
  const t = tables[type];
  const [r] = await db
    .select({
      id: t.id,
      praise_count: t.praiseCount,
      comment_count: t.commentCount,
      collect_count: t.collectCount,
    })
    .from(t)
    .where(eq(t.id, id));
  return r;
}
