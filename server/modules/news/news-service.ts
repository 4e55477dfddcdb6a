/**
 * News reads: the feed (newest first), the hot list (recent engagement), one article with the viewer's
 * praise / collect state, and the viewer's praised and collected lists. Hidden articles are never
 * served (a hidden id answers 100404, as an unknown one). First feed pages are cached for a few
 * seconds (the feed is read far more than it changes; a detail page shows live counts).
 */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { newsArticles, newsCollects, newsPraises, newsViews } from '../../db/schema';
import { CachedBody } from '../../http/compression';
import { ApiError, E } from '../../http/errors';
import { type Lang, msgFor } from '../../http/i18n';
import { getRefs } from '../matches';
import { assertVisible, bump, type Counts, countsOf, type TargetType } from './targets';

export const TARGET: TargetType = 'news';
const HK_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
/** engagement counted by the hot list, and how far back an article may be to rank */
export const HOT_WINDOW_DAYS = 3;
const HOT_MAX_AGE_DAYS = 14;
const HOT_SIZE = 200;
const CACHE_MS = 5000;

export function hkIso(ms: number): string {
  return `${new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}
export const hkDay = (ms: number) => new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 10);
/** the Hong Kong hour (0-23) of an instant */
export const hkHour = (ms: number) => new Date(ms + HK_OFFSET_MS).getUTCHours();

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

type Row = typeof newsArticles.$inferSelect;

export interface NewsItem {
  id: number;
  kind: string;
  automatic: boolean;
  title: string;
  summary: string;
  cover: string;
  published_at: string;
  published_ms: number;
  competition: { id: number; name: string; color: string } | null;
  clubs: { id: number; name: string }[];
  match_id: number | null;
  views: number;
  praise_count: number;
  comment_count: number;
  collect_count: number;
}

const pick = (r: Row, field: 'title' | 'summary' | 'body', lang: Lang): string => {
  const key = `${field}${lang === 'zhcn' ? 'Zhcn' : lang === 'zhtw' ? 'Zhtw' : 'Zhhk'}` as keyof Row;
  return (r[key] as string) || (r[`${field}Zhhk` as keyof Row] as string);
};

/** Feed columns: no bodies (they can be long). */
const feedColumns = {
  id: newsArticles.id,
  kind: newsArticles.kind,
  titleZhhk: newsArticles.titleZhhk,
  titleZhcn: newsArticles.titleZhcn,
  titleZhtw: newsArticles.titleZhtw,
  summaryZhhk: newsArticles.summaryZhhk,
  summaryZhcn: newsArticles.summaryZhcn,
  summaryZhtw: newsArticles.summaryZhtw,
  cover: newsArticles.cover,
  competitionId: newsArticles.competitionId,
  clubIds: newsArticles.clubIds,
  matchId: newsArticles.matchId,
  publishedAt: newsArticles.publishedAt,
  views: newsArticles.views,
  praiseCount: newsArticles.praiseCount,
  commentCount: newsArticles.commentCount,
  collectCount: newsArticles.collectCount,
};
type FeedRow = Pick<Row, keyof typeof feedColumns>;

export async function toItems(db: Db, rows: FeedRow[], lang: Lang): Promise<NewsItem[]> {
  const refs = await getRefs(db);
  return rows.map((r) => {
    const comp = r.competitionId ? refs.competitions.get(r.competitionId) : undefined;
    return {
      id: r.id,
      kind: r.kind,
      automatic: r.kind === 'report',
      title: pick(r as Row, 'title', lang),
      summary: pick(r as Row, 'summary', lang),
      cover: r.cover,
      published_at: hkIso(r.publishedAt.getTime()),
      published_ms: r.publishedAt.getTime(),
      competition: comp ? { id: comp.id, name: comp.short[lang], color: comp.color } : null,
      clubs: (r.clubIds ?? []).flatMap((id) => {
        const t = refs.teams.get(id);
        return t ? [{ id, name: t.short[lang] }] : [];
      }),
      match_id: r.matchId,
      views: r.views,
      praise_count: r.praiseCount,
      comment_count: r.commentCount,
      collect_count: r.collectCount,
    };
  });
}

const visible = (nowMs: number) =>
  and(eq(newsArticles.hidden, false), lte(newsArticles.publishedAt, new Date(nowMs)));

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

/** Article ids by engagement in the last days: comments 4, praise 3, collect 2, a view 1 each. */
async function hotRanking(db: Db, nowMs: number): Promise<number[]> {
  const since = new Date(nowMs - HOT_WINDOW_DAYS * DAY_MS);
  const oldest = new Date(nowMs - HOT_MAX_AGE_DAYS * DAY_MS);
  const rows = (await db.execute(sql`
    select a.id,
      coalesce((select count(*) from news_comments c where c.target_type = 'news' and c.target_id = a.id
        and not c.hidden and c.created_at >= ${since}), 0) * 4
      + coalesce((select count(*) from news_praises p where p.target_type = 'news' and p.target_id = a.id
        and p.created_at >= ${since}), 0) * 3
      + coalesce((select count(*) from news_collects k where k.target_type = 'news' and k.target_id = a.id
        and k.created_at >= ${since}), 0) * 2
      + coalesce((select sum(v.views) from news_views v where v.article_id = a.id
        and ${viewsWithin(since.getTime(), nowMs)}), 0)
      as score
    from news_articles a
    where not a.hidden and a.published_at <= ${new Date(nowMs)} and a.published_at >= ${oldest}
    order by score desc, a.published_at desc, a.id desc
    limit ${HOT_SIZE}
  `)) as unknown as { rows: { id: number; score: string | number }[] };
  return rows.rows.filter((r) => Number(r.score) > 0).map((r) => Number(r.id));
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

function countView(db: Db, id: number, nowMs: number): void {
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

/** One article for reading; counts a view (per day, for the hot list). */
export async function newsDetail(db: Db, id: number, lang: Lang, userId: number | null, nowMs: number) {
  const row = await visibleArticle(db, id, nowMs);
  countView(db, id, nowMs);
  const [item] = await toItems(db, [{ ...row, views: row.views + 1 }], lang);
  return { ...item, body: pick(row, 'body', lang), ...(await viewerState(db, TARGET, id, userId)) };
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
