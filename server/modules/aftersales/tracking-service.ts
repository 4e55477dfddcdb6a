/**
 * `/shop/express/info`: an order's parcel as the logistics provider tells it (the simulator by default),
 * and the push of new tracking events to the buyer on `user:<id>` (a job compares what was due at its
 * last tick with what is due now, on the app clock).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { json, ms, n } from './format';
import { logistics } from './logistics';

interface Region {
  code: string;
  name: string;
}

export async function orderTracking(db: Db, userId: number, orderId: number) {
  const [o] = await rows(
    db,
    sql`select o.id, o.order_no, o.status, o.carrier, o.tracking_no, o.shipped_at, o.address,
          (select image from shop_order_items where order_id = o.id order by id limit 1) as image,
          (select coalesce(sum(quantity), 0)::int from shop_order_items where order_id = o.id) as count
        from shop_orders o where o.id = ${orderId} and o.user_id = ${userId}`,
  );
  if (!o) throw new ApiError(E.NOT_FOUND);
  const address = json<{ region: Region[]; detail: string; receiver: string }>(o.address);
  const shipped = ms(o.shipped_at);
  const tracked =
    shipped !== null && o.tracking_no
      ? logistics().track(
          { carrier: String(o.carrier), trackingNo: String(o.tracking_no), shippedAtMs: shipped },
          nowMs(),
        )
      : { events: [], eta_ms: null };
  // the district the parcel is delivered in (the region path's second level, else its first)
  const district = address.region[1]?.name ?? address.region[0]?.name ?? '';
  const events = [...tracked.events].reverse();
  return {
    order_id: n(o, 'id'),
    order_no: String(o.order_no),
    order_status: String(o.status),
    carrier: o.carrier == null ? null : String(o.carrier),
    tracking_no: o.tracking_no == null ? null : String(o.tracking_no),
    image: String(o.image ?? ''),
    count: n(o, 'count'),
    district,
    receiver: address.receiver,
    /** the latest step, or null before shipping */
    state: events[0]?.code ?? null,
    /** newest first */
    events,
    eta_ms: tracked.eta_ms,
  };
}

/** Tracking events that fell due in (since, until] for parcels on their way: [{userId, orderId, code}]. */
export async function dueEvents(db: Db, since: number, until: number) {
  const found = await rows(
    db,
    sql`select id, user_id, carrier, tracking_no, shipped_at from shop_orders
        where status = 'pending_receipt' and tracking_no is not null and shipped_at > ${new Date(since - 3 * 86_400_000)}`,
  );
  const out: { userId: number; orderId: number; code: string; at_ms: number }[] = [];
  for (const o of found) {
    const { events } = logistics().track(
      { carrier: String(o.carrier), trackingNo: String(o.tracking_no), shippedAtMs: ms(o.shipped_at) ?? 0 },
      until,
    );
    for (const e of events)
      if (e.at_ms > since)
        out.push({ userId: n(o, 'user_id'), orderId: n(o, 'id'), code: e.code, at_ms: e.at_ms });
  }
  return out;
}
