/**
 * The hot list (/hot-list): news and fans' activities ranked together by their engagement in the last
 * 48 hours of the server clock: a comment counts 4, a praise 3, a collect 2, a view 1 (views are kept
 * per Hong Kong hour; an hour counts when it began inside the 48 hours, so no signal reaches back
 * further than the window). Only items with some
 * engagement are listed; hidden or unpublished items, and posts of people on either side of the
 * viewer's blacklist, are not. The ranking is one query, kept HOT_CACHE_MS; the page's items are read
 * as the feeds serve them.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { newsArticles } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { activitiesByIds } from './activities-service';
import { type NewsItem, toItems } from './items';
import { viewsWithin } from './views';

export const HOT_LIST_WINDOW_MS = 48 * 3_600_000;
const HOT_LIST_SIZE = 200;
const HOT_CACHE_MS = 5_000;

interface Ranked {
  type: 'news' | 'activity';
  id: number;
  score: number;
}

async function rank(db: Db, nowMs: number): Promise<Ranked[]> {
  const since = new Date(nowMs - HOT_LIST_WINDOW_MS);
  const until = new Date(nowMs);
  const res = (await db.execute(sql`
    select t, id, sum(s)::int as score from (
      select target_type as t, target_id as id, count(*) * 4 as s from news_comments
        where not hidden and created_at >= ${since} and created_at <= ${until} group by 1, 2
      union all
      select target_type, target_id, count(*) * 3 from news_praises
        where created_at >= ${since} and created_at <= ${until} group by 1, 2
      union all
      select target_type, target_id, count(*) * 2 from news_collects
        where created_at >= ${since} and created_at <= ${until} group by 1, 2
      union all
      select 'news', article_id, sum(views) from news_views
        where ${viewsWithin(nowMs - HOT_LIST_WINDOW_MS, nowMs)} group by 2
    ) e
    where t in ('news', 'activity')
    group by t, id
    having sum(s) > 0
    order by score desc, id desc
    limit ${HOT_LIST_SIZE}
  `)) as unknown as { rows: { t: string; id: number; score: number }[] };
  return res.rows.map((r) => ({ type: r.t as Ranked['type'], id: Number(r.id), score: Number(r.score) }));
}

const cache = new WeakMap<Db, { at: number; nowBucket: number; ranked: Promise<Ranked[]> }>();

function ranking(db: Db, nowMs: number): Promise<Ranked[]> {
  const c = cache.get(db);
  const bucket = Math.floor(nowMs / HOT_CACHE_MS);
  if (c && c.nowBucket === bucket && Date.now() - c.at < HOT_CACHE_MS) return c.ranked;
  const ranked = rank(db, nowMs);
  cache.set(db, { at: Date.now(), nowBucket: bucket, ranked });
  ranked.catch(() => cache.delete(db));
  return ranked;
}

/** Forget the cached ranking (tests that add engagement and read at once). */
export function forgetHotList(db: Db): void {
  cache.delete(db);
}

export async function hotList(
  db: Db,
  q: { lang: Lang; nowMs: number; page: number; size: number; viewerId: number | null },
) {
  const ranked = await ranking(db, q.nowMs);
  const newsIds = ranked.filter((r) => r.type === 'news').map((r) => r.id);
  const actIds = ranked.filter((r) => r.type === 'activity').map((r) => r.id);
  // which ranked items may be shown (visible news; visible, unblocked posts), then the page of them
  const [visibleNews, acts] = await Promise.all([
    newsIds.length
      ? db
          .select({ id: newsArticles.id })
          .from(newsArticles)
          .where(
            and(
              inArray(newsArticles.id, newsIds),
              eq(newsArticles.hidden, false),
              lte(newsArticles.publishedAt, new Date(q.nowMs)),
            ),
          )
      : [],
    activitiesByIds(db, actIds, q.lang, q.viewerId),
  ]);
  const okNews = new Set(visibleNews.map((n) => n.id));
  const actById = new Map(acts.map((a) => [a.id, a]));
  const shown = ranked.filter((r) => (r.type === 'news' ? okNews.has(r.id) : actById.has(r.id)));
  const slice = shown.slice((q.page - 1) * q.size, q.page * q.size);
  const pageNews = slice.filter((r) => r.type === 'news').map((r) => r.id);
  const newsRows = pageNews.length
    ? await db.select().from(newsArticles).where(inArray(newsArticles.id, pageNews))
    : [];
  const items = new Map<number, NewsItem>((await toItems(db, newsRows, q.lang)).map((n) => [n.id, n]));
  const first = (q.page - 1) * q.size;
  return {
    list: slice.map((r, i) => ({
      rank: first + i + 1,
      type: r.type,
      score: r.score,
      news: r.type === 'news' ? (items.get(r.id) ?? null) : null,
      activity: r.type === 'activity' ? (actById.get(r.id) ?? null) : null,
    })),
    total: shown.length,
    page: q.page,
    size: q.size,
    window_hours: HOT_LIST_WINDOW_MS / 3_600_000,
  };
}
