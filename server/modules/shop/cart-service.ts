/**
 * A fan's cart: one line per SKU. Quantities are bounded by the SKU's stock when put in or changed
 * (150101); a line whose product went off the shelf, whose SKU sold out or whose stock fell under the
 * line's quantity stays in the cart but is flagged invalid with its reason and is left out of the total.
 * Stock is only read here: reserving it is order creation's (a row lock on shop_skus).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { col } from './catalogue-service';

/** lines a cart may hold */
export const CART_MAX_LINES = 50;

export type InvalidReason = '' | 'off_shelf' | 'sold_out' | 'short';

function line(r: Row) {
  const stock = Number(r.stock);
  const quantity = Number(r.quantity);
  const reason: InvalidReason =
    Number(r.status) !== 1 ? 'off_shelf' : stock === 0 ? 'sold_out' : quantity > stock ? 'short' : '';
  return {
    id: Number(r.id),
    sku_id: Number(r.sku_id),
    product_id: Number(r.product_id),
    name: String(r.name),
    image: String(r.image || r.product_image),
    size: String(r.size),
    color: String(r.color),
    price: Number(r.price),
    quantity,
    stock,
    selected: Boolean(r.selected),
    valid: reason === '',
    reason,
  };
}

export async function cartView(db: Db, userId: number, lang: Lang) {
  const found = await rows(
    db,
    sql`select c.id, c.sku_id, c.quantity, c.selected, k.product_id, k.size, k.${col('color', lang)} as color,
          k.price, k.stock, k.image, p.image as product_image, p.status, p.${col('name', lang)} as name
        from shop_cart_items c join shop_skus k on k.id = c.sku_id join shop_products p on p.id = k.product_id
        where c.user_id = ${userId}
        order by c.created_at desc, c.id desc`,
  );
  const list = found.map(line);
  const chosen = list.filter((l) => l.valid && l.selected);
  return {
    list,
    count: list.reduce((n, l) => n + l.quantity, 0),
    selected_count: chosen.reduce((n, l) => n + l.quantity, 0),
    /** HKD minor units of the ticked valid lines */
    total: chosen.reduce((n, l) => n + l.price * l.quantity, 0),
    invalid_count: list.filter((l) => !l.valid).length,
  };
}

async function skuFor(db: Db, skuId: number) {
  const [k] = await rows(
    db,
    sql`select k.id, k.stock, p.status from shop_skus k join shop_products p on p.id = k.product_id
        where k.id = ${skuId}`,
  );
  return k;
}

export async function addToCart(db: Db, userId: number, skuId: number, quantity: number, lang: Lang) {
  await db.transaction(async (tx) => {
    const k = await skuFor(tx as unknown as Db, skuId);
    if (!k) throw new ApiError(E.NOT_FOUND);
    if (Number(k.status) !== 1 || Number(k.stock) === 0) throw new ApiError(E.SHOP_SKU_UNAVAILABLE);
    // one add per fan at a time (the fan's user row is the lock), so two adds cannot both pass the check
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    const [have] = await rows(
      tx as unknown as Db,
      sql`select quantity from shop_cart_items where user_id = ${userId} and sku_id = ${skuId}`,
    );
    const next = Number(have?.quantity ?? 0) + quantity;
    if (next > Number(k.stock) || next > 99)
      throw new ApiError(E.SHOP_STOCK_SHORT, {
        stock: Number(k.stock),
        in_cart: Number(have?.quantity ?? 0),
      });
    if (!have) {
      const [{ n }] = await rows(
        tx as unknown as Db,
        sql`select count(*)::int as n from shop_cart_items where user_id = ${userId}`,
      );
      if (Number(n) >= CART_MAX_LINES) throw new ApiError(E.SHOP_CART_FULL, { max: CART_MAX_LINES });
    }
    await tx.execute(
      sql`insert into shop_cart_items (user_id, sku_id, quantity, selected) values (${userId}, ${skuId}, ${quantity}, true)
          on conflict (user_id, sku_id) do update
            set quantity = shop_cart_items.quantity + excluded.quantity, selected = true, updated_at = now()`,
    );
  });
  return cartView(db, userId, lang);
}

export async function updateCartLine(
  db: Db,
  userId: number,
  id: number,
  change: { quantity?: number; selected?: boolean },
  lang: Lang,
) {
  const [c] = await rows(
    db,
    sql`select c.id, k.stock from shop_cart_items c join shop_skus k on k.id = c.sku_id
        where c.id = ${id} and c.user_id = ${userId}`,
  );
  // another fan's line is as unknown as a line that never was
  if (!c) throw new ApiError(E.NOT_FOUND);
  if (change.quantity !== undefined && change.quantity > Number(c.stock))
    throw new ApiError(E.SHOP_STOCK_SHORT, { stock: Number(c.stock) });
  const sets = [sql`updated_at = now()`];
  if (change.quantity !== undefined) sets.push(sql`quantity = ${change.quantity}`);
  if (change.selected !== undefined) sets.push(sql`selected = ${change.selected}`);
  await db.execute(
    sql`update shop_cart_items set ${sql.join(sets, sql`, `)} where id = ${id} and user_id = ${userId}`,
  );
  return cartView(db, userId, lang);
}

export async function removeCartLine(db: Db, userId: number, id: number, lang: Lang) {
  const found = await rows(
    db,
    sql`delete from shop_cart_items where id = ${id} and user_id = ${userId} returning id`,
  );
  if (!found.length) throw new ApiError(E.NOT_FOUND);
  return cartView(db, userId, lang);
}
