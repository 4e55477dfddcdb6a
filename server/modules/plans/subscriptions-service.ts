/**
 * Subscriptions: a package buys `days` of access to every plan of one expert. One row per
 * (subscriber, expert); buying again while active extends the period. Renewal and lapses: renewal.ts.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { subOrders, subPackages, subscriptions } from '../../db/schema';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import { postLedger } from '../wallet';
import { expertSummaries } from './expert-summary';
import { hkIso } from './match-summary';
import { planRules } from './rules';

export const DAY = 86_400_000;

function subView(s: typeof subscriptions.$inferSelect) {
  const at = now().getTime();
  return {
    id: s.id,
    expert_id: s.expertId,
    package_id: s.packageId,
    period: s.period,
    period_start: hkIso(s.periodStart),
    period_end: hkIso(s.periodEnd),
    period_end_ms: s.periodEnd.getTime(),
    auto_renew: s.autoRenew,
    status: s.status,
    active: s.status === 'active' && s.periodEnd.getTime() > at,
  };
}

export async function packagesOf(db: Db, expertId: number, userId: number | null) {
  const list = await db
    .select()
    .from(subPackages)
    .where(and(eq(subPackages.expertId, expertId), eq(subPackages.active, true)))
    .orderBy(subPackages.days);
  const expert = (await expertSummaries(db, [expertId])).get(expertId) ?? null;
  if (!expert) throw new ApiError(E.NOT_FOUND);
  let mine = null;
  if (userId !== null) {
    const [s] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.expertId, expertId)));
    mine = s ? subView(s) : null;
  }
  return {
    expert,
    packages: list.map((p) => ({
      id: p.id,
      days: p.days,
      price: p.price,
      daily: Math.round(p.price / p.days),
    })),
    subscription: mine,
  };
}

/** Income share of a subscription sale, credited to the expert at once. */
export async function creditExpert(tx: Db, expertId: number, orderId: number, price: number) {
  const amount = Math.floor((price * planRules().expertSharePercent) / 100);
  if (amount > 0)
    await postLedger(tx, {
      userId: expertId,
      account: 'income',
      amount,
      type: 'expert_income',
      refType: 'sub_order',
      refId: String(orderId),
      idempotencyKey: `sub-income:${orderId}`,
    });
}

export async function buyPackage(db: Db, userId: number, packageId: number, key: string, autoRenew: boolean) {
  return db.transaction(async (tx) => {
    const [pkg] = await tx.select().from(subPackages).where(eq(subPackages.id, packageId));
    if (!pkg?.active) throw new ApiError(E.NOT_FOUND);
    if (pkg.expertId === userId) throw new ApiError(E.SUB_OWN);
    const [prior] = await tx
      .select()
      .from(subOrders)
      .where(and(eq(subOrders.userId, userId), eq(subOrders.idempotencyKey, key)));
    if (prior) {
      const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, prior.subscriptionId));
      return { ...subView(s), order_id: prior.id, duplicate: true };
    }
    await tx
      .insert(subscriptions)
      .values({
        userId,
        expertId: pkg.expertId,
        packageId,
        period: 0,
        periodStart: now(),
        periodEnd: now(),
        autoRenew,
        status: 'lapsed',
      })
      .onConflictDoNothing();
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.expertId, pkg.expertId)))
      .for('update');
    const at = now();
    const active = sub.status === 'active' && sub.periodEnd > at;
    const period = sub.period + 1;
    const start = active ? sub.periodStart : at;
    const end = new Date((active ? sub.periodEnd.getTime() : at.getTime()) + pkg.days * DAY);
    const [order] = await tx
      .insert(subOrders)
      .values({ subscriptionId: sub.id, userId, packageId, period, price: pkg.price, idempotencyKey: key })
      .returning({ id: subOrders.id });
    await postLedger(tx, {
      userId,
      account: 'coins',
      amount: -pkg.price,
      type: 'subscription',
      refType: 'sub_order',
      refId: String(order.id),
      idempotencyKey: `sub:${sub.id}:${period}`,
    });
    await creditExpert(tx, pkg.expertId, order.id, pkg.price);
    const [updated] = await tx
      .update(subscriptions)
      .set({ packageId, period, periodStart: start, periodEnd: end, autoRenew, status: 'active' })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    return { ...subView(updated), order_id: order.id, duplicate: false };
  });
}

export async function mySubscriptions(db: Db, userId: number, page: number, size: number) {
  const cond = eq(subscriptions.userId, userId);
  const [list, [{ total }]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(and(cond, gt(subscriptions.period, 0)))
      .orderBy(desc(subscriptions.periodEnd))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(and(cond, gt(subscriptions.period, 0))),
  ]);
  const ex = await expertSummaries(
    db,
    list.map((s) => s.expertId),
  );
  return {
    list: list.map((s) => ({ ...subView(s), expert: ex.get(s.expertId) ?? null })),
    total: Number(total),
    page,
    size,
  };
}

export async function subscribedExperts(db: Db, userId: number, page: number, size: number) {
  const cond = and(
    eq(subscriptions.userId, userId),
    eq(subscriptions.status, 'active'),
    gt(subscriptions.periodEnd, now()),
  );
  const [list, [{ total }]] = await Promise.all([
    db
      .select()
      .from(subscriptions)
      .where(cond)
      .orderBy(desc(subscriptions.periodEnd))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(subscriptions).where(cond),
  ]);
  const ex = await expertSummaries(
    db,
    list.map((s) => s.expertId),
  );
  return {
    list: list.map((s) => ({ ...(ex.get(s.expertId) ?? { id: s.expertId }), subscription: subView(s) })),
    total: Number(total),
    page,
    size,
  };
}

export async function cancelAutoRenew(db: Db, userId: number, id: number) {
  const [s] = await db
    .update(subscriptions)
    .set({ autoRenew: false })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
    .returning();
  // someone else's subscription answers "not found", never "forbidden": ids are not confirmed
  if (!s) throw new ApiError(E.NOT_FOUND);
  return subView(s);
}
