/** The owner's order list and detail as the app shows them (state, deadlines, items, events). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { iso, ms, n } from './format';
import { ORDER_STATES, type OrderState } from './state-machine';

const _tx$ = (tx: unknown) => tx as Db;

import { cancelOverdue } from './order-sweeps';

function flags(status: string, deadlineMs: number | null) {
  return {
    can_pay: status === 'pending_payment' && (deadlineMs ?? 0) > nowMs(),
    can_cancel: status === 'pending_payment',
    can_confirm: status === 'pending_receipt',
  };
}

/** A line as the app shows it, in an order or in the cart (the SKU's name, picture, size, colour, price). */
export function lineView(r: Row) {
  return {
    sku_id: n(r, 'sku_id'),
    product_id: n(r, 'product_id'),
    name: String(r.name),
    image: String(r.image),
    size: String(r.size),
    color: String(r.color),
    price: n(r, 'price'),
    quantity: n(r, 'quantity'),
  };
}

function itemView(r: Row) {
  return { id: n(r, 'id'), ...lineView(r) };
}

function summaryView(o: Row, items: Row[]) {
  const deadline = ms(o.pay_deadline);
  return {
    id: n(o, 'id'),
    order_no: String(o.order_no),
    status: String(o.status) as OrderState,
    goods_amount: n(o, 'goods_amount'),
    shipping_fee: n(o, 'shipping_fee'),
    discount: n(o, 'discount'),
    pay_amount: n(o, 'pay_amount'),
    currency: String(o.currency),
    count: items.reduce((s, i) => s + n(i, 'quantity'), 0),
    items: items.map(itemView),
    created_at: iso(o.created_at) ?? '',
    created_ms: ms(o.created_at) ?? 0,
    pay_deadline_ms: deadline ?? 0,
    close_reason: o.close_reason === null ? null : String(o.close_reason),
    ...flags(String(o.status), deadline),
  };
}

const STATUS_FILTER = ['all', ...ORDER_STATES] as const;
export type StatusFilter = (typeof STATUS_FILTER)[number];
export { STATUS_FILTER };

export async function listOrders(db: Db, userId: number, status: StatusFilter, page: number, size: number) {
  // lazily, so the owner never sees "pending payment" on an order that can no longer be paid
  await cancelOverdue(db, userId);
  const where = status === 'all' ? sql`user_id = ${userId}` : sql`user_id = ${userId} and status = ${status}`;
  const [orders, counted] = await Promise.all([
    rows(
      db,
      sql`select * from shop_orders where ${where} order by id desc limit ${size} offset ${(page - 1) * size}`,
    ),
    rows(
      db,
      sql`select status, count(*)::int as n from shop_orders where user_id = ${userId} group by status`,
    ),
  ]);
  const ids = orders.map((o) => n(o, 'id'));
  const items = ids.length
    ? await rows(
        db,
        sql`select * from shop_order_items where order_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) order by id`,
      )
    : [];
  const counts: Record<string, number> = Object.fromEntries(ORDER_STATES.map((s) => [s, 0]));
  for (const c of counted) counts[String(c.status)] = n(c, 'n');
  const all = Object.values(counts).reduce((s, v) => s + v, 0);
  return {
    list: orders.map((o) =>
      summaryView(
        o,
        items.filter((i) => n(i, 'order_id') === n(o, 'id')),
      ),
    ),
    total: status === 'all' ? all : (counts[status] ?? 0),
    page,
    size,
    counts: { all, ...counts },
  };
}

/** `sweep`: close this fan's overdue unpaid orders first. */
export async function orderDetail(db: Db, userId: number, orderId: number, _lang?: Lang, sweep = true) {
  if (sweep) await cancelOverdue(db, userId);
  const [o] = await rows(db, sql`select * from shop_orders where id = ${orderId} and user_id = ${userId}`);
  if (!o) throw new ApiError(E.NOT_FOUND);
  const [items, events] = await Promise.all([
    rows(db, sql`select * from shop_order_items where order_id = ${orderId} order by id`),
    rows(db, sql`select * from shop_order_events where order_id = ${orderId} order by id`),
  ]);
  return detailView(o, items, events);
}

export function detailView(o: Row, items: Row[], events: Row[]) {
  const address = typeof o.address === 'string' ? JSON.parse(o.address) : o.address;
  return {
    ...summaryView(o, items),
    address,
    remark: String(o.remark),
    paid_at: iso(o.paid_at),
    shipped_at: iso(o.shipped_at),
    received_at: iso(o.received_at),
    closed_at: iso(o.closed_at),
    auto_confirm_ms: ms(o.auto_confirm_at),
    carrier: o.carrier == null ? null : String(o.carrier),
    tracking_no: o.tracking_no == null ? null : String(o.tracking_no),
    // completed by the review window (auto_complete), never reviewed: a review is no longer taken (the
    // rules' reviewWindowDays is the whole window; there is no grace after it), and the app says so
    review_window_passed: events.some((e) => String(e.event) === 'auto_complete'),
    timeline: events.map((e) => ({
      event: String(e.event),
      from: e.from_status == null ? null : String(e.from_status),
      to: String(e.to_status),
      actor: String(e.actor),
      at: iso(e.created_at) ?? '',
      at_ms: ms(e.created_at) ?? 0,
    })),
  };
}
