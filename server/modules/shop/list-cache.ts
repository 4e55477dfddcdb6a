/**
 * The product list from memory. The catalogue is small (tens to a few thousand products) and read far
 * more often than it changes, so every listed product's card, in every script, is kept per database
 * and the serialized answers per query and language are kept beside it. A write to products or SKUs
 * through this module (the merchant console, stock reserved by orders: later slices) calls
 * invalidateCatalogue() (the next read waits for a fresh snapshot); other nodes' writes, and stock moved
 * by SQL, show within about TTL_MS (an old snapshot answers while the fresh one is read).
 * Filtering, sorting and paging give the same answers as the SQL they replace (shop.test.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { CachedBody } from '../../http/compression';
import { ApiError, E } from '../../http/errors';
import { type Lang, msgFor } from '../../http/i18n';
import type { ProductQuery } from './catalogue-service';

const TTL_MS = 5_000;
const MAX_BODIES = 500;

interface Card {
  id: number;
  names: Record<Lang, string>;
  /** the three names lower-cased, for a case-insensitive keyword match in any script */
  haystack: string[];
  image: string;
  price: number;
  original_price: number;
  sales: number;
  stock: number;
  category_id: number;
  recommended: boolean;
  sort: number;
  created: number;
}

interface Snapshot {
  version: number;
  builtAt: number;
  cards: Card[];
  bodies: Map<string, CachedBody>;
}

let version = 0;
const snapshots = new WeakMap<object, Snapshot>();
const building = new WeakMap<object, Promise<Snapshot>>();

/** Drop every cached list: the next read rebuilds from the database. */
export function invalidateCatalogue(): void {
  version++;
}

async function build(db: Db): Promise<Snapshot> {
  const v = version;
  const found = await rows(
    db,
    sql`select p.id, p.name_zhhk, p.name_zhcn, p.name_zhtw, p.image, p.price, p.original_price, p.sales,
          p.category_id, p.recommended, p.sort, p.created_at,
          coalesce((select sum(k.stock) from shop_skus k where k.product_id = p.id), 0)::int as stock
        from shop_products p where p.status = 1`,
  );
  const cards = found.map((r) => {
    const names = { zhhk: String(r.name_zhhk), zhcn: String(r.name_zhcn), zhtw: String(r.name_zhtw) };
    return {
      id: Number(r.id),
      names,
      haystack: Object.values(names).map((n) => n.toLowerCase()),
      image: String(r.image),
      price: Number(r.price),
      original_price: Number(r.original_price),
      sales: Number(r.sales),
      stock: Number(r.stock),
      category_id: Number(r.category_id),
      recommended: Boolean(r.recommended),
      sort: Number(r.sort),
      created: new Date(r.created_at as string).getTime(),
    };
  });
  return { version: v, builtAt: Date.now(), cards, bodies: new Map() };
}

function rebuild(db: Db): Promise<Snapshot> {
  let pending = building.get(db);
  if (!pending) {
    pending = build(db)
      .then((fresh) => {
        snapshots.set(db, fresh);
        return fresh;
      })
      .finally(() => building.delete(db));
    building.set(db, pending);
  }
  return pending;
}

async function snapshot(db: Db): Promise<Snapshot> {
  const have = snapshots.get(db);
  if (have && have.version === version) {
    // only old: answer from it while a fresh one is read (a reader never waits for the TTL refresh)
    if (Date.now() - have.builtAt >= TTL_MS) void rebuild(db).catch(() => undefined);
    return have;
  }
  // none yet, or invalidated by a write: wait for the database
  return rebuild(db);
}

const byId = (a: Card, b: Card) => a.id - b.id;
const ORDER: Record<ProductQuery['sort'], (a: Card, b: Card) => number> = {
  default: (a, b) => Number(b.recommended) - Number(a.recommended) || a.sort - b.sort || byId(a, b),
  sales: (a, b) => b.sales - a.sales || a.sort - b.sort || byId(a, b),
  new: (a, b) => b.created - a.created || b.id - a.id,
  price_asc: (a, b) => a.price - b.price || byId(a, b),
  price_desc: (a, b) => b.price - a.price || byId(a, b),
};

/** The envelope of one page of the product list, serialized once per query and language. */
export async function cachedProductList(db: Db, q: ProductQuery, lang: Lang): Promise<CachedBody> {
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price)
    throw new ApiError(E.BAD_REQUEST);
  const keyword = (q.keyword ?? '').trim().toLowerCase();
  const snap = await snapshot(db);
  const key = JSON.stringify([
    lang,
    q.category_id,
    keyword,
    q.min_price,
    q.max_price,
    q.sort,
    q.page,
    q.size,
  ]);
  const hit = snap.bodies.get(key);
  if (hit) return hit;
  const matched = snap.cards
    .filter(
      (c) =>
        (q.category_id === undefined || c.category_id === q.category_id) &&
        (q.min_price === undefined || c.price >= q.min_price) &&
        (q.max_price === undefined || c.price <= q.max_price) &&
        (!keyword || c.haystack.some((h) => h.includes(keyword))),
    )
    .sort(ORDER[q.sort]);
  const list = matched.slice((q.page - 1) * q.size, q.page * q.size).map((c) => ({
    id: c.id,
    name: c.names[lang],
    image: c.image,
    price: c.price,
    original_price: c.original_price,
    sales: c.sales,
    stock: c.stock,
    category_id: c.category_id,
  }));
  const body = new CachedBody(
    Buffer.from(
      JSON.stringify({
        code: 0,
        msg: msgFor(0, lang),
        data: { list, total: matched.length, page: q.page, size: q.size },
      }),
    ),
  );
  if (snap.bodies.size >= MAX_BODIES) snap.bodies.clear();
  snap.bodies.set(key, body);
  return body;
}
