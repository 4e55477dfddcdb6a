/**
 * Shop orders: settlement preview and creation with stock reserved in the same transaction (the owner's
 * list and detail are in ./order-views.ts, cancel, confirm and ship in ./order-actions.ts, the timers in
 * ./order-sweeps.ts). Every status change goes through ./state-machine.ts.
 *
 * Stock: creation decrements every line's SKU in ONE conditional UPDATE (`stock >= q` in its WHERE), after
 * locking the SKU rows in id order in the same statement. PostgreSQL re-checks the condition against the
 * committed row when it had to wait, so N parallel orders for the last units cannot oversell; the table's
 * check (`stock >= 0`) backs it. Cancel and the auto-cancel give the units back in the transaction that closes
 * the order.
 */
import { randomInt } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import type { OrderCreateBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { bindCoupon, couponChoice, takeCoupon } from '../coupons';
import { byLang, n } from './format';
import { detailView, lineView, orderDetail } from './order-views';
import { orderRules, shippingFeeFor } from './rules';

const tx$ = (tx: unknown) => tx as Db;

function hkStamp(): string {
  return new Date(nowMs() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

export function newNo(prefix: 'SO' | 'SP'): string {
  return `${prefix}${hkStamp()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const addressSql = (userId: number, addressId?: number | null) =>
  addressId
    ? sql`select id, receiver, area_code, phone, region, detail, is_default from shop_addresses
          where id = ${addressId} and user_id = ${userId}`
    : sql`select id, receiver, area_code, phone, region, detail, is_default from shop_addresses
          where user_id = ${userId} order by is_default desc, id desc limit 1`;

function addressView(a: Row | undefined) {
  if (!a || a.id === null || a.id === undefined) return null;
  return {
    id: n(a, 'id'),
    receiver: String(a.receiver),
    area_code: String(a.area_code),
    phone: String(a.phone),
    region: (typeof a.region === 'string' ? JSON.parse(a.region) : a.region) as {
      code: string;
      name: string;
    }[],
    detail: String(a.detail),
    is_default: Boolean(a.is_default),
  };
}

async function addressOf(db: Db, userId: number, addressId?: number | null) {
  const [a] = await rows(db, addressSql(userId, addressId));
  return addressView(a);
}

/**
 * Order creation's first read, one round trip: the order a retry with this key already made (if any)
 * and the delivery address.
 */
async function startOf(db: Db, userId: number, key: string, addressId?: number | null) {
  const [r] = await rows(
    db,
    sql`select (select id from shop_orders where user_id = ${userId} and idempotency_key = ${key}) as existing, a.*
        from (select 1) one left join lateral (${addressSql(userId, addressId)}) a on true`,
  );
  return { existing: r?.existing == null ? null : n(r, 'existing'), address: addressView(r) };
}

/** The cart's ticked lines with what settling them would cost now. */
async function cartLines(db: Db, userId: number, lang: Lang) {
  const found = await rows(
    db,
    sql`select c.sku_id, c.quantity, k.price, k.stock, k.size, k.${sql.raw(byLang('color', lang))} as color,
          coalesce(nullif(k.image, ''), p.image) as image, p.id as product_id, p.status,
          p.${sql.raw(byLang('name', lang))} as name
        from shop_cart_items c join shop_skus k on k.id = c.sku_id join shop_products p on p.id = k.product_id
        where c.user_id = ${userId} and c.selected
        order by c.created_at desc, c.id desc`,
  );
  return found.map((r) => ({
    ...lineView(r),
    valid: n(r, 'status') === 1 && n(r, 'stock') >= n(r, 'quantity'),
  }));
}

/** GET /shop/settlement: the ticked cart lines, the address (given or default), fee and total. */
export async function settlementView(
  db: Db,
  userId: number,
  addressId: number | undefined,
  lang: Lang,
  couponId?: number,
) {
  const rules = orderRules();
  const all = await cartLines(db, userId, lang);
  const lines = all.filter((l) => l.valid);
  const goods = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const fee = lines.length ? shippingFeeFor(rules, goods) : 0;
  const address =
    (addressId ? await addressOf(db, userId, addressId) : null) ?? (await addressOf(db, userId));
  // the coupons module chooses (given, none with 0, or the best that applies) and says how much comes off
  const coupon = await couponChoice(db, userId, goods, couponId, lang);
  return {
    lines,
    count: lines.reduce((s, l) => s + l.quantity, 0),
    invalid_count: all.length - lines.length,
    address,
    goods_amount: goods,
    shipping_fee: fee,
    discount: coupon.discount,
    pay_amount: goods + fee - coupon.discount,
    coupons: coupon.coupons,
    coupon_id: coupon.coupon_id,
    free_shipping_from: rules.freeShippingFromCents,
    pay_timeout_minutes: rules.payTimeoutMinutes,
  };
}

type Wanted = { sku_id: number; quantity: number };

/** Same SKU twice adds up; sorted by SKU id so parallel orders lock rows in one order (no deadlock). */
function merge(items: Wanted[]): Wanted[] {
  const m = new Map<number, number>();
  for (const i of items) m.set(i.sku_id, (m.get(i.sku_id) ?? 0) + i.quantity);
  return [...m].map(([sku_id, quantity]) => ({ sku_id, quantity })).sort((a, b) => a.sku_id - b.sku_id);
}

/**
 * Takes every line's units in ONE statement: the SKU rows are locked in id order first (so parallel orders
 * cannot deadlock), then each is decremented where it is on sale and has the units. When fewer rows moved
 * than lines were asked, the caller's transaction is rolled back by the error that says which line failed
 * (150102 unavailable, 150101 short).
 */
async function reserveAll(tx: Db, wanted: Wanted[], lang: Lang): Promise<Map<number, Row>> {
  const ids = sql.join(
    wanted.map((w) => sql`${w.sku_id}`),
    sql`, `,
  );
  const values = sql.join(
    wanted.map((w) => sql`(${w.sku_id}::int, ${w.quantity}::int)`),
    sql`, `,
  );
  const moved = await rows(
    tx,
    sql`with l as (select id from shop_skus where id in (${ids}) order by id for update)
        update shop_skus k set stock = k.stock - v.q
        from (values ${values}) as v(id, q), shop_products p
        where k.id = v.id and k.id in (select id from l) and p.id = k.product_id and p.status = 1
          and k.stock >= v.q
        returning k.id, k.price, k.size, k.${sql.raw(byLang('color', lang))} as color,
          coalesce(nullif(k.image, ''), p.image) as image, p.id as product_id,
          p.${sql.raw(byLang('name', lang))} as name`,
  );
  const byId = new Map(moved.map((r) => [n(r, 'id'), r]));
  const missing = wanted.find((w) => !byId.has(w.sku_id));
  if (!missing) return byId;
  const [k] = await rows(
    tx,
    sql`select k.stock, p.status from shop_skus k join shop_products p on p.id = k.product_id where k.id = ${missing.sku_id}`,
  );
  if (!k) throw new ApiError(E.NOT_FOUND);
  if (n(k, 'status') !== 1 || n(k, 'stock') === 0)
    throw new ApiError(E.SHOP_SKU_UNAVAILABLE, { sku_id: missing.sku_id });
  throw new ApiError(E.SHOP_STOCK_SHORT, { sku_id: missing.sku_id, stock: n(k, 'stock') });
}

export async function createOrder(db: Db, userId: number, input: OrderCreateBody, lang: Lang) {
  const rules = orderRules();
  // a retry of a create that already went through: the same order, whatever the cart holds now (read
  // with the address in one statement)
  const { existing, address } = await startOf(db, userId, input.idempotency_key, input.address_id);
  if (existing) return orderDetail(db, userId, existing, lang);
  if (!address) throw new ApiError(E.ORDER_ADDRESS_MISSING);
  let wanted: Wanted[];
  if (input.from_cart) {
    const lines = await cartLines(db, userId, lang);
    wanted = lines.map((l) => ({ sku_id: l.sku_id, quantity: l.quantity }));
  } else wanted = input.items ?? [];
  wanted = merge(wanted);
  if (!wanted.length) throw new ApiError(E.ORDER_EMPTY);
  if (wanted.length > rules.linesMax) throw new ApiError(E.ORDER_TOO_MANY_LINES, { max: rules.linesMax });

  try {
    return await db.transaction(async (raw) => {
      const tx = tx$(raw);
      const at = now();
      const deadline = new Date(at.getTime() + rules.payTimeoutMinutes * 60_000);
      const { id: _id, is_default: _d, ...snapshot } = address;
      const orderNo = newNo('SO');
      // the stock first, every line in one conditional UPDATE; a line that cannot be had rolls all back
      const reserved = await reserveAll(tx, wanted, lang);
      let goods = 0;
      const values: SQL[] = [];
      for (const w of wanted) {
        const r = reserved.get(w.sku_id) as Row;
        goods += n(r, 'price') * w.quantity;
        values.push(
          sql`(${w.sku_id}::int, ${n(r, 'product_id')}::int, ${String(r.name)}::text, ${String(r.image)}::text,
               ${String(r.size)}::text, ${String(r.color)}::text, ${n(r, 'price')}::int, ${w.quantity}::int)`,
        );
      }
      const fee = shippingFeeFor(rules, goods);
      // a share link's code names the sharer (never the buyer); resolved inside the insert, no round trip
      const sharer = input.share_code
        ? sql`(select user_id from promo_share_codes where code = ${input.share_code} and user_id <> ${userId})`
        : sql`null::int`;
      // the coupon is taken in this transaction (one conditional UPDATE): a used or unfit one rolls all back
      const discount = input.coupon_id ? await takeCoupon(tx, userId, input.coupon_id, goods) : 0;
      // then the order, its lines and its first audit row in one statement; a concurrent retry with the same
      // key waits on the unique index, then inserts nothing and rolls back (the stock with it)
      const [o] = await rows(
        tx,
        sql`with o as (
              insert into shop_orders (order_no, user_id, status, idempotency_key, goods_amount, shipping_fee,
                discount, pay_amount, address, remark, from_cart, pay_deadline, created_at, updated_at, sharer_id,
                share_product_id)
              values (${orderNo}, ${userId}, 'pending_payment', ${input.idempotency_key}, ${goods}, ${fee}, ${discount},
                ${goods + fee - discount}, ${JSON.stringify(snapshot)}::jsonb, ${input.remark ?? ''}, ${input.from_cart ? 1 : 0},
                ${deadline}, ${at}, ${at}, ${sharer}, ${input.share_code ? (input.share_product_id ?? null) : null}::int)
              on conflict (user_id, idempotency_key) do nothing
              returning id),
            i as (
              insert into shop_order_items (order_id, sku_id, product_id, name, image, size, color, price, quantity)
              select o.id, v.* from o, (values ${sql.join(values, sql`, `)})
                as v(sku_id, product_id, name, image, size, color, price, quantity)
              returning id, order_id, sku_id, product_id, name, image, size, color, price, quantity),
            e as (
              insert into shop_order_events (order_id, event, from_status, to_status, actor, created_at)
              select o.id, 'create', null, 'pending_payment', 'user', ${at} from o
              returning 1)
            select o.id, (select json_agg(i order by i.id) from i) as items from o`,
      );
      if (!o) throw new SameKey();
      if (input.coupon_id) await bindCoupon(tx, input.coupon_id, n(o, 'id'));
      if (input.from_cart) {
        const ids = sql.join(
          wanted.map((w) => sql`${w.sku_id}`),
          sql`, `,
        );
        await tx.execute(sql`delete from shop_cart_items where user_id = ${userId} and sku_id in (${ids})`);
      }
      const order: Row = {
        id: n(o, 'id'),
        order_no: orderNo,
        status: 'pending_payment',
        goods_amount: goods,
        shipping_fee: fee,
        discount,
        pay_amount: goods + fee - discount,
        currency: 'HKD',
        address: snapshot,
        remark: input.remark ?? '',
        pay_deadline: deadline,
        created_at: at,
        close_reason: null,
      };
      const items = (typeof o.items === 'string' ? JSON.parse(o.items) : o.items) as Row[];
      const created = [
        { event: 'create', from_status: null, to_status: 'pending_payment', actor: 'user', created_at: at },
      ];
      // the answer is what was written (no read-back)
      return detailView(order, items, created);
    });
  } catch (err) {
    // a concurrent retry finds the coupon already taken by the first attempt: it answers that order too
    const raced = err instanceof ApiError && err.code === E.COUPON_UNUSABLE;
    if (!(err instanceof SameKey) && !raced) throw err;
    const orderId = await findByKey(db, userId, input.idempotency_key);
    if (!orderId && raced) throw err;
    if (!orderId) throw new ApiError(E.ORDER_STATE);
    return orderDetail(db, userId, orderId, lang);
  }
}

/** thrown inside the create transaction when another request with the same key made the order first */
class SameKey extends Error {}

async function findByKey(db: Db, userId: number, key: string): Promise<number | null> {
  const [r] = await rows(
    db,
    sql`select id from shop_orders where user_id = ${userId} and idempotency_key = ${key}`,
  );
  return r ? n(r, 'id') : null;
}

/** Gives the order's units and its coupon back (inside the transaction that closes it unpaid). */
