/**
 * The merchant's product side of the console (issue 12, item 8): products with their SKUs, and edits of
 * a product's titles, on-sale flag and images (own uploads or the generated drawings) and of a SKU's
 * price and stock (typed in HKD or minor units). Each edit is one transaction with
 * its ops_audit row (operator, product.edit / sku.edit, what changed from what), and refreshes the
 * catalogue's cache so fans see it at once. The product's list price follows its cheapest SKU.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now } from '../../http/clock';
import type { OpsProductCreateBody, OpsProductEditBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { assertOwnUploads } from '../realname';
import { colourNames } from './colour-scripts';
import { IMAGE_NAME, SHOP_IMAGE_PATH } from './images';
import { invalidateCatalogue } from './list-cache';

export interface ProductListArgs {
  keyword?: string;
  status?: 0 | 1;
  page: number;
  size: number;
}

const productView = (r: Row) => ({
  id: Number(r.id),
  code: String(r.code),
  name: String(r.name_zhhk),
  name_zhcn: String(r.name_zhcn),
  name_zhtw: String(r.name_zhtw),
  category: String(r.category ?? ''),
  image: String(r.image),
  price: Number(r.price),
  original_price: Number(r.original_price),
  sales: Number(r.sales),
  status: Number(r.status),
  stock: Number(r.stock ?? 0),
  sku_count: Number(r.sku_count ?? 0),
});

const SELECT = sql`select p.id, p.code, p.name_zhhk, p.name_zhcn, p.name_zhtw, p.image, p.price, p.original_price,
    p.sales, p.status, c.name_zhhk as category, c.icon as category_icon,
    (select coalesce(sum(k.stock), 0)::int from shop_skus k where k.product_id = p.id) as stock,
    (select count(*)::int from shop_skus k where k.product_id = p.id) as sku_count
  from shop_products p left join shop_categories c on c.id = p.category_id`;

export async function listProducts(db: Db, a: ProductListArgs) {
  const conds = [sql`true`];
  if (a.status !== undefined) conds.push(sql`p.status = ${a.status}`);
  if (a.keyword) {
    const like = `%${a.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(p.name_zhhk ilike ${like} or p.name_zhcn ilike ${like} or p.code ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const [found, [t]] = await Promise.all([
    rows(db, sql`${SELECT} where ${where} order by p.id limit ${a.size} offset ${(a.page - 1) * a.size}`),
    rows(db, sql`select count(*)::int as n from shop_products p where ${where}`),
  ]);
  return { list: found.map(productView), total: Number(t.n), page: a.page, size: a.size };
}

export async function productForOps(db: Db, id: number) {
  const [p] = await rows(db, sql`${SELECT} where p.id = ${id}`);
  if (!p) throw new ApiError(E.NOT_FOUND);
  const [skus, images] = await Promise.all([
    rows(
      db,
      sql`select id, code, size, color_zhhk, color_zhcn, color_zhtw, price, stock from shop_skus
          where product_id = ${id} order by sort, id`,
    ),
    rows(db, sql`select url from shop_product_images where product_id = ${id} order by sort, id`),
  ]);
  const urls = images.length ? images.map((r) => String(r.url)) : [String(p.image)];
  return {
    ...productView(p),
    images: urls,
    drawings: drawingChoices([...urls, String(p.category_icon ?? '')]),
    skus: skus.map((k) => ({
      id: Number(k.id),
      code: String(k.code),
      size: String(k.size),
      color: String(k.color_zhhk),
      color_zhcn: String(k.color_zhcn),
      color_zhtw: String(k.color_zhtw),
      price: Number(k.price),
      stock: Number(k.stock),
    })),
  };
}

/**
 * The generated drawings an operator may pick for a product: every view (front, back, detail, other)
 * of each drawing among `urls` (its images, its category's icon), in order, without repeats.
 */
export function drawingChoices(urls: string[]): string[] {
  const out = new Set<string>();
  for (const url of urls) {
    const name = url.startsWith(SHOP_IMAGE_PATH) ? url.slice(SHOP_IMAGE_PATH.length) : '';
    if (!IMAGE_NAME.test(name)) continue;
    for (const view of [0, 1, 2, 3])
      out.add(`${SHOP_IMAGE_PATH}${name.replace(/-[0-3]\.svg$/, `-${view}.svg`)}`);
  }
  return [...out];
}

/** "field: old → new" for each given field that differs, for the audit row */
export function changes(before: Row, after: Record<string, unknown>): string[] {
  return Object.entries(after)
    .filter(([k, v]) => v !== undefined && String(before[k]) !== String(v))
    .map(([k, v]) => `${k}: ${String(before[k])} → ${String(v)}`);
}

export async function audit(
  tx: Db,
  operatorId: number,
  action: string,
  type: string,
  id: number,
  what: string[],
) {
  await tx.execute(
    sql`insert into ops_audit (operator_id, action, target_type, target_id, reason, created_at)
        values (${operatorId}, ${action}, ${type}, ${String(id)}, ${what.join('; ').slice(0, 500)}, ${now()})`,
  );
}

/**
 * The images of an edit: uploads must be the operator's own (the upload route's files), drawings must
 * name a kind the shop draws.
 */
async function checkImages(db: Db, operatorId: number, images: string[] | undefined) {
  if (!images) return;
  images.forEach((url, i) => {
    if (url.startsWith(SHOP_IMAGE_PATH) && !IMAGE_NAME.test(url.slice(SHOP_IMAGE_PATH.length)))
      throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/images/${i}`, keyword: 'pattern' });
  });
  const uploads = images
    .map((u, i) => [`/images/${i}`, u] as const)
    .filter(([, u]) => u.startsWith('/uploads/'));
  await assertOwnUploads(db, operatorId, Object.fromEntries(uploads));
}

export async function editProduct(db: Db, operatorId: number, id: number, body: OpsProductEditBody) {
  const { images, ...fields } = body;
  await checkImages(db, operatorId, images);
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [p] = await rows(
      tx,
      sql`select name_zhhk, name_zhcn, name_zhtw, status, image,
            (select json_agg(url order by sort, id) from shop_product_images where product_id = ${id}) as images
          from shop_products where id = ${id} for update`,
    );
    if (!p) throw new ApiError(E.NOT_FOUND);
    const what = changes(p, fields);
    const before = (typeof p.images === 'string' ? JSON.parse(p.images) : p.images) ?? [];
    if (images && JSON.stringify(before) !== JSON.stringify(images)) {
      what.push(`images: ${before.length} → ${images.length} (${images[0]})`);
      await tx.execute(sql`delete from shop_product_images where product_id = ${id}`);
      await tx.execute(
        sql`insert into shop_product_images (product_id, url, sort)
            values ${sql.join(
              images.map((url, i) => sql`(${id}, ${url}, ${i})`),
              sql`, `,
            )}`,
      );
      await tx.execute(sql`update shop_products set image = ${images[0]} where id = ${id}`);
    }
    if (!what.length) return;
    await tx.execute(
      sql`update shop_products set
            name_zhhk = ${body.name_zhhk?.trim() ?? p.name_zhhk}, name_zhcn = ${body.name_zhcn?.trim() ?? p.name_zhcn},
            name_zhtw = ${body.name_zhtw?.trim() ?? p.name_zhtw}, status = ${body.status ?? Number(p.status)}
          where id = ${id}`,
    );
    await audit(tx, operatorId, 'product.edit', 'shop_product', id, what);
  });
  invalidateCatalogue();
  return productForOps(db, id);
}

/**
 * "199.5" → 19950: HKD as the merchant types it, to minor units by the digits (no floating point);
 * the same bounds as a price in minor units (HK$1 to HK$100,000).
 */
export function hkdToCents(hkd: string): number {
  const [whole, frac = ''] = hkd.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents < 100 || cents > 10_000_000)
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/price_hkd', keyword: 'maximum' });
  return cents;
}

/** "S, M，L、XL" → ['S', 'M', 'L', 'XL'] (trimmed, no blanks, no repeats); empty → [''] (one size) */
export function splitList(text: string | undefined): string[] {
  const parts = (text ?? '')
    .split(/[,，、]/)
    .map((x) => x.trim())
    .filter(Boolean);
  return parts.length ? [...new Set(parts)] : [''];
}

export const MAX_NEW_SKUS = 40;

/**
 * A new product and its SKUs (every size × every colour, one price and one stock each), its image the
 * category's drawing, in one transaction with its product.create audit row. The codes follow the new
 * id (OPS-<id>, OPS-<id>-<n>). Colours are named in each script: the Hong Kong names as typed
 * (`colors`), the mainland and Taiwan ones as typed (`colors_zhcn`, `colors_zhtw`, as many names in the
 * same order) or, left empty, converted from the Hong Kong ones with OpenCC.
 */
export async function createProduct(db: Db, operatorId: number, body: OpsProductCreateBody) {
  const sizes = splitList(body.sizes);
  const hkColors = splitList(body.colors);
  const typed = (text: string | undefined) => (text?.trim() ? splitList(text) : null);
  const named = await colourNames(
    hkColors,
    hkColors[0] === '' ? null : typed(body.colors_zhcn),
    hkColors[0] === '' ? null : typed(body.colors_zhtw),
  );
  if (!named) {
    const pointer = typed(body.colors_zhcn)?.length !== hkColors.length ? '/colors_zhcn' : '/colors_zhtw';
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer, keyword: 'colorCount' });
  }
  const colors = named;
  const price = hkdToCents(body.price_hkd);
  if (sizes.length * colors.length > MAX_NEW_SKUS)
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/sizes', keyword: 'maxItems' });
  const names = [body.name_zhhk, body.name_zhcn, body.name_zhtw].map((n) => n.trim());
  if (names.some((n) => n.length < 2))
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/name_zhhk', keyword: 'minLength' });
  const id = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [p] = await rows(
      tx,
      sql`insert into shop_products (code, category_id, name_zhhk, name_zhcn, name_zhtw, desc_zhhk, desc_zhcn,
            desc_zhtw, image, price, original_price, status, sort, created_at)
          select ${`new-${randomUUID()}`}, c.id, ${names[0]}, ${names[1]},
            ${names[2]}, '', '', '', c.icon, ${price}, ${price}, ${body.status ?? 1},
            (select coalesce(max(sort), 0) + 1 from shop_products), ${now()}
          from shop_categories c where c.id = ${body.category_id}
          returning id, image`,
    );
    if (!p) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/category_id', keyword: 'enum' });
    const pid = Number(p.id);
    await tx.execute(sql`update shop_products set code = ${`OPS-${pid}`} where id = ${pid}`);
    await tx.execute(
      sql`insert into shop_product_images (product_id, url, sort) values (${pid}, ${String(p.image)}, 0)`,
    );
    const skus = sizes.flatMap((size) => colors.map((color) => ({ size, color })));
    await tx.execute(
      sql`insert into shop_skus (product_id, code, size, color_zhhk, color_zhcn, color_zhtw, price, stock, sort)
          values ${sql.join(
            skus.map(
              (k, i) =>
                sql`(${pid}, ${`OPS-${pid}-${i + 1}`}, ${k.size}, ${k.color.zhhk}, ${k.color.zhcn}, ${k.color.zhtw}, ${price},
                  ${body.stock}, ${i})`,
            ),
            sql`, `,
          )}`,
    );
    await audit(tx, operatorId, 'product.create', 'shop_product', pid, [
      `name: ${names[0]}`,
      `skus: ${skus.length} × ${body.price_hkd} HKD, stock ${body.stock}`,
    ]);
    return pid;
  });
  invalidateCatalogue();
  return productForOps(db, id);
}
