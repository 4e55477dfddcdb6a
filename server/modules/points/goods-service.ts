/** The points goods (list, detail) and the settlement view of one exchange before it is made. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { pointsBalance } from './ledger';
import { pointsRules } from './rules';

const LANGS: readonly Lang[] = ['zhhk', 'zhcn', 'zhtw'];
/** a column by script; `lang` is one of three constants, never input text */
export const col = (base: string, lang: Lang) => {
  if (!LANGS.includes(lang)) throw new Error(`unknown lang ${lang}`);
  return sql.raw(`${base}_${lang}`);
};

export const GOODS_FILTER = ['all', 'points', 'cash', 'affordable'] as const;
export type GoodsFilter = (typeof GOODS_FILTER)[number];

export function goodsView(r: Row) {
  return {
    id: Number(r.id),
    /** physical | coupon | perk */
    kind: String(r.kind),
    name: String(r.name),
    description: String(r.description),
    image: String(r.image),
    points: Number(r.points),
    /** HKD minor units on top of the points (0: points only) */
    cash: Number(r.cash),
    stock: Number(r.stock),
    sold: Number(r.sold),
  };
}

const select = (lang: Lang) =>
  sql`select id, kind, ${col('name', lang)} as name, ${col('desc', lang)} as description, image, points, cash,
        stock, sold from points_goods`;

export async function listGoods(
  db: Db,
  userId: number | null,
  filter: GoodsFilter,
  page: number,
  size: number,
  lang: Lang,
) {
  const balance = userId ? await pointsBalance(db, userId) : 0;
  const where =
    filter === 'points'
      ? sql`status = 1 and cash = 0`
      : filter === 'cash'
        ? sql`status = 1 and cash > 0`
        : filter === 'affordable'
          ? sql`status = 1 and points <= ${balance}`
          : sql`status = 1`;
  const list = await rows(
    db,
    sql`${select(lang)} where ${where} order by (stock > 0) desc, sort, id limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ total }] = await rows(db, sql`select count(*)::int as total from points_goods where ${where}`);
  return { list: list.map(goodsView), total: Number(total), page, size, balance };
}

export async function goodsDetail(db: Db, userId: number | null, goodsId: number, lang: Lang) {
  const [g] = await rows(db, sql`${select(lang)} where id = ${goodsId} and status = 1`);
  if (!g) throw new ApiError(E.NOT_FOUND);
  const balance = userId ? await pointsBalance(db, userId) : 0;
  return { ...goodsView(g), balance, exchange_max: pointsRules().exchangeMax };
}

export async function addressOf(db: Db, userId: number, addressId?: number | null) {
  const [a] = await rows(
    db,
    addressId
      ? sql`select id, receiver, area_code, phone, region, detail from shop_addresses
            where id = ${addressId} and user_id = ${userId}`
      : sql`select id, receiver, area_code, phone, region, detail from shop_addresses
            where user_id = ${userId} order by is_default desc, id desc limit 1`,
  );
  if (!a) return null;
  const region = (typeof a.region === 'string' ? JSON.parse(a.region) : a.region) as { name: string }[];
  return {
    id: Number(a.id),
    receiver: String(a.receiver),
    area_code: String(a.area_code),
    phone: String(a.phone),
    region: region.map((p) => String(p.name)).join(' '),
    detail: String(a.detail),
  };
}

/** What exchanging `quantity` of the goods would cost and leave (`/shop/integral/settlement`). */
export async function settlement(
  db: Db,
  userId: number,
  q: { goods_id: number; quantity: number; address_id?: number },
  lang: Lang,
) {
  const goods = await goodsDetail(db, userId, q.goods_id, lang);
  if (q.quantity > goods.exchange_max)
    throw new ApiError(E.BAD_REQUEST, { in: 'query', pointer: '/quantity' });
  const address = goods.kind === 'physical' ? await addressOf(db, userId, q.address_id) : null;
  const points = goods.points * q.quantity;
  return {
    goods,
    quantity: q.quantity,
    points,
    cash: goods.cash * q.quantity,
    balance: goods.balance,
    balance_after: goods.balance - points,
    enough: goods.balance >= points && goods.stock >= q.quantity,
    needs_address: goods.kind === 'physical',
    address,
  };
}
