/**
 * The merchant's side of points goods in the operator console: exchanged physical goods waiting to be
 * sent, and their shipping through the same logistics provider as mall orders (the aftersales module's
 * `logistics()`: a tracking number now, tracking events over time). Shipping is one transaction under the
 * exchange's row lock: pending_shipment → shipped with carrier, tracking number and time, plus the
 * ops_audit row. A shipped exchange counts as received (completed) after the shop's auto-confirm days
 * (points-jobs.ts), like a shipped mall order.
 */
import { sql } from 'drizzle-orm';
import { shopOrderRules } from '../../../contracts/rules';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { type CARRIERS, logistics } from '../aftersales';
import { rulesDocument } from '../config';
import { exchangeTransition } from './exchange-states';

type Carrier = (typeof CARRIERS)[number];
const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).getTime());
const DAY = 86_400_000;

export const OPS_EXCHANGE_STATES = ['pending_shipment', 'shipped', 'completed'] as const;

function opsView(r: Row) {
  const a = (typeof r.address === 'string' ? JSON.parse(r.address) : r.address) as {
    receiver?: string;
  } | null;
  return {
    id: Number(r.id),
    exchange_no: String(r.exchange_no),
    status: String(r.status),
    goods_name: String(r.name),
    quantity: Number(r.quantity),
    points: Number(r.points),
    cash: Number(r.cash),
    buyer: String(r.nickname ?? ''),
    receiver: a?.receiver ?? '',
    created_ms: ms(r.created_at) ?? 0,
    carrier: r.carrier == null ? null : String(r.carrier),
    tracking_no: r.tracking_no == null ? null : String(r.tracking_no),
    shipped_ms: ms(r.shipped_at),
  };
}

/** Physical exchanges by state (default: waiting to be sent, oldest first). */
export async function opsExchanges(db: Db, status: string, page: number, size: number) {
  const order = status === 'pending_shipment' ? sql`x.id asc` : sql`x.id desc`;
  const where = sql`x.status = ${status} and g.kind = 'physical'`;
  const [found, [c]] = await Promise.all([
    rows(
      db,
      sql`select x.*, g.name_zhhk as name, u.nickname from points_exchanges x
          join points_goods g on g.id = x.goods_id join users u on u.id = x.user_id
          where ${where} order by ${order} limit ${size} offset ${(page - 1) * size}`,
    ),
    rows(
      db,
      sql`select count(*)::int as n from points_exchanges x join points_goods g on g.id = x.goods_id where ${where}`,
    ),
  ]);
  return { list: found.map(opsView), total: Number(c?.n ?? 0), page, size };
}

/** Ships exchange `id` with `carrier`: a tracking number from the logistics provider, audited. */
export async function shipExchange(db: Db, operatorId: number, id: number, carrier: Carrier) {
  const trackingNo = logistics().newTrackingNo(carrier);
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [x] = await rows(
      tx,
      sql`select id, user_id, status from points_exchanges where id = ${id} for update`,
    );
    if (!x) throw new ApiError(E.NOT_FOUND);
    const at = now();
    await exchangeTransition(
      tx,
      id,
      'ship',
      'shipped',
      sql`, carrier = ${carrier}, tracking_no = ${trackingNo}, shipped_at = ${at}`,
    );
    await tx.execute(
      sql`insert into ops_audit (operator_id, action, target_type, target_id, reason, created_at)
          values (${operatorId}, 'points_exchange.ship', 'points_exchange', ${String(id)},
            ${`${carrier} ${trackingNo}`}, ${at})`,
    );
    return { exchange_id: id, carrier, tracking_no: trackingNo, user_id: Number(x.user_id) };
  });
}

/** The parcel's tracking as the logistics provider tells it (null before shipping). */
export function exchangeTracking(x: Row) {
  const shipped = ms(x.shipped_at);
  if (shipped === null || !x.tracking_no) return null;
  const t = logistics().track(
    { carrier: String(x.carrier), trackingNo: String(x.tracking_no), shippedAtMs: shipped },
    nowMs(),
  );
  return { events: [...t.events].reverse(), eta_ms: t.eta_ms };
}

/** Shipped exchanges past the shop's auto-confirm days count as received: completed. */
export async function completeShipped(db: Db, limit = 200): Promise<number> {
  const days = shopOrderRules(rulesDocument()).autoConfirmDays;
  const before = new Date(nowMs() - days * DAY);
  const done = await rows(
    db,
    sql`update points_exchanges set status = 'completed'
        where id in (select id from points_exchanges where status = 'shipped' and shipped_at <= ${before}
                     order by shipped_at limit ${limit})
          and status = 'shipped'
        returning id`,
  );
  return done.length;
}
