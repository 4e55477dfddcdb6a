/**
 * The shop's catalogue and a fan's own shop data (collects, browsing history, cart, addresses).
 * Names are kept per script (zhhk traditional with Hong Kong wording, zhcn simplified, zhtw Taiwan
 * wording). Money is integer minor units of HKD (cents). Stock lives on the SKU as an integer that
 * order creation (a later slice) reserves under a row lock (`select ... for update`); the check keeps it
 * from going negative whatever the code does.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const shopCategories = pgTable('shop_categories', {
  id: serial('id').primaryKey(),
  /** stable code the seed and links use: jersey, training, boots, ball, scarf, accessory, collectible */
  code: text('code').notNull().unique(),
  nameZhhk: text('name_zhhk').notNull(),
  nameZhcn: text('name_zhcn').notNull(),
  nameZhtw: text('name_zhtw').notNull(),
  /** image URL (a generated SVG) */
  icon: text('icon').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * status: 1 on sale, 0 off the shelf (hidden from lists; its detail answers not found).
 * price/originalPrice: the lowest SKU price and the list price before a discount, both HKD cents
 * (the list shows "from"). sales: units sold through completed orders (0 until orders exist).
 */
export const shopProducts = pgTable(
  'shop_products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => shopCategories.id),
    /** the club the item belongs to, if any (teams.id) */
    teamId: integer('team_id'),
    nameZhhk: text('name_zhhk').notNull(),
    nameZhcn: text('name_zhcn').notNull(),
    nameZhtw: text('name_zhtw').notNull(),
    descZhhk: text('desc_zhhk').notNull(),
    descZhcn: text('desc_zhcn').notNull(),
    descZhtw: text('desc_zhtw').notNull(),
    /** the main image URL (also the first of shop_product_images) */
    image: text('image').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
    sales: integer('sales').notNull().default(0),
    status: smallint('status').notNull().default(1),
    recommended: boolean('recommended').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('shop_products_category_idx').on(t.categoryId, t.status),
    index('shop_products_created_idx').on(t.createdAt),
    check('shop_products_price_ck', sql`${t.price} >= 0 and ${t.originalPrice} >= ${t.price}`),
  ],
);

export const shopProductImages = pgTable(
  'shop_product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('shop_product_images_product_idx').on(t.productId, t.sort)],
);

/**
 * One sellable variant: a size and a colour (either may be empty for one-size items). stock is the
 * units left to sell; a later order slice decrements it under `for update`, never below 0.
 */
export const shopSkus = pgTable(
  'shop_skus',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    size: text('size').notNull().default(''),
    colorZhhk: text('color_zhhk').notNull().default(''),
    colorZhcn: text('color_zhcn').notNull().default(''),
    colorZhtw: text('color_zhtw').notNull().default(''),
    colorHex: text('color_hex').notNull().default(''),
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    image: text('image').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('shop_skus_product_idx').on(t.productId, t.sort),
    check('shop_skus_stock_ck', sql`${t.stock} >= 0`),
    check('shop_skus_price_ck', sql`${t.price} >= 0`),
  ],
);

export const shopCollects = pgTable(
  'shop_collects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('shop_collects_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Recently viewed: one row per user and product, moved to the top on each view. */
export const shopViews = pgTable(
  'shop_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    viewedAt: at('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('shop_views_user_idx').on(t.userId, t.viewedAt),
  ],
);

/** Search hot words the merchant picks (the shop's own, apart from the football search log). */
export const shopHotWords = pgTable('shop_hot_words', {
  id: serial('id').primaryKey(),
  wordZhhk: text('word_zhhk').notNull(),
  wordZhcn: text('word_zhcn').notNull(),
  wordZhtw: text('word_zhtw').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const shopBanners = pgTable('shop_banners', {
  id: serial('id').primaryKey(),
  titleZhhk: text('title_zhhk').notNull(),
  titleZhcn: text('title_zhcn').notNull(),
  titleZhtw: text('title_zhtw').notNull(),
  image: text('image').notNull(),
  /** an app route, e.g. /shop/product/goods?category=3 */
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Reviews written after receipt (the orders slice writes them; stars 1-5, up to 9 jpg images).
 * Until then no product has a review, and the screens say so.
 */
export const shopReviews = pgTable(
  'shop_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').references(() => shopSkus.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the order line it reviews (orders slice); one review per line */
    orderItemId: integer('order_item_id'),
    stars: smallint('stars').notNull(),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('shop_reviews_product_idx').on(t.productId, t.createdAt),
    uniqueIndex('shop_reviews_item_uq').on(t.orderItemId),
    check('shop_reviews_stars_ck', sql`${t.stars} between 1 and 5`),
  ],
);

/** A fan's cart: one row per SKU, quantity at least 1 (bounded by stock when changed). */
export const shopCartItems = pgTable(
  'shop_cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => shopSkus.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** ticked for settlement */
    selected: boolean('selected').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_cart_user_sku_uq').on(t.userId, t.skuId),
    check('shop_cart_quantity_ck', sql`${t.quantity} >= 1`),
  ],
);

/** Delivery addresses (spec §3, §5): at most one default per user (partial unique index). */
export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiver: text('receiver').notNull(),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    /** region path from the regions API, country first: [{code, name}] */
    region: jsonb('region').$type<{ code: string; name: string }[]>().notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('shop_addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('shop_addresses_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
