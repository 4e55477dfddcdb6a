/**
 * News items as the feeds answer them (no bodies), in the reader's language, and the Hong Kong times
 * they carry; which articles are served (not hidden, published by now).
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db';
import { newsArticles } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { getRefs } from '../matches';
import type { TargetType } from './targets';

export const TARGET: TargetType = 'news';
const HK_OFFSET_MS = 8 * 3600_000;

export function hkIso(ms: number): string {
  return `${new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}
export const hkDay = (ms: number) => new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 10);
/** the Hong Kong hour (0-23) of an instant */
export const hkHour = (ms: number) => new Date(ms + HK_OFFSET_MS).getUTCHours();

export type Row = typeof newsArticles.$inferSelect;

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

export const pick = (r: Row, field: 'title' | 'summary' | 'body', lang: Lang): string => {
  const key = `${field}${lang === 'zhcn' ? 'Zhcn' : lang === 'zhtw' ? 'Zhtw' : 'Zhhk'}` as keyof Row;
  return (r[key] as string) || (r[`${field}Zhhk` as keyof Row] as string);
};

/** Feed columns: no bodies (they can be long). */
export const feedColumns = {
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
export type FeedRow = Pick<Row, keyof typeof feedColumns>;

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

export const visible = (nowMs: number) =>
  and(eq(newsArticles.hidden, false), lte(newsArticles.publishedAt, new Date(nowMs)));
