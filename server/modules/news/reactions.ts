/** Praise and collect: the viewer's state, the viewer's lists, and the idempotent toggles. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { newsArticles, newsCollects, newsPraises } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { feedColumns, hkIso, TARGET, toItems, visible } from './items';
import { assertVisible, bump, type Counts, countsOf, type TargetType } from './targets';

export async function viewerState(db: Db, type: TargetType, id: number, userId: number | null) {
  if (userId === null) return { praised: false, collected: false };
  const mine = (t: typeof newsPraises | typeof newsCollects) =>
    db
      .select({ u: t.userId })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.targetType, type), eq(t.targetId, id)));
  const [p, c] = await Promise.all([mine(newsPraises), mine(newsCollects)]);
  return { praised: p.length > 0, collected: c.length > 0 };
}

/** The viewer's praised or collected articles, newest reaction first; hidden ones left out. */
export async function myReactions(
  db: Db,
  which: 'praise' | 'collect',
  userId: number,
  lang: Lang,
  nowMs: number,
  page: number,
  size: number,
) {
  const t = which === 'praise' ? newsPraises : newsCollects;
  const where = and(eq(t.userId, userId), eq(t.targetType, TARGET), visible(nowMs));
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(t)
    .innerJoin(newsArticles, eq(newsArticles.id, t.targetId))
    .where(where);
  const rows = await db
    .select({ a: feedColumns, at: t.createdAt })
    .from(t)
    .innerJoin(newsArticles, eq(newsArticles.id, t.targetId))
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.targetId))
    .limit(size)
    .offset((page - 1) * size);
  const items = await toItems(
    db,
    rows.map((r) => r.a),
    lang,
  );
  return {
    list: items.map((it, i) => ({ ...it, reacted_at: hkIso(rows[i].at.getTime()) })),
    total,
    page,
    size,
  };
}

/** Praise / collect (idempotent both ways); answers the new state and the item's counts. */
export async function react(
  db: Db,
  type: TargetType,
  which: 'praise' | 'collect',
  on: boolean,
  userId: number,
  id: number,
  nowMs: number,
) {
  await assertVisible(db, type, id, nowMs);
  const t = which === 'praise' ? newsPraises : newsCollects;
  const changed = await db.transaction(async (tx) => {
    const rows = on
      ? await tx
          .insert(t)
          .values({ userId, targetType: type, targetId: id, createdAt: new Date(nowMs) })
          .onConflictDoNothing()
          .returning({ u: t.userId })
      : await tx
          .delete(t)
          .where(and(eq(t.userId, userId), eq(t.targetType, type), eq(t.targetId, id)))
          .returning({ u: t.userId });
    if (rows.length) await bump(tx, type, id, which, on ? 1 : -1);
    return rows.length > 0;
  });
  const c = await countsOf(db, type, id);
  return { changed, state: { ...(await viewerState(db, type, id, userId)), ...(c as Counts) } };
}
