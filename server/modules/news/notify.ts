/**
 * Messages caused by news and activities (through the messages module's face), written after the
 * comment or reaction committed: the owner of the item (an activity's poster, an article's author)
 * hears of comments, praise and collects; the author of the comment a reply answers hears of the reply.
 * Nobody is told about their own act, and a user hears of a comment once even when it is both.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { activities, newsArticles, newsComments } from '../../db/schema';
import type { Hub } from '../../realtime/hub';
import { pushUnread, sendMessage } from '../messages';
import type { TargetType } from './targets';

async function ownerOf(db: Db, type: TargetType, id: number): Promise<number | null> {
  if (type === 'activity') {
    const [a] = await db.select({ u: activities.userId }).from(activities).where(eq(activities.id, id));
    return a?.u ?? null;
  }
  const [n] = await db.select({ u: newsArticles.authorId }).from(newsArticles).where(eq(newsArticles.id, id));
  return n?.u ?? null;
}

async function deliver(db: Db, hub: Hub, to: Set<number>, send: (userId: number) => Promise<boolean>) {
  for (const userId of to) if (await send(userId)) await pushUnread(db, hub, userId);
}

export async function notifyComment(
  db: Db,
  hub: Hub,
  c: { id: number; text: string; userId: number; type: TargetType; targetId: number; replyTo?: number },
): Promise<void> {
  const to = new Map<number, 'comment' | 'reply'>();
  if (c.replyTo !== undefined) {
    const [r] = await db
      .select({ u: newsComments.userId })
      .from(newsComments)
      .where(eq(newsComments.id, c.replyTo));
    if (r) to.set(r.u, 'reply');
  }
  const owner = await ownerOf(db, c.type, c.targetId);
  if (owner !== null && !to.has(owner)) to.set(owner, 'comment');
  await deliver(db, hub, new Set(to.keys()), (userId) =>
    sendMessage(db, {
      userId,
      category: 'comment',
      kind: `${to.get(userId)}_${c.type}`,
      actorId: c.userId,
      targetType: c.type,
      targetId: c.targetId,
      text: c.text,
    }),
  );
}

export async function notifyReaction(
  db: Db,
  hub: Hub,
  r: { which: 'praise' | 'collect'; userId: number; type: TargetType; targetId: number },
): Promise<void> {
  const owner = await ownerOf(db, r.type, r.targetId);
  if (owner === null) return;
  await deliver(db, hub, new Set([owner]), (userId) =>
    sendMessage(db, {
      userId,
      category: 'praise',
      kind: `${r.which}_${r.type}`,
      actorId: r.userId,
      targetType: r.type,
      targetId: r.targetId,
    }),
  );
}
