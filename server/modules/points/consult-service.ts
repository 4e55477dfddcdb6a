/**
 * `/shop/sales/consultation`: one message thread per order between its buyer and the merchant (about the
 * order or its after-sales case). The buyer sees and writes only their own orders' threads; the merchant
 * answers from the operator console. Plain text, trimmed, 1-500 characters; rendered inert by clients.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';

const ms = (v: unknown) => new Date(String(v)).getTime();

async function orderOf(db: Db, orderId: number, userId: number | null) {
  const [o] = await rows(
    db,
    sql`select o.id, o.order_no, o.status, o.user_id,
          (select a.status from shop_after_sales a where a.order_id = o.id order by a.id desc limit 1) as after_sale_status
        from shop_orders o where o.id = ${orderId} ${userId === null ? sql`` : sql`and o.user_id = ${userId}`}`,
  );
  if (!o) throw new ApiError(E.NOT_FOUND);
  return o;
}

/** the thread of an order; `userId` null: the merchant's view of any order */
export async function thread(db: Db, orderId: number, userId: number | null) {
  const o = await orderOf(db, orderId, userId);
  const list = await rows(
    db,
    sql`select id, sender, body, created_at from shop_consultations where order_id = ${orderId} order by id`,
  );
  return {
    order: {
      id: Number(o.id),
      order_no: String(o.order_no),
      status: String(o.status),
      after_sale_status: o.after_sale_status === null ? null : String(o.after_sale_status),
    },
    list: list.map((m) => ({
      id: Number(m.id),
      sender: String(m.sender),
      body: String(m.body),
      created_ms: ms(m.created_at),
    })),
  };
}

function clean(body: string): string {
  const text = body.trim();
  if (!text) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/body', keyword: 'minLength' });
  return text;
}

export async function postMessage(
  db: Db,
  orderId: number,
  body: string,
  by: { userId: number } | { operatorId: number },
) {
  const text = clean(body);
  const o = await orderOf(db, orderId, 'userId' in by ? by.userId : null);
  // a merchant's reply is a console action: its ops_audit row commits with it (the reply's start as reason)
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const at = now();
    const [m] = await rows(
      tx,
      sql`insert into shop_consultations (user_id, order_id, sender, operator_id, body, created_at)
          values (${o.user_id}, ${orderId}, ${'userId' in by ? 'buyer' : 'merchant'},
            ${'operatorId' in by ? by.operatorId : null}, ${text}, ${at}) returning id`,
    );
    if ('operatorId' in by)
      await tx.execute(
        sql`insert into ops_audit (operator_id, action, target_type, target_id, reason, created_at)
            values (${by.operatorId}, 'consultation.reply', 'shop_order', ${String(orderId)},
              ${`#${m.id} ${text.slice(0, 60)}`}, ${at})`,
      );
  });
  return thread(db, orderId, 'userId' in by ? by.userId : null);
}

/** the console's list: threads with their newest message, newest first */
export async function threads(db: Db, page: number, size: number) {
  const list = await rows(
    db,
    sql`select c.order_id, o.order_no, c.user_id, c.body as last_body, c.sender as last_sender,
          c.created_at as last_at, t.n
        from (select order_id, max(id) as last_id, count(*)::int as n from shop_consultations group by order_id) t
        join shop_consultations c on c.id = t.last_id
        join shop_orders o on o.id = c.order_id
        order by c.id desc limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ total }] = await rows(
    db,
    sql`select count(distinct order_id)::int as total from shop_consultations`,
  );
  return {
    list: list.map((r) => ({
      order_id: Number(r.order_id),
      order_no: String(r.order_no),
      user_id: Number(r.user_id),
      last_body: String(r.last_body),
      last_sender: String(r.last_sender),
      last_ms: ms(r.last_at),
      count: Number(r.n),
    })),
    total: Number(total),
    page,
    size,
  };
}
