/**
 * Article views for the hot rankings: counted in memory, written about once a second per Hong Kong
 * hour (news_views), and read back for a window with `viewsWithin`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { newsArticles, newsViews } from '../../db/schema';
import { hkDay, hkHour } from './items';

/**
 * SQL for "this news_views row's hour lies inside (sinceMs, untilMs]": an hour bucket counts when it
 * began inside the window (Hong Kong keeps no summer time, so its hours are whole UTC hours); the
 * bucket the window's start cuts is left out, so views never reach back further than the window.
 */
export function viewsWithin(sinceMs: number, untilMs: number) {
  const first = Math.ceil(sinceMs / 3_600_000) * 3_600_000;
  return sql`(day, hour) >= (${hkDay(first)}::date, ${hkHour(first)}::smallint)
    and (day, hour) <= (${hkDay(untilMs)}::date, ${hkHour(untilMs)}::smallint)`;
}

/**
 * Views are counted in memory and written in one transaction about once a second (a write per read
 * would make every reader wait for the database's single writer); a lost second of views on a crash
 * is an acceptable price for a popularity signal.
 */
const pendingViews = new WeakMap<object, { byKey: Map<string, number>; timer: NodeJS.Timeout | null }>();
const VIEW_FLUSH_MS = 1000;

async function flushViews(db: Db): Promise<void> {
  const p = pendingViews.get(db);
  if (p?.timer) clearTimeout(p.timer);
  if (!p?.byKey.size) return;
  const batch = [...p.byKey.entries()];
  p.byKey.clear();
  p.timer = null;
  try {
    await db.transaction(async (tx) => {
      for (const [key, n] of batch) {
        const [id, day, hour] = key.split('|');
        await tx
          .update(newsArticles)
          .set({ views: sql`${newsArticles.views} + ${n}` })
          .where(eq(newsArticles.id, Number(id)));
        await tx
          .insert(newsViews)
          .values({ articleId: Number(id), day, hour: Number(hour), views: n })
          .onConflictDoUpdate({
            target: [newsViews.articleId, newsViews.day, newsViews.hour],
            set: { views: sql`${newsViews.views} + ${n}` },
          });
      }
    });
  } catch (err) {
    console.warn(`[news] view counts not written: ${(err as Error).message}`);
  }
}

export function countView(db: Db, id: number, nowMs: number): void {
  let p = pendingViews.get(db);
  if (!p) {
    p = { byKey: new Map(), timer: null };
    pendingViews.set(db, p);
  }
  const key = `${id}|${hkDay(nowMs)}|${hkHour(nowMs)}`;
  p.byKey.set(key, (p.byKey.get(key) ?? 0) + 1);
  if (!p.timer) {
    p.timer = setTimeout(() => void flushViews(db), VIEW_FLUSH_MS);
    p.timer.unref?.();
  }
}

/** Write the views counted so far (tests; the app's close). */
export const flushNewsViews = flushViews;
