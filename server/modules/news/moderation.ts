/**
 * What the reports module needs of news content: who wrote a reported item and a short text of it
 * (for the moderation queue), and hiding / restoring it in the deciding operator's transaction
 * (counts and the feed follow as when an operator hides it from the news console).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { activities, newsArticles, newsComments } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Hub } from '../../realtime/hub';
import { setActivityHidden } from './activities-service';
import { setCommentHidden } from './comments-service';
import { invalidateFeed } from './news-service';
import { countsOf, topicOf } from './targets';

export type ContentKind = 'news' | 'comment' | 'activity';

export interface ContentInfo {
  /** the author (null for automatic match reports) */
  userId: number | null;
  text: string;
  hidden: boolean;
  /** the news article or activity a comment is under (the item itself otherwise) */
  parentType: 'news' | 'activity';
  parentId: number;
}

/** The reported item, or null when there is no such item. */
export async function contentInfo(db: Db, kind: ContentKind, id: number): Promise<ContentInfo | null> {
  if (kind === 'comment') {
    const [c] = await db.select().from(newsComments).where(eq(newsComments.id, id));
    return c
      ? {
          userId: c.userId,
          text: c.text,
          hidden: c.hidden,
          parentType: c.targetType as 'news' | 'activity',
          parentId: c.targetId,
        }
      : null;
  }
  if (kind === 'activity') {
    const [a] = await db.select().from(activities).where(eq(activities.id, id));
    return a
      ? { userId: a.userId, text: a.text, hidden: a.hidden, parentType: 'activity', parentId: a.id }
      : null;
  }
  const [n] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  return n
    ? { userId: n.authorId, text: n.titleZhhk, hidden: n.hidden, parentType: 'news', parentId: n.id }
    : null;
}

/** Hide or restore a reported item inside the caller's transaction (the caller audits). */
export async function setContentHidden(
  tx: Db,
  kind: ContentKind,
  id: number,
  hidden: boolean,
): Promise<void> {
  if (kind === 'comment') await setCommentHidden(tx, id, hidden);
  else if (kind === 'activity') await setActivityHidden(tx, id, hidden);
  else {
    const rows = await tx
      .update(newsArticles)
      .set({ hidden, updatedAt: sql`now()` })
      .where(eq(newsArticles.id, id))
      .returning({ id: newsArticles.id });
    if (!rows.length) throw new ApiError(E.NOT_FOUND);
  }
}

/**
 * After the commit: the cached feed pages forget a hidden or restored article, and viewers of the item
 * (or of the item a comment is under) get its new counts on its topic, so their comments refetch.
 */
export async function afterContentChange(db: Db, hub: Hub, kind: ContentKind, id: number): Promise<void> {
  invalidateFeed(db);
  const info = await contentInfo(db, kind, id);
  if (!info) return;
  const c = await countsOf(db, info.parentType, info.parentId);
  const hidden = kind === 'comment' ? {} : { hidden: info.hidden };
  if (c)
    await hub
      .publish(topicOf(info.parentType, info.parentId), { kind: 'counts', data: c, ...hidden })
      .catch(() => {});
}
