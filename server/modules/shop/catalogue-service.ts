/**
 * Reading the catalogue: home, categories (the product list is served from memory: list-cache.ts),
 * a product's detail with its SKUs and review summary, reviews, hot words. Texts come in the
 * request's script. A product off the shelf (status 0) is not found.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';

/** the column suffix of a language: only the three known values reach SQL */
export const col = (name: string, lang: Lang) =>
  sql.raw(`${name}_${lang === 'zhcn' ? 'zhcn' : lang === 'zhtw' ? 'zhtw' : 'zhhk'}`);

export type ProductSort = 'default' | 'sales' | 'new' | 'price_asc' | 'price_desc';

export interface ProductQuery {
  category_id?: number;
  keyword?: string;
  min_price?: number;
  max_price?: number;
  sort: ProductSort;
  page: number;
  size: number;
}

/** the list card of a product: what a grid or list row shows */
export const cardColumns = (lang: Lang) => sql`p.id, p.${col('name', lang)} as name, p.image, p.price,
  p.original_price, p.sales, p.category_id,
  (select coalesce(sum(k.stock), 0) from shop_skus k where k.product_id = p.id)::int as stock`;

export function toCard(r: Row) {
  return {
    id: Number(r.id),
    name: String(r.name),
    image: String(r.image),
    price: Number(r.price),
    original_price: Number(r.original_price),
    sales: Number(r.sales),
    stock: Number(r.stock),
    category_id: Number(r.category_id),
  };
}

export async function listCategories(db: Db, lang: Lang) {
  const found = await rows(
    db,
    sql`select c.id, c.code, c.${col('name', lang)} as name, c.icon,
          (select count(*) from shop_products p where p.category_id = c.id and p.status = 1)::int as count
        from shop_categories c order by c.sort, c.id`,
  );
  return {
    list: found.map((r) => ({
      id: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      icon: String(r.icon),
      count: Number(r.count),
    })),
  };
}

export async function shopHome(db: Db, lang: Lang) {
  const [banners, categories, recommended] = await Promise.all([
    rows(db, sql`select id, ${col('title', lang)} as title, image, link from shop_banners order by sort, id`),
    listCategories(db, lang),
    rows(
      db,
      sql`select ${cardColumns(lang)} from shop_products p where p.status = 1 and p.recommended
          order by p.sort, p.id limit 20`,
    ),
  ]);
  return {
    banners: banners.map((b) => ({
      id: Number(b.id),
      title: String(b.title),
      image: String(b.image),
      link: String(b.link),
    })),
    categories: categories.list,
    recommended: recommended.map(toCard),
  };
}

export async function hotWords(db: Db, lang: Lang) {
  const found = await rows(
    db,
    sql`select ${col('word', lang)} as word from shop_hot_words order by sort, id`,
  );
  return { list: found.map((r) => String(r.word)) };
}

async function requireProduct(db: Db, id: number, lang: Lang): Promise<Row> {
  const [p] = await rows(
    db,
    sql`select p.id, p.${col('name', lang)} as name, p.${col('desc', lang)} as description, p.image,
          p.price, p.original_price, p.sales, p.category_id, p.team_id, c.${col('name', lang)} as category
        from shop_products p join shop_categories c on c.id = p.category_id
        where p.id = ${id} and p.status = 1`,
  );
  if (!p) throw new ApiError(E.NOT_FOUND);
  return p;
}

export async function reviewSummary(db: Db, productId: number) {
  const [s] = await rows(
    db,
    sql`select count(*)::int as count, coalesce(avg(stars), 0)::float as average,
          count(*) filter (where stars >= 4)::int as good
        from shop_reviews where product_id = ${productId}`,
  );
  const count = Number(s.count);
  return {
    count,
    average: Math.round(Number(s.average) * 10) / 10,
    /** share of 4-5 star reviews, 0-100; 0 when there is none */
    good_rate: count ? Math.round((Number(s.good) / count) * 100) : 0,
  };
}

export async function productDetail(db: Db, id: number, lang: Lang, userId: number | null) {
  const p = await requireProduct(db, id, lang);
  const [images, skus, summary, collected] = await Promise.all([
    rows(db, sql`select url from shop_product_images where product_id = ${id} order by sort, id`),
    rows(
      db,
      sql`select id, size, ${col('color', lang)} as color, color_hex, price, stock, image
          from shop_skus where product_id = ${id} order by sort, id`,
    ),
    reviewSummary(db, id),
    userId === null
      ? Promise.resolve([])
      : rows(db, sql`select 1 from shop_collects where user_id = ${userId} and product_id = ${id}`),
  ]);
  if (userId !== null) {
    await db.execute(
      sql`insert into shop_views (user_id, product_id, viewed_at) values (${userId}, ${id}, now())
          on conflict (user_id, product_id) do update set viewed_at = excluded.viewed_at`,
    );
  }
  const skuList = skus.map((k) => ({
    id: Number(k.id),
    size: String(k.size),
    color: String(k.color),
    color_hex: String(k.color_hex),
    price: Number(k.price),
    stock: Number(k.stock),
    image: String(k.image),
  }));
  const distinct = <T>(xs: T[]) => [...new Set(xs)];
  return {
    id: Number(p.id),
    name: String(p.name),
    description: String(p.description),
    image: String(p.image),
    images: images.map((r) => ({ image: String(r.url) })),
    price: Number(p.price),
    original_price: Number(p.original_price),
    currency: 'HKD',
    sales: Number(p.sales),
    stock: skuList.reduce((n, k) => n + k.stock, 0),
    category_id: Number(p.category_id),
    category: String(p.category),
    team_id: p.team_id === null ? null : Number(p.team_id),
    sizes: distinct(skuList.map((k) => k.size).filter(Boolean)),
    colors: distinct(skuList.map((k) => k.color).filter(Boolean)),
    skus: skuList,
    reviews: summary,
    collected: collected.length > 0,
  };
}

export async function productReviews(db: Db, productId: number, page: number, size: number, lang: Lang) {
  await requireProduct(db, productId, lang);
  const found = await rows(
    db,
    sql`select r.id, r.stars, r.content, r.images, r.created_at, u.nickname, k.size,
          k.${col('color', lang)} as color
        from shop_reviews r join users u on u.id = r.user_id left join shop_skus k on k.id = r.sku_id
        where r.product_id = ${productId}
        order by r.created_at desc, r.id desc limit ${size} offset ${(page - 1) * size}`,
  );
  const summary = await reviewSummary(db, productId);
  return {
    list: found.map((r) => ({
      id: Number(r.id),
      stars: Number(r.stars),
      content: String(r.content),
      images: (r.images as string[]) ?? [],
      nickname: String(r.nickname ?? ''),
      sku: [r.color, r.size].filter(Boolean).join(' / '),
      created_at: new Date(r.created_at as string).getTime(),
    })),
    total: summary.count,
    page,
    size,
    summary,
  };
}
