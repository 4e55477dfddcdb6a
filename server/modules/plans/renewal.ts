/**
 * Subscription renewal: when a period ends, auto-renewal charges the next one (idempotency key per
 * subscription and period) or the subscription lapses: for want of coins, because the package was
 * withdrawn, or quietly when auto-renew was off. Every lapse is a system message to the subscriber
 * (through the messages module's face) with its unread count pushed; a loud lapse is also an
 * expert_notices row and a `notice` push as before.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db';
import { expertNotices, subOrders, subPackages, subscriptions } from '../../db/schema';
import { now } from '../../http/clock';
import type { AppDeps } from '../../http/deps';
import { ApiError, E } from '../../http/errors';
import { pushUnread, sendMessage } from '../messages';
import { postLedger } from '../wallet';
import { creditExpert, DAY } from './subscriptions-service';

/**
 * Renews (or lets lapse) every subscription whose period has ended. Each subscription is its own
 * transaction and claimed with SKIP LOCKED, so several nodes can run this together.
 */
export async function renewDue(
  deps: Pick<AppDeps, 'db' | 'hub'>,
): Promise<{ renewed: number; lapsed: number }> {
  const { db } = deps;
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.periodEnd, now())))
    .limit(500);
  let renewed = 0;
  let lapsed = 0;
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      const [s] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.status, 'active'),
            lte(subscriptions.periodEnd, now()),
          ),
        )
        .for('update', { skipLocked: true });
      if (!s) return null;
      const [pkg] = await tx.select().from(subPackages).where(eq(subPackages.id, s.packageId));
      const lapse = async (reason: string) => {
        await tx.update(subscriptions).set({ status: 'lapsed' }).where(eq(subscriptions.id, s.id));
        // the subscriber's system message (a quiet end too: the plans are locked again from now on)
        await sendMessage(tx, {
          userId: s.userId,
          category: 'system',
          kind: `subscription_${reason === 'quiet' ? 'ended' : reason}`,
          actorId: s.expertId,
          targetType: 'expert',
          targetId: s.expertId,
          params: { coins: pkg?.price ?? 0 },
        });
        if (reason === 'quiet') return 'told' as const;
        await tx.insert(expertNotices).values({
          userId: s.userId,
          kind: 'subscription_lapsed',
          payload: { subscription_id: s.id, expert_id: s.expertId, reason },
        });
        return { notice: { userId: s.userId, reason, expertId: s.expertId, subId: s.id } };
      };
      if (!s.autoRenew) return lapse('quiet');
      if (!pkg?.active) return lapse('package_gone');
      const period = s.period + 1;
      try {
        await tx.transaction(async (sp) => {
          const [order] = await sp
            .insert(subOrders)
            .values({
              subscriptionId: s.id,
              userId: s.userId,
              packageId: pkg.id,
              period,
              price: pkg.price,
              idempotencyKey: `renew-${s.id}-${period}`,
            })
            .onConflictDoNothing()
            .returning({ id: subOrders.id });
          if (!order) return;
          await postLedger(sp, {
            userId: s.userId,
            account: 'coins',
            amount: -pkg.price,
            type: 'subscription',
            refType: 'sub_order',
            refId: String(order.id),
            idempotencyKey: `sub:${s.id}:${period}`,
          });
          await creditExpert(sp, s.expertId, order.id, pkg.price);
        });
      } catch (err) {
        if (err instanceof ApiError && err.code === E.INSUFFICIENT_COINS) return lapse('insufficient_coins');
        throw err;
      }
      await tx
        .update(subscriptions)
        .set({
          period,
          periodStart: s.periodEnd,
          periodEnd: new Date(s.periodEnd.getTime() + pkg.days * DAY),
        })
        .where(eq(subscriptions.id, s.id));
      return 'renewed' as const;
    });
    if (outcome === 'renewed') renewed++;
    else if (outcome) {
      lapsed++;
      const userId = outcome === 'told' ? await subscriberOf(db, id) : outcome.notice.userId;
      if (userId !== null) await pushUnread(db, deps.hub, userId);
      if (typeof outcome === 'object') {
        const n = outcome.notice;
        await deps.hub
          .publish(`user:${n.userId}`, {
            kind: 'notice',
            type: 'subscription_lapsed',
            reason: n.reason,
            expert_id: n.expertId,
            subscription_id: n.subId,
          })
          .catch(() => {}); // the stored notice row is the record; the push is best effort
      }
    }
  }
  return { renewed, lapsed };
}

async function subscriberOf(db: Db, id: number): Promise<number | null> {
  const [s] = await db
    .select({ u: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return s?.u ?? null;
}
