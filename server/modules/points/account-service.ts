/**
 * The fan's points account (balance, totals, today's check-in) and ledger (`/shop/integral/record/detail`),
 * and the shop user centre's summary (`/shop/usercenter`): orders by state, coupons, points, addresses and
 * collections, counted from their tables in one round of reads.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { checkinState } from './checkin-service';
import { activePerks } from './exchange-service';
import { pointsBalance } from './ledger';

export const ENTRY_TABS = ['all', 'earned', 'spent'] as const;
export type EntryTab = (typeof ENTRY_TABS)[number];

export async function pointsAccount(db: Db, userId: number) {
  const [t] = await rows(
    db,
    sql`select coalesce(sum(amount) filter (where amount > 0), 0)::int as earned,
               coalesce(-sum(amount) filter (where amount < 0), 0)::int as spent
        from points_entries where user_id = ${userId}`,
  );
  return {
    balance: await pointsBalance(db, userId),
    earned: Number(t?.earned ?? 0),
    spent: Number(t?.spent ?? 0),
    checkin: await checkinState(db, userId),
    perks: await activePerks(db, userId),
  };
}

export async function pointsEntries(db: Db, userId: number, tab: EntryTab, page: number, size: number) {
  const where =
    tab === 'earned'
      ? sql`user_id = ${userId} and amount > 0`
      : tab === 'spent'
        ? sql`user_id = ${userId} and amount < 0`
        : sql`user_id = ${userId}`;
  const list = await rows(
    db,
    sql`select id, amount, balance_after, reason, ref_id, created_at from points_entries
        where ${where} order by id desc limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ total }] = await rows(db, sql`select count(*)::int as total from points_entries where ${where}`);
  return {
    list: list.map((r) => ({
      id: Number(r.id),
      amount: Number(r.amount),
      balance_after: Number(r.balance_after),
      /** checkin | checkin_streak | order | review | order_refund | exchange | exchange_refund */
      reason: String(r.reason),
      ref_id: r.ref_id === null ? null : String(r.ref_id),
      created_ms: new Date(String(r.created_at)).getTime(),
    })),
    total: Number(total),
    page,
    size,
    balance: await pointsBalance(db, userId),
  };
}

export async function userCentre(db: Db, userId: number) {
  const byState = await rows(
    db,
    sql`select status, count(*)::int as n from shop_orders where user_id = ${userId} group by status`,
  );
  const orders: Record<string, number> = {
    pending_payment: 0,
    pending_shipment: 0,
    pending_receipt: 0,
    pending_review: 0,
    refunding: 0,
    all: 0,
  };
  for (const r of byState) {
    const s = String(r.status);
    if (s in orders) orders[s] = Number(r.n);
    orders.all += Number(r.n);
  }
  const [c] = await rows(
    db,
    sql`select
          (select count(*)::int from shop_user_coupons where user_id = ${userId} and status = 'unused'
             and expires_at > ${now()}) as coupons,
          (select count(*)::int from shop_addresses where user_id = ${userId}) as addresses,
          (select count(*)::int from shop_collects where user_id = ${userId}) as collects,
          (select count(*)::int from points_exchanges where user_id = ${userId}) as exchanges`,
  );
  return {
    orders: {
      all: orders.all,
      pending_payment: orders.pending_payment,
      pending_shipment: orders.pending_shipment,
      pending_receipt: orders.pending_receipt,
      pending_review: orders.pending_review,
      refunding: orders.refunding,
    },
    coupons: Number(c.coupons),
    addresses: Number(c.addresses),
    collects: Number(c.collects),
    exchanges: Number(c.exchanges),
    points: await pointsBalance(db, userId),
  };
}
