/**
 * News reads: the feed (newest first), the hot tab (recent engagement) and one article with the
 * viewer's praise / collect state (items.ts shapes the items, reactions.ts holds praise and collect,
 * views.ts counts views). Hidden articles are never
 * served (a hidden id answers 100404, as an unknown one). First feed pages are cached for a few
 * seconds (the feed is read far more than it changes; a detail page shows live counts).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { newsArticles } from '../../db/schema';
import { CachedBody } from '../../http/compression';
import { ApiError, E } from '../../http/errors';
import { type Lang, msgFor } from '../../http/i18n';
import { feedColumns, pick, type Row, TARGET, toItems, visible } from './items';
import { viewerState } from './reactions';
import { countView, viewsWithin } from './views';

const DAY_MS = 86_400_000;
/** engagement counted by the hot list, and how far back an article may be to rank */
export const HOT_WINDOW_DAYS = 3;
const HOT_MAX_AGE_DAYS = 14;
const HOT_SIZE = 200;
const CACHE_MS = 5000;

interface CacheEntry {
  at: number;
  value: Promise<unknown>;
  refreshing?: boolean;
}
const caches = new WeakMap<object, Map<string, CacheEntry>>();

/**
 * Keeps `make()`'s answer for CACHE_MS; past that the old answer is still served while one refresh
 * runs (readers never wait for a rebuild, except the very first).
 */
function cached<T>(db: Db, key: string, nowMs: number, make: () => Promise<T>): Promise<T> {
  let m = caches.get(db);
  if (!m) {
    m = new Map();
    caches.set(db, m);
  }
  const map = m;
  const hit = map.get(key);
  if (hit && nowMs >= hit.at && nowMs - hit.at < CACHE_MS) return hit.value as Promise<T>;
  if (hit && !hit.refreshing) {
    hit.refreshing = true;
    const next = make();
    next.then(
      () => map.get(key) === hit && map.set(key, { at: nowMs, value: next }),
      () => {
        hit.refreshing = false;
      },
    );
    return hit.value as Promise<T>;
  }
  if (hit) return hit.value as Promise<T>;
  const value = make();
  map.set(key, { at: nowMs, value });
  value.catch(() => map.delete(key));
  if (map.size > 500) map.clear();
  return value;
}

/** Forget cached feed pages (an article was published, edited or hidden). */
export function invalidateFeed(db: Db): void {
  caches.delete(db);
}

export async function newsFeed(db: Db, lang: Lang, nowMs: number, page: number, size: number) {
  {
    const where = visible(nowMs);
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(newsArticles)
      .where(where);
    const rows = await db
      .select(feedColumns)
      .from(newsArticles)
      .where(where)
      .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
      .limit(size)
      .offset((page - 1) * size);
    return { list: await toItems(db, rows, lang), total, page, size };
  }
}

/**
 * Article ids by engagement in the last days: comments 4, praise 3, collect 2, a view 1 each. One
 * grouped pass over each engagement table, joined to the articles that may rank, rather than four
 * subqueries per article: PGlite runs on the event loop, so a slow ranking holds up every reader.
 */
async function hotRanking(db: Db, nowMs: number): Promise<number[]> {
  const since = new Date(nowMs - HOT_WINDOW_DAYS * DAY_MS);
  const oldest = new Date(nowMs - HOT_MAX_AGE_DAYS * DAY_MS);
  const rows = (await db.execute(sql`
    select a.id from (
      select id, sum(s) as score from (
        select target_id as id, count(*) * 4 as s from news_comments
          where target_type = 'news' and not hidden and created_at >= ${since} group by 1
        union all
        select target_id, count(*) * 3 from news_praises
          where target_type = 'news' and created_at >= ${since} group by 1
        union all
        select target_id, count(*) * 2 from news_collects
          where target_type = 'news' and created_at >= ${since} group by 1
        union all
        select article_id, sum(views) from news_views
          where ${viewsWithin(since.getTime(), nowMs)} group by 1
      ) x group by id having sum(s) > 0
    ) e join news_articles a on a.id = e.id
    where not a.hidden and a.published_at <= ${new Date(nowMs)} and a.published_at >= ${oldest}
    order by e.score desc, a.published_at desc, a.id desc
    limit ${HOT_SIZE}
  `)) as unknown as { rows: { id: number }[] };
  return rows.rows.map((r) => Number(r.id));
}

/**
 * A feed page as the route answers it. The first pages are kept a few seconds as encoded bytes (one
 * query and one serialization per page and language, however many read it; counts on a detail page are
 * live, on the feed at most CACHE_MS old).
 */
export async function feedBody(
  db: Db,
  tab: 'news' | 'hot',
  lang: Lang,
  nowMs: number,
  page: number,
  size: number,
): Promise<CachedBody | Awaited<ReturnType<typeof newsFeed>>> {
  const make = () => (tab === 'hot' ? hotFeed : newsFeed)(db, lang, nowMs, page, size);
  if (page > 5) return make();
  return cached(
    db,
    `${tab}:${lang}:${page}:${size}`,
    nowMs,
    async () =>
      new CachedBody(Buffer.from(JSON.stringify({ code: 0, msg: msgFor(0, lang), data: await make() }))),
  );
}

export async function hotFeed(db: Db, lang: Lang, nowMs: number, page: number, size: number) {
  const ids = await cached(db, 'hot-ids', nowMs, () => hotRanking(db, nowMs));
  const slice = ids.slice((page - 1) * size, page * size);
  const rows = slice.length
    ? await db
        .select(feedColumns)
        .from(newsArticles)
        .where(and(inArray(newsArticles.id, slice), visible(nowMs)))
    : [];
  const order = new Map(slice.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return { list: await toItems(db, rows, lang), total: ids.length, page, size };
}

/** A served article: unknown, hidden or not yet published answers 100404. */
export async function visibleArticle(db: Db, id: number, nowMs: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.id, id), visible(nowMs)));
  if (!row) throw new ApiError(E.NOT_FOUND);
  return row;
}

/** One article for reading; counts a view (per day, for the hot list). */
export async function newsDetail(db: Db, id: number, lang: Lang, userId: number | null, nowMs: number) {
  const row = await visibleArticle(db, id, nowMs);
  countView(db, id, nowMs);
  const [item] = await toItems(db, [{ ...row, views: row.views + 1 }], lang);
  return { ...item, body: pick(row, 'body', lang), ...(await viewerState(db, TARGET, id, userId)) };
}
