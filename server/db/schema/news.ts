import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * News: operator articles (rich HTML sanitised on save) and automatic match reports (generated from a
 * finished match's events and statistics), each with its texts in the three scripts; comments with
 * replies, praise and collect per user and target. Engagement counts live on the article row (updated
 * in the same transaction as the praise / comment), views per day for the hot ranking.
 * Targets are (type, id) so fans' activities can share comments, praise and collect later.
 */

export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    /** 'article' (written by an operator) | 'report' (generated from a finished match) */
    kind: text('kind').notNull(),
    titleZhhk: text('title_zhhk').notNull(),
    titleZhcn: text('title_zhcn').notNull(),
    titleZhtw: text('title_zhtw').notNull(),
    summaryZhhk: text('summary_zhhk').notNull().default(''),
    summaryZhcn: text('summary_zhcn').notNull().default(''),
    summaryZhtw: text('summary_zhtw').notNull().default(''),
    /** sanitised HTML */
    bodyZhhk: text('body_zhhk').notNull().default(''),
    bodyZhcn: text('body_zhcn').notNull().default(''),
    bodyZhtw: text('body_zhtw').notNull().default(''),
    cover: text('cover').notNull().default(''),
    competitionId: integer('competition_id'),
    /** club ids the article is about */
    clubIds: jsonb('club_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** player ids the article is about */
    playerIds: jsonb('player_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** the match a report was generated from (one report per match) */
    matchId: integer('match_id'),
    authorId: integer('author_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    hidden: boolean('hidden').notNull().default(false),
    views: integer('views').notNull().default(0),
    praiseCount: integer('praise_count').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_articles_match_idx').on(t.matchId),
    index('news_articles_feed_idx').on(t.hidden, t.publishedAt, t.id),
  ],
);

/** Fans' posts (activities): text with up to nine JPEG uploads of the poster, an optional match or club tag. */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    text: text('text').notNull(),
    /** URLs of the poster's own uploads (attachments) */
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    matchId: integer('match_id'),
    clubId: integer('club_id'),
    hidden: boolean('hidden').notNull().default(false),
    praiseCount: integer('praise_count').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_feed_idx').on(t.hidden, t.createdAt, t.id),
    index('activities_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Views per article and Hong Kong hour (date + hour 0-23), for the hot rankings: hour buckets let a
 * 48-hour window leave out what is older (day buckets reached back up to 72 hours).
 */
export const newsViews = pgTable(
  'news_views',
  {
    articleId: integer('article_id').notNull(),
    day: date('day').notNull(),
    hour: smallint('hour').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.day, t.hour] }),
    index('news_views_day_idx').on(t.day, t.hour),
  ],
);

export const newsComments = pgTable(
  'news_comments',
  {
    id: serial('id').primaryKey(),
    /** 'news' (later 'activity') */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** the top-level comment a reply belongs to (null for a top-level comment) */
    parentId: integer('parent_id'),
    /** the comment a reply answers (a reply to a reply names its author) */
    replyToId: integer('reply_to_id'),
    userId: integer('user_id').notNull(),
    text: text('text').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_comments_target_idx').on(t.targetType, t.targetId, t.parentId, t.id),
    index('news_comments_parent_idx').on(t.parentId, t.id),
    index('news_comments_user_idx').on(t.userId, t.createdAt),
    index('news_comments_created_idx').on(t.createdAt),
  ],
);

const reaction = (name: string) =>
  pgTable(
    name,
    {
      userId: integer('user_id').notNull(),
      targetType: text('target_type').notNull(),
      targetId: integer('target_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.userId, t.targetType, t.targetId] }),
      index(`${name}_target_idx`).on(t.targetType, t.targetId, t.createdAt),
      index(`${name}_user_idx`).on(t.userId, t.createdAt),
    ],
  );

export const newsPraises = reaction('news_praises');
export const newsCollects = reaction('news_collects');
