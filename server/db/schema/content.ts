import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every message the dev provider "sends" (SMS/email codes, captcha answers). A table rather than
 * memory so tests, the dev server and several nodes all see the same outbox.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.id)],
);

/** Files users uploaded; profile images may only point at rows here (owned by the same user). */
export const attachments = pgTable(
  'attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    url: text('url').notNull().unique(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachments_user_idx').on(t.userId)],
);

/** Protocol documents, one row per type and language; content is sanitized HTML. */
export const protocols = pgTable(
  'protocols',
  {
    type: text('type').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.lang] })],
);

/** Country calling codes for the login country picker. */
export const countries = pgTable('countries', {
  iso: text('iso').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameZhTr: text('name_zh_tr').notNull(),
  nameEn: text('name_en').notNull().default(''),
  phoneCode: text('phone_code').notNull(),
  letter: text('letter').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Region tree (province -> city -> district) for the profile city picker. */
export const regions = pgTable(
  'regions',
  {
    code: text('code').primaryKey(),
    parentCode: text('parent_code'),
    nameZh: text('name_zh').notNull(),
    nameZhTr: text('name_zh_tr').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('regions_parent_idx').on(sql`coalesce(${t.parentCode}, '')`, t.sort)],
);

/** Hot cities shown above the picker; names kept here so a hot city need not be in the tree. */
export const hotRegions = pgTable('hot_regions', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameZhTr: text('name_zh_tr').notNull(),
  sort: integer('sort').notNull().default(0),
});
