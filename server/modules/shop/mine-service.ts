/**
 * A fan's own shop lists: collected products and recently viewed ones. Every query is keyed by the
 * caller's user id, so one fan never reads another's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { cardColumns, toCard } from './catalogue-service';

async function requireListed(db: Db, productId: number) {
  const [p] = await rows(db, sql`select id from shop_products where id = ${productId} and status = 1`);
  if (!p) throw new ApiError(E.NOT_FOUND);
}

export async function collect(db: Db, userId: number, productId: number) {
  await requireListed(db, productId);
  await db.execute(
    sql`insert into shop_collects (user_id, product_id) values (${userId}, ${productId})
        on conflict do nothing`,
  );
  return { product_id: productId, collected: true };
}

/** uncollecting something never collected is fine (the end state is the same); an unknown product is not */
export async function uncollect(db: Db, userId: number, productId: number) {
  const [p] = await rows(db, sql`select id from shop_products where id = ${productId}`);
  if (!p) throw new ApiError(E.NOT_FOUND);
  await db.execute(sql`delete from shop_collects where user_id = ${userId} and product_id = ${productId}`);
  return { product_id: productId, collected: false };
}

export async function myCollects(db: Db, userId: number, page: number, size: number, lang: Lang) {
  const found = await rows(
    db,
    sql`select ${cardColumns(lang)}, c.created_at as at, count(*) over()::int as total
        from shop_collects c join shop_products p on p.id = c.product_id
        where c.user_id = ${userId} and p.status = 1
        order by c.created_at desc, p.id desc limit ${size} offset ${(page - 1) * size}`,
  );
  const [c] = found.length
    ? [{ total: found[0].total }]
    : await rows(
        db,
        sql`select count(*)::int as total from shop_collects c join shop_products p on p.id = c.product_id
            where c.user_id = ${userId} and p.status = 1`,
      );
  return {
    list: found.map((r) => ({ ...toCard(r), collected_at: new Date(r.at as string).getTime() })),
    total: Number(c.total),
    page,
    size,
  };
}

export async function myHistory(db: Db, userId: number, page: number, size: number, lang: Lang) {
  const found = await rows(
    db,
    sql`select ${cardColumns(lang)}, v.viewed_at as at, count(*) over()::int as total
        from shop_views v join shop_products p on p.id = v.product_id
        where v.user_id = ${userId} and p.status = 1
        order by v.viewed_at desc, p.id desc limit ${size} offset ${(page - 1) * size}`,
  );
  const [c] = found.length
    ? [{ total: found[0].total }]
    : await rows(
        db,
        sql`select count(*)::int as total from shop_views v join shop_products p on p.id = v.product_id
            where v.user_id = ${userId} and p.status = 1`,
      );
  return {
    list: found.map((r) => ({ ...toCard(r), viewed_at: new Date(r.at as string).getTime() })),
    total: Number(c.total),
    page,
    size,
  };
}

export async function clearHistory(db: Db, userId: number) {
  await db.execute(sql`delete from shop_views where user_id = ${userId}`);
  return null;
}
