/**
 * A SKU's edit in the console: price (minor units or typed HKD), stock, and its colour's name in the three
 * scripts. A colour is shared by every size of it, so a name is changed on all the product's SKUs of that
 * colour at once: renaming only the M shirt would split the detail page's colour picker in two. One
 * transaction with its ops_audit row (sku.edit, what changed from what); the catalogue cache is refreshed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import type { OpsSkuEditBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { type ColourNames, colourNames } from './colour-scripts';
import { invalidateCatalogue } from './list-cache';
import { audit, changes, hkdToCents, productForOps } from './merchant-products';

const SCRIPTS = ['zhhk', 'zhcn', 'zhtw'] as const;

/**
 * The colour names the edit asks for (null: no colour field given): a new Hong Kong name converts the other
 * two (as at creation) unless they are given changed too — the console sends all three as they were, and
 * a merchant who renames 紅色 to 藍色 only in the first box means 蓝色 and 藍色 in the others; a name changed
 * in one script alone changes only that one.
 */
async function wantedColour(k: Row, body: OpsSkuEditBody): Promise<ColourNames | null> {
  const hk = body.color?.trim();
  const given = (s: string | undefined, old: unknown) => (s === undefined || s === String(old) ? null : [s]);
  let cn = body.color_zhcn?.trim();
  let tw = body.color_zhtw?.trim();
  if (hk === undefined && cn === undefined && tw === undefined) return null;
  if (hk !== undefined && hk !== String(k.color_zhhk)) {
    const [converted] = (await colourNames([hk], given(cn, k.color_zhcn), given(tw, k.color_zhtw))) ?? [];
    cn = converted?.zhcn;
    tw = converted?.zhtw;
  }
  return {
    zhhk: hk ?? String(k.color_zhhk),
    zhcn: cn ?? String(k.color_zhcn),
    zhtw: tw ?? String(k.color_zhtw),
  };
}

/**
 * Renames the colour of SKU `k` on every SKU of its product with the same colour; refuses (100400,
 * colorTaken) a name that another colour of the product already has in that script, since two colours
 * showing the same name could not be told apart. Answers the audit lines.
 */
async function renameColour(tx: Db, k: Row, next: ColourNames): Promise<string[]> {
  const what = SCRIPTS.filter((s) => next[s] !== String(k[`color_${s}`])).map(
    (s) => `color_${s}: ${String(k[`color_${s}`])} → ${next[s]}`,
  );
  if (!what.length) return [];
  const others = await rows(
    tx,
    sql`select distinct color_zhhk, color_zhcn, color_zhtw from shop_skus
        where product_id = ${k.product_id} and color_zhhk <> ${k.color_zhhk}`,
  );
  for (const s of SCRIPTS) {
    if (others.some((o) => String(o[`color_${s}`]) === next[s])) {
      const pointer = s === 'zhhk' ? '/color' : `/color_${s}`;
      throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer, keyword: 'colorTaken' });
    }
  }
  const renamed = await rows(
    tx,
    sql`update shop_skus set color_zhhk = ${next.zhhk}, color_zhcn = ${next.zhcn}, color_zhtw = ${next.zhtw}
        where product_id = ${k.product_id} and color_zhhk = ${k.color_zhhk} returning id`,
  );
  return [...what, `(${renamed.length} SKU)`];
}

export async function editSku(db: Db, operatorId: number, id: number, body: OpsSkuEditBody) {
  const productId = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [k] = await rows(
      tx,
      sql`select product_id, price, stock, color_zhhk, color_zhcn, color_zhtw from shop_skus
          where id = ${id} for update`,
    );
    if (!k) throw new ApiError(E.NOT_FOUND);
    const pid = Number(k.product_id);
    const colour = await wantedColour(k, body);
    const { price_hkd, color: _hk, color_zhcn: _cn, color_zhtw: _tw, ...rest } = body;
    const edit = { ...rest, price: price_hkd === undefined ? body.price : hkdToCents(price_hkd) };
    const what = changes(k, edit);
    if (what.length) {
      await tx.execute(
        sql`update shop_skus set price = ${edit.price ?? Number(k.price)}, stock = ${edit.stock ?? Number(k.stock)}
            where id = ${id}`,
      );
      // the list price is the cheapest SKU's; a "was" price never below it
      await tx.execute(
        sql`update shop_products p set price = m.price, original_price = greatest(p.original_price, m.price)
            from (select min(price)::int as price from shop_skus where product_id = ${pid}) m
            where p.id = ${pid}`,
      );
    }
    if (colour) what.push(...(await renameColour(tx, k, colour)));
    if (what.length) await audit(tx, operatorId, 'sku.edit', 'shop_sku', id, what);
    return pid;
  });
  invalidateCatalogue();
  return productForOps(db, productId);
}
