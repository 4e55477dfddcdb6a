/**
 * Operator articles: create and edit with rich HTML sanitised on save, hide / restore any article or
 * comment; each change is one transaction with its ops_audit row.
 */
import { desc, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db';
import { newsArticles, opsAudit } from '../../db/schema';
import type { NewsArticleBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { setActivityHidden } from './activities-service';
import { setCommentHidden } from './comments-service';
import { hkIso, toItems } from './items';
import { invalidateFeed } from './news-service';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const plain = (s: string) =>
  sanitizeHtml(s, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();

function values(b: NewsArticleBody) {
  const body = {
    zhhk: sanitizeArticleHtml(b.body_zhhk),
    zhcn: sanitizeArticleHtml(b.body_zhcn ?? ''),
    zhtw: sanitizeArticleHtml(b.body_zhtw ?? ''),
  };
  if (!plain(body.zhhk) && !body.zhhk.includes('<img'))
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/body_zhhk', keyword: 'minLength' });
  const title = b.title_zhhk.trim();
  // a summary left out is the body's first words
  const summary = (given: string | undefined, html: string) => (given?.trim() || plain(html)).slice(0, 120);
  return {
    titleZhhk: title,
    titleZhcn: b.title_zhcn?.trim() || title,
    titleZhtw: b.title_zhtw?.trim() || title,
    bodyZhhk: body.zhhk,
    bodyZhcn: body.zhcn || body.zhhk,
    bodyZhtw: body.zhtw || body.zhhk,
    summaryZhhk: summary(b.summary_zhhk, body.zhhk),
    summaryZhcn: summary(b.summary_zhcn, body.zhcn || body.zhhk),
    summaryZhtw: summary(b.summary_zhtw, body.zhtw || body.zhhk),
    cover: b.cover ?? '',
    competitionId: b.competition_id ?? null,
    clubIds: b.club_ids ?? [],
    playerIds: b.player_ids ?? [],
    ...(b.hidden !== undefined ? { hidden: b.hidden } : {}),
  };
}

async function audit(
  tx: Pick<Db, 'insert'>,
  operatorId: number,
  action: string,
  id: number,
  reason?: string,
) {
  await tx.insert(opsAudit).values({
    operatorId,
    action,
    targetType: action.split('.')[0],
    targetId: String(id),
    reason: reason ?? null,
  });
}

export async function createArticle(db: Db, operatorId: number, b: NewsArticleBody, nowMs: number) {
  const v = values(b);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsArticles)
      .values({ kind: 'article', ...v, authorId: operatorId, publishedAt: new Date(nowMs) })
      .returning({ id: newsArticles.id });
    await audit(tx, operatorId, 'news.create', row.id);
    return row.id;
  });
  invalidateFeed(db);
  return id;
}

export async function editArticle(db: Db, operatorId: number, id: number, b: NewsArticleBody) {
  const v = values(b);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kind: newsArticles.kind })
      .from(newsArticles)
      .where(eq(newsArticles.id, id));
    if (!row) throw new ApiError(E.NOT_FOUND);
    // an automatic report is the match's facts: operators hide it, they do not rewrite it
    if (row.kind !== 'article') throw new ApiError(E.NO_PERMISSION);
    await tx
      .update(newsArticles)
      .set({ ...v, updatedAt: sql`now()` })
      .where(eq(newsArticles.id, id));
    await audit(tx, operatorId, 'news.edit', id);
  });
  invalidateFeed(db);
}

export async function setArticleHidden(
  db: Db,
  operatorId: number,
  id: number,
  hidden: boolean,
  reason?: string,
) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(newsArticles)
      .set({ hidden, updatedAt: sql`now()` })
      .where(eq(newsArticles.id, id))
      .returning({ id: newsArticles.id });
    if (!rows.length) throw new ApiError(E.NOT_FOUND);
    await audit(tx, operatorId, hidden ? 'news.hide' : 'news.restore', id, reason);
  });
  invalidateFeed(db);
}

export async function setActivityHiddenAudited(
  db: Db,
  operatorId: number,
  id: number,
  hidden: boolean,
  reason?: string,
) {
  await db.transaction(async (tx) => {
    await setActivityHidden(tx, id, hidden);
    await audit(tx, operatorId, hidden ? 'activity.hide' : 'activity.restore', id, reason);
  });
}

export async function setCommentHiddenAudited(
  db: Db,
  operatorId: number,
  commentId: number,
  hidden: boolean,
  reason?: string,
) {
  const target = await setCommentHidden(db, commentId, hidden);
  await audit(db, operatorId, hidden ? 'news_comment.hide' : 'news_comment.restore', commentId, reason);
  return target;
}

/** Console list: every article, hidden ones too, newest first. */
export async function opsArticles(db: Db, lang: Lang, page: number, size: number) {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(newsArticles);
  const rows = await db
    .select()
    .from(newsArticles)
    .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
    .limit(size)
    .offset((page - 1) * size);
  const items = await toItems(db, rows, lang);
  return {
    list: items.map((it, i) => ({
      ...it,
      hidden: rows[i].hidden,
      updated_at: hkIso(rows[i].updatedAt.getTime()),
    })),
    total,
    page,
    size,
  };
}

export async function opsArticle(db: Db, id: number) {
  const [r] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
  if (!r) throw new ApiError(E.NOT_FOUND);
  return {
    id: r.id,
    kind: r.kind,
    hidden: r.hidden,
    title_zhhk: r.titleZhhk,
    title_zhcn: r.titleZhcn,
    title_zhtw: r.titleZhtw,
    summary_zhhk: r.summaryZhhk,
    summary_zhcn: r.summaryZhcn,
    summary_zhtw: r.summaryZhtw,
    body_zhhk: r.bodyZhhk,
    body_zhcn: r.bodyZhcn,
    body_zhtw: r.bodyZhtw,
    cover: r.cover,
    competition_id: r.competitionId,
    club_ids: r.clubIds ?? [],
    player_ids: r.playerIds ?? [],
  };
}
