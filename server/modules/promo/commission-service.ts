/**
 * The sharer's commission follows the order it was earned on, inside the transaction that moves the
 * order (called by the orders state machine for orders with a sharer):
 *   paid (pending_shipment)      → a pending row: rate × the paid amount of the SHARED product's lines
 *                                  (their goods amount less their pro-rata share of the coupon; no
 *                                  shipping; the other lines of the cart do not count)
 *   completed (buyer's review)   → credited once to the sharer's `ecommerce` ledger account
 *   closed after a refund        → void when still pending; taken back when credited (as much as the
 *                                  account still holds: what was already withdrawn cannot be clawed)
 *   one line refunded (partial)  → the base loses that line's paid amount when it is a shared line:
 *                                  a pending row shrinks; a credited one gives the difference back
 * An order bought through an old share link that names no product (a share code alone, from before
 * links named their product) earns nothing and leaves no record: the spec pays commission on the shared
 * product, and such a link shared none. The order still notes who shared it (shop_orders.sharer_id).
 * Every step is a conditional UPDATE on the row's state plus ledger posts with idempotency keys, so a
 * repeated move (a refused refund puts a completed order back to completed) changes nothing twice.
 */
import { sql } from 'drizzle-orm';
import { promoRules } from '../../../contracts/rules';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { rulesDocument } from '../config';
import { getEcommerceBalance, postLedger } from '../wallet';

export function commissionCents(baseCents: number, rateBp: number): number {
  return Math.floor((Math.max(0, baseCents) * rateBp) / 10_000);
}

export async function commissionOnTransition(
  tx: Db,
  orderId: number,
  to: string,
  event?: string,
): Promise<void> {
  if (event === 'refund_partial') return shrink(tx, orderId);
  if (to === 'pending_shipment') return open(tx, orderId);
  if (to === 'completed') return credit(tx, orderId);
  if (to === 'closed') return settleRefund(tx, orderId);
}

async function open(tx: Db, orderId: number): Promise<void> {
  const { commissionBp } = promoRules(rulesDocument());
  await tx.execute(
    sql`insert into promo_commissions (order_id, sharer_id, buyer_id, product_id, base_cents, rate_bp,
          amount_cents, state, created_at)
        select o.id, o.sharer_id, o.user_id, o.share_product_id, b.base, ${commissionBp}, floor(b.base * ${commissionBp}::bigint / 10000)::int, 'pending', ${now()}
        from shop_orders o cross join lateral (${sharedBase(sql`o`)}) b
        where o.id = ${orderId} and o.sharer_id is not null and o.sharer_id <> o.user_id
          and o.share_product_id is not null
        on conflict (order_id) do nothing`,
  );
}

/**
 * The paid amount of order `o`'s shared-product lines not refunded: their goods amount less their
 * pro-rata share of the coupon (floor), less what partial refunds of those lines paid back.
 */
function sharedBase(o: ReturnType<typeof sql>) {
  return sql`select greatest(l.goods - case when ${o}.goods_amount > 0
             then floor(${o}.discount::bigint * l.goods / ${o}.goods_amount) else 0 end - l.refunded, 0)::int as base
      from (select coalesce(sum(i.price * i.quantity), 0)::bigint as goods,
              coalesce((select sum(a.amount) from shop_after_sales a join shop_order_items ai on ai.id = a.order_item_id
                        where a.order_id = ${o}.id and a.status = 'success' and ai.product_id = ${o}.share_product_id), 0)::bigint
                as refunded
            from shop_order_items i where i.order_id = ${o}.id and i.product_id = ${o}.share_product_id) l`;
}

/** a partial refund: the commission follows the shared lines' new paid amount (never up) */
async function shrink(tx: Db, orderId: number): Promise<void> {
  const [c] = await rows(
    tx,
    sql`update promo_commissions p set base_cents = b.base,
          amount_cents = least(p.amount_cents, floor(b.base * p.rate_bp::bigint / 10000)::int)
        from shop_orders o cross join lateral (${sharedBase(sql`o`)}) b,
          (select id, amount_cents as before from promo_commissions where order_id = ${orderId} for update) old
        where p.order_id = ${orderId} and o.id = p.order_id and old.id = p.id and p.state in ('pending', 'credited')
        returning p.id, p.state, p.sharer_id, p.amount_cents, old.before`,
  );
  if (c?.state !== 'credited') return;
  const diff = Number(c.before) - Number(c.amount_cents);
  if (diff <= 0) return;
  const sharerId = Number(c.sharer_id);
  const take = Math.min(diff, await getEcommerceBalance(tx, sharerId, true));
  if (take > 0)
    await postLedger(tx, {
      userId: sharerId,
      account: 'ecommerce',
      amount: -take,
      type: 'promo_reversal',
      refType: 'shop_order',
      refId: String(orderId),
      idempotencyKey: `promo_reversal:${orderId}:${Number(c.amount_cents)}`,
    });
  await tx.execute(
    sql`update promo_commissions set reversed_cents = reversed_cents + ${take} where id = ${Number(c.id)}`,
  );
}

async function credit(tx: Db, orderId: number): Promise<void> {
  const [c] = await rows(
    tx,
    sql`update promo_commissions set state = 'credited', credited_at = ${now()}
        where order_id = ${orderId} and state = 'pending'
        returning id, sharer_id, amount_cents`,
  );
  if (!c || Number(c.amount_cents) <= 0) return;
  await postLedger(tx, {
    userId: Number(c.sharer_id),
    account: 'ecommerce',
    amount: Number(c.amount_cents),
    type: 'promo_commission',
    refType: 'shop_order',
    refId: String(orderId),
    idempotencyKey: `promo_commission:${orderId}`,
  });
}

async function settleRefund(tx: Db, orderId: number): Promise<void> {
  const [o] = await rows(tx, sql`select close_reason from shop_orders where id = ${orderId}`);
  if (o?.close_reason !== 'refunded') return;
  const [c] = await rows(
    tx,
    sql`update promo_commissions p
        set state = case when p.state = 'pending' then 'void' else 'reversed' end, settled_at = ${now()}
        from (select id, state as before from promo_commissions where order_id = ${orderId} for update) b
        where p.id = b.id and p.state in ('pending', 'credited')
        returning p.id, p.sharer_id, p.amount_cents, b.before`,
  );
  if (c?.before !== 'credited' || Number(c.amount_cents) <= 0) return;
  const sharerId = Number(c.sharer_id);
  const take = Math.min(Number(c.amount_cents), await getEcommerceBalance(tx, sharerId, true));
  if (take > 0)
    await postLedger(tx, {
      userId: sharerId,
      account: 'ecommerce',
      amount: -take,
      type: 'promo_reversal',
      refType: 'shop_order',
      refId: String(orderId),
      idempotencyKey: `promo_reversal:${orderId}`,
    });
  await tx.execute(sql`update promo_commissions set reversed_cents = ${take} where id = ${Number(c.id)}`);
}
