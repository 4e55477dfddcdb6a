/**
 * Shop orders: settlement preview and creation with stock reserved in the same transaction (the owner's
 * list and detail are in ./order-views.ts, cancel, confirm and ship in ./order-actions.ts, the timers in
 * ./order-sweeps.ts). Every status change goes through ./state-machine.ts.
 *
 * Stock: creation locks every line's SKU row in id order and takes the units only when every line has
 * them, in the ONE statement that writes the order (./order-create-sql.ts). PostgreSQL re-checks the
 * condition against the committed row when it had to wait, so N parallel orders for the last units cannot
 * oversell; the table's check (`stock >= 0`) backs it. Cancel and the auto-cancel give the units back in the transaction that closes
 * the order.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { runPrepared } from '../../db/prepared';
import { type Row, rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import type { OrderCreateBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { bindCoupon, couponChoice, takeCoupon } from '../coupons';
import { byLang, n } from './format';
import { type CreateArgs, createOrderSql } from './order-create-sql';
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

/** Why a line of an order that was not made cannot be had (150102 unavailable, 150101 short, 100404). */
function lineError(wanted: Wanted[], found: Row[]): ApiError {
  const byId = new Map(found.map((r) => [n(r, 'id'), r]));
  for (const w of wanted) {
    const k = byId.get(w.sku_id);
    if (!k) return new ApiError(E.NOT_FOUND);
    if (n(k, 'status') !== 1 || n(k, 'stock') === 0)
      return new ApiError(E.SHOP_SKU_UNAVAILABLE, { sku_id: w.sku_id });
    if (n(k, 'stock') < w.quantity)
      return new ApiError(E.SHOP_STOCK_SHORT, { sku_id: w.sku_id, stock: n(k, 'stock') });
  }
  return new ApiError(E.ORDER_STATE);
}

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * Creates the order: the idempotency check, the address, the stock of every line, the order, its lines
 * and its audit row in ONE statement (./order-create-sql.ts; prepared on PGlite). An order with a coupon
 * or from the cart runs that same statement inside a transaction that also takes the coupon (its
 * discount then lowers the order's amounts) and empties the cart lines; a coupon that cannot be used
 * rolls it all back, the stock with it.
 */
export async function createOrder(db: Db, userId: number, input: OrderCreateBody, lang: Lang) {
  const rules = orderRules();
  let wanted: Wanted[];
  if (input.from_cart) {
    const lines = await cartLines(db, userId, lang);
    wanted = lines.map((l) => ({ sku_id: l.sku_id, quantity: l.quantity }));
  } else wanted = input.items ?? [];
  wanted = merge(wanted);
  const at = now();
  const args: CreateArgs = {
    userId,
    key: input.idempotency_key,
    addressId: input.address_id ?? null,
    lines: wanted,
    orderNo: newNo('SO'),
    at,
    deadline: new Date(at.getTime() + rules.payTimeoutMinutes * 60_000),
    remark: input.remark ?? '',
    fromCart: Boolean(input.from_cart),
    shareCode: input.share_code ?? null,
    shareProductId: input.share_code ? (input.share_product_id ?? null) : null,
    shippingFeeCents: rules.shippingFeeCents,
    freeShippingFromCents: rules.freeShippingFromCents,
  };
  const check = () => {
    if (!wanted.length) throw new ApiError(E.ORDER_EMPTY);
    if (wanted.length > rules.linesMax) throw new ApiError(E.ORDER_TOO_MANY_LINES, { max: rules.linesMax });
  };
  // what the statement wrote, as the answer (no read-back); null when a retry's order already exists
  const made = (r: Row | undefined, discount: number) => {
    if (!r) throw new ApiError(E.ORDER_STATE);
    if (r.existing != null) return null;
    if (!r.has_address) throw new ApiError(E.ORDER_ADDRESS_MISSING);
    if (r.id == null) {
      // nothing written: a line cannot be had, or a concurrent retry with this key made the order first
      const found = jsonOf<Row[] | null>(r.found) ?? [];
      const err = lineError(wanted, found);
      throw err.code === E.ORDER_STATE ? new SameKey() : err;
    }
    const goods = n(r, 'goods_amount');
    const fee = n(r, 'shipping_fee');
    const order: Row = {
      id: n(r, 'id'),
      order_no: args.orderNo,
      status: 'pending_payment',
      goods_amount: goods,
      shipping_fee: fee,
      discount,
      pay_amount: goods + fee - discount,
      currency: 'HKD',
      address: jsonOf(r.address),
      remark: args.remark,
      pay_deadline: args.deadline,
      created_at: at,
      close_reason: null,
    };
    const created = [
      { event: 'create', from_status: null, to_status: 'pending_payment', actor: 'user', created_at: at },
    ];
    return detailView(order, jsonOf<Row[]>(r.items) ?? [], created);
  };
  try {
    if (!input.coupon_id && !input.from_cart) {
      // a retry of a create that already went through answers the same order (read in the statement)
      check();
      const [r] = await runPrepared(db, `shop_order_create_${lang}`, createOrderSql(args, lang));
      return made(r, 0) ?? orderDetail(db, userId, n(r, 'existing'), lang);
    }
    // a retry answers the order the first attempt made, whatever the cart holds now
    const existing = await findByKey(db, userId, input.idempotency_key);
    if (existing) return orderDetail(db, userId, existing, lang);
    check();
    return await db.transaction(async (raw) => {
      const tx = tx$(raw);
      const [r] = await rows(tx, createOrderSql(args, lang));
      if (r && r.existing != null) throw new SameKey();
      made(r, 0);
      const orderId = n(r, 'id');
      let discount = 0;
      if (input.coupon_id) {
        // the coupon is taken in this transaction (one conditional UPDATE): a used or unfit one rolls all back
        discount = await takeCoupon(tx, userId, input.coupon_id, n(r, 'goods_amount'));
        await tx.execute(
          sql`update shop_orders set discount = ${discount}, pay_amount = pay_amount - ${discount} where id = ${orderId}`,
        );
        await bindCoupon(tx, input.coupon_id, orderId);
      }
      if (input.from_cart) {
        const ids = sql.join(
          wanted.map((w) => sql`${w.sku_id}`),
          sql`, `,
        );
        await tx.execute(sql`delete from shop_cart_items where user_id = ${userId} and sku_id in (${ids})`);
      }
      const view = made(r, discount);
      if (!view) throw new SameKey();
      return view;
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
