/**
 * After-sales, the buyer's side (spec §4, §5): apply for a refund (refund only, or return and refund;
 * a reason is required), see and edit the application while the merchant has not decided, withdraw it
 * (irreversible: the application is closed and the order goes back to where it was), and give the
 * return parcel's tracking number once the merchant has agreed to a return.
 *
 * An application moves its order by the orders module's table (refund_apply → refunding; refund_withdraw
 * back), in the same transaction, under the order's row lock. One open application per order (a partial
 * unique index); a retried apply with the same key answers the first application.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import type {
  AfterSaleApplyBody,
  AfterSaleEditBody,
  AfterSaleExpressBody,
} from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import { type OrderState, transition } from '../orders';
import { assertOwnUploads } from '../realname';
import { json, ms, n, strOrNull } from './format';

const tx$ = (tx: unknown) => tx as Db;

export const AFTER_SALE_STATES = ['pending', 'waiting_receipt', 'success', 'failed', 'closed'] as const;
export const OPEN_STATES = ['pending', 'waiting_receipt'] as const;

export function newAfterNo(prefix: 'AS' | 'SR'): string {
  const stamp = new Date(nowMs() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function afterSaleView(r: Row) {
  const status = String(r.status);
  const kind = String(r.kind);
  return {
    id: n(r, 'id'),
    after_no: String(r.after_no),
    order_id: n(r, 'order_id'),
    order_no: String(r.order_no),
    order_item_id: r.order_item_id == null ? null : n(r, 'order_item_id'),
    kind,
    reason: String(r.reason),
    description: String(r.description),
    images: json<string[]>(r.images) ?? [],
    amount: n(r, 'amount'),
    status,
    reject_reason: strOrNull(r.reject_reason),
    return_carrier: strOrNull(r.return_carrier),
    return_tracking_no: strOrNull(r.return_tracking_no),
    refund_no: strOrNull(r.refund_no),
    refunded_ms: ms(r.refunded_at),
    created_ms: ms(r.created_at) ?? 0,
    updated_ms: ms(r.updated_at) ?? 0,
    decided_ms: ms(r.decided_at),
    item_image: String(r.item_image ?? ''),
    item_name: String(r.item_name ?? ''),
    item_count: Number(r.item_count ?? 0),
    can_edit: status === 'pending',
    can_withdraw: status === 'pending' || status === 'waiting_receipt',
    can_send_express: status === 'waiting_receipt' && kind === 'return_refund' && !r.return_tracking_no,
  };
}

/** the application with its order number, its line (or the order's first) and refund (one query) */
const SELECT = sql`select a.*, o.order_no, r.refund_no, r.created_at as refunded_at,
    (select i.image from shop_order_items i where i.order_id = a.order_id
       and (a.order_item_id is null or i.id = a.order_item_id) order by i.id limit 1) as item_image,
    (select i.name from shop_order_items i where i.order_id = a.order_id
       and (a.order_item_id is null or i.id = a.order_item_id) order by i.id limit 1) as item_name,
    (select coalesce(sum(i.quantity), 0)::int from shop_order_items i where i.order_id = a.order_id
       and (a.order_item_id is null or i.id = a.order_item_id)) as item_count
  from shop_after_sales a join shop_orders o on o.id = a.order_id
  left join shop_refunds r on r.after_sale_id = a.id`;

export async function afterSaleRow(db: Db, id: number, userId?: number): Promise<Row> {
  const [r] = await rows(
    db,
    sql`${SELECT} where a.id = ${id} ${userId === undefined ? sql`` : sql`and a.user_id = ${userId}`}`,
  );
  if (!r) throw new ApiError(E.NOT_FOUND);
  return r;
}

export async function listAfterSales(
  db: Db,
  userId: number | null,
  status: string,
  page: number,
  size: number,
) {
  const where = [
    userId === null ? sql`true` : sql`a.user_id = ${userId}`,
    status === 'all'
      ? sql`true`
      : status === 'open'
        ? sql`a.status in ('pending', 'waiting_receipt')`
        : sql`a.status = ${status}`,
  ];
  const cond = sql.join(where, sql` and `);
  const [found, [c]] = await Promise.all([
    rows(db, sql`${SELECT} where ${cond} order by a.id desc limit ${size} offset ${(page - 1) * size}`),
    rows(db, sql`select count(*)::int as n from shop_after_sales a where ${cond}`),
  ]);
  return { list: found.map(afterSaleView), total: n(c, 'n'), page, size };
}

/**
 * What an application pays back: for one line, its goods amount less its pro-rata share of the coupon
 * (floor) — or, when it is the last line not yet refunded, all that is left of the payment (shipping
 * included); for the whole order, what is left of the payment. A line already refunded: 150402.
 */
async function amountOf(tx: Db, o: Row, itemId: number | null): Promise<number> {
  const left = n(o, 'pay_amount') - n(o, 'refunded');
  if (itemId === null) return Math.max(left, 0);
  const lines = await rows(
    tx,
    sql`select i.id, i.price * i.quantity as goods,
          exists (select 1 from shop_after_sales a where a.order_item_id = i.id and a.status = 'success') as refunded
        from shop_order_items i where i.order_id = ${n(o, 'id')}`,
  );
  const line = lines.find((l) => n(l, 'id') === itemId);
  if (!line || line.refunded) throw new ApiError(E.AFTER_SALE_NOT_ALLOWED);
  if (lines.every((l) => l.refunded || n(l, 'id') === itemId)) return Math.max(left, 0);
  const goods = n(line, 'goods');
  const total = n(o, 'goods_amount');
  const share = total > 0 ? Math.floor((n(o, 'discount') * goods) / total) : 0;
  return Math.max(Math.min(goods - share, left), 0);
}

async function checkImages(db: Db, userId: number, images: string[] | undefined) {
  if (images?.length)
    await assertOwnUploads(db, userId, Object.fromEntries(images.map((u, i) => [`/images/${i}`, u])));
}

/** POST /shop/after-sales: one application for a paid order of the caller; the order → refunding. */
export async function applyAfterSale(db: Db, userId: number, input: AfterSaleApplyBody) {
  const [same] = await rows(
    db,
    sql`select id from shop_after_sales where user_id = ${userId} and idempotency_key = ${input.idempotency_key}`,
  );
  if (same) return afterSaleView(await afterSaleRow(db, n(same, 'id'), userId));
  await checkImages(db, userId, input.images);
  let id: number;
  try {
    id = await db.transaction(async (raw) => {
      const tx = tx$(raw);
      const [o] = await rows(
        tx,
        sql`select o.id, o.status, o.pay_amount, o.goods_amount, o.discount,
              coalesce((select sum(amount) from shop_after_sales where order_id = o.id and status = 'success'), 0)::int
                as refunded
            from shop_orders o where o.id = ${input.order_id} and o.user_id = ${userId} for update`,
      );
      if (!o) throw new ApiError(E.NOT_FOUND);
      const status = String(o.status);
      if (status === 'refunding') throw new ApiError(E.AFTER_SALE_OPEN);
      // nothing was shipped yet: there is nothing to send back
      if (status === 'pending_shipment' && input.kind === 'return_refund')
        throw new ApiError(E.AFTER_SALE_NOT_ALLOWED);
      if (!['pending_shipment', 'pending_receipt', 'pending_review', 'completed'].includes(status))
        throw new ApiError(E.AFTER_SALE_NOT_ALLOWED);
      const amount = await amountOf(tx, o, input.order_item_id ?? null);
      const at = now();
      const [a] = await rows(
        tx,
        sql`insert into shop_after_sales (after_no, order_id, order_item_id, user_id, kind, reason, description, images,
              amount, status, order_status_before, idempotency_key, created_at, updated_at)
            values (${newAfterNo('AS')}, ${input.order_id}, ${input.order_item_id ?? null}, ${userId}, ${input.kind},
              ${input.reason}, ${input.description ?? ''}, ${JSON.stringify(input.images ?? [])}::jsonb, ${amount},
              'pending', ${status}, ${input.idempotency_key}, ${at}, ${at})
            returning id`,
      );
      await transition(tx, input.order_id, 'refund_apply', 'user');
      return n(a, 'id');
    });
  } catch (err) {
    // a concurrent retry with the same key: answer the first
    const [again] = await rows(
      db,
      sql`select id from shop_after_sales where user_id = ${userId} and idempotency_key = ${input.idempotency_key}`,
    );
    if (!again) throw err;
    id = n(again, 'id');
  }
  return afterSaleView(await afterSaleRow(db, id, userId));
}

async function lockOwn(tx: Db, userId: number, id: number): Promise<Row> {
  const [a] = await rows(
    tx,
    sql`select * from shop_after_sales where id = ${id} and user_id = ${userId} for update`,
  );
  if (!a) throw new ApiError(E.NOT_FOUND);
  return a;
}

/** PUT /shop/after-sales/{id}: change kind, reason, description, images while the merchant has not decided. */
export async function editAfterSale(db: Db, userId: number, id: number, input: AfterSaleEditBody) {
  await checkImages(db, userId, input.images);
  await db.transaction(async (raw) => {
    const tx = tx$(raw);
    const a = await lockOwn(tx, userId, id);
    if (String(a.status) !== 'pending') throw new ApiError(E.AFTER_SALE_STATE);
    if (input.kind === 'return_refund' && String(a.order_status_before) === 'pending_shipment')
      throw new ApiError(E.AFTER_SALE_NOT_ALLOWED);
    await tx.execute(
      sql`update shop_after_sales set kind = ${input.kind}, reason = ${input.reason},
            description = ${input.description ?? ''}, images = ${JSON.stringify(input.images ?? [])}::jsonb,
            updated_at = ${now()}
          where id = ${id}`,
    );
  });
  return afterSaleView(await afterSaleRow(db, id, userId));
}

/** POST /shop/after-sales/{id}/withdraw: closed for good; the order goes back to its state before. */
export async function withdrawAfterSale(db: Db, userId: number, id: number) {
  await db.transaction(async (raw) => {
    const tx = tx$(raw);
    const a = await lockOwn(tx, userId, id);
    if (!(OPEN_STATES as readonly string[]).includes(String(a.status)))
      throw new ApiError(E.AFTER_SALE_STATE);
    await rows(tx, sql`select id from shop_orders where id = ${n(a, 'order_id')} for update`);
    await transition(
      tx,
      n(a, 'order_id'),
      'refund_withdraw',
      'user',
      [],
      String(a.order_status_before) as OrderState,
    );
    await tx.execute(
      sql`update shop_after_sales set status = 'closed', updated_at = ${now()} where id = ${id}`,
    );
  });
  return afterSaleView(await afterSaleRow(db, id, userId));
}

/** POST /shop/after-sales/{id}/express: the return parcel's carrier and tracking number (once). */
export async function sendReturnExpress(db: Db, userId: number, id: number, input: AfterSaleExpressBody) {
  await db.transaction(async (raw) => {
    const tx = tx$(raw);
    const a = await lockOwn(tx, userId, id);
    if (String(a.status) !== 'waiting_receipt' || String(a.kind) !== 'return_refund' || a.return_tracking_no)
      throw new ApiError(E.AFTER_SALE_STATE);
    await tx.execute(
      sql`update shop_after_sales set return_carrier = ${input.carrier}, return_tracking_no = ${input.tracking_no},
            updated_at = ${now()} where id = ${id}`,
    );
  });
  return afterSaleView(await afterSaleRow(db, id, userId));
}
