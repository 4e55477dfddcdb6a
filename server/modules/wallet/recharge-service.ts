/**
 * Coin recharge: orders are created pending and paid only by a verified gateway callback, which
 * credits the coins through the ledger with the order number as idempotency key (a replayed
 * callback credits once). An order unpaid after RECHARGE_ORDER_TTL_MS expires (./recharge-expiry.ts)
 * and can then no longer be paid.
 */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { yunCoinOrders } from '../../db/schema';
import type { WalletRechargeOrderBody } from '../../http/data-schemas.gen';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import type { CallbackPayload, PaymentProvider } from '../../providers/payment';
import { PAY_METHODS, RECHARGE_ORDER_TTL_MS, RECHARGE_PACKAGES } from './config';
import { epochMs, hkd, hkIso, type PageArgs } from './format';
import { postLedger } from './ledger';
import { expireDue, pastDeadline } from './recharge-expiry';

type Order = typeof yunCoinOrders.$inferSelect;

const DESC: Record<Lang, (coins: number) => string> = {
  zhhk: (n) => `${n} 雲幣`,
  zhcn: (n) => `${n} 云币`,
  zhtw: (n) => `${n} 雲幣`,
};

export function packagesView() {
  const list = RECHARGE_PACKAGES.map((p) => ({
    id: p.id,
    price_cents: p.priceCents,
    price: hkd(p.priceCents),
    currency: 'HKD',
    coins: p.coins,
    bonus: p.bonus,
    hot: Boolean(p.hot),
  }));
  // by_id lets a screen read the chosen package's price without a find() in its expressions
  return { list, byId: Object.fromEntries(list.map((p) => [p.id, p])) };
}

export function payMethodsView(lang: Lang) {
  return PAY_METHODS.map((m) => ({ id: m.id, name: m.name[lang], supported: m.supported }));
}

/** What the user sees: a cancel at the gateway is stored as failed with reason 'cancelled'. */
function displayStatus(o: Order): string {
  if (o.status === 'failed' && o.failReason === 'cancelled') return 'cancelled';
  return o.status;
}

export function orderView(o: Order, lang?: Lang) {
  const createdMs = epochMs(o.createdAt) ?? 0;
  return {
    order_no: o.orderNo,
    package_id: o.packageId,
    coins: o.coins,
    bonus_coins: o.bonusCoins,
    price_cents: o.priceCents,
    price: hkd(o.priceCents),
    currency: o.currency,
    pay_method: o.payMethod,
    pay_method_name: lang
      ? (PAY_METHODS.find((m) => m.id === o.payMethod)?.name[lang] ?? o.payMethod)
      : undefined,
    /** pending | paid | failed | expired */
    status: o.status,
    /** status, with a gateway cancel told apart from a failure: pending | paid | failed | cancelled | expired */
    display_status: displayStatus(o),
    /** a pending order (read after the lazy expiry) may still be paid */
    can_pay: o.status === 'pending',
    expires_ms: createdMs + RECHARGE_ORDER_TTL_MS,
    fail_reason: o.failReason,
    created_at: hkIso(o.createdAt),
    created_ms: createdMs,
    paid_at: hkIso(o.paidAt),
  };
}

function newOrderNo(): string {
  const hk = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `YC${hk}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export async function createOrder(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  input: WalletRechargeOrderBody,
  lang: Lang,
): Promise<{ order: ReturnType<typeof orderView>; pay_url: string }> {
  const pkg = RECHARGE_PACKAGES.find((p) => p.id === input.package_id);
  if (!pkg) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/package_id', keyword: 'enum' });
  const method = PAY_METHODS.find((m) => m.id === input.pay_method);
  if (!method) throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/pay_method', keyword: 'enum' });
  if (!method.supported) throw new ApiError(E.PAY_METHOD_UNSUPPORTED);

  // a retried create (double tap, network retry) answers the order made the first time
  const inserted = await db
    .insert(yunCoinOrders)
    .values({
      orderNo: newOrderNo(),
      userId,
      packageId: pkg.id,
      coins: pkg.coins,
      bonusCoins: pkg.bonus,
      priceCents: pkg.priceCents,
      payMethod: method.id,
      provider: provider.name,
      idempotencyKey: input.idempotency_key,
    })
    .onConflictDoNothing({ target: [yunCoinOrders.userId, yunCoinOrders.idempotencyKey] })
    .returning();
  let order = inserted[0];
  if (!order) {
    [order] = await db
      .select()
      .from(yunCoinOrders)
      .where(and(eq(yunCoinOrders.userId, userId), eq(yunCoinOrders.idempotencyKey, input.idempotency_key)));
    if (order.packageId !== pkg.id || order.payMethod !== method.id)
      throw new ApiError(E.IDEMPOTENCY_CONFLICT);
  }
  const { payUrl } = await provider.createPayment({
    orderNo: order.orderNo,
    amountCents: order.priceCents,
    currency: order.currency,
    description: DESC[lang](order.coins),
    lang,
  });
  return { order: orderView(order), pay_url: payUrl };
}

export async function listOrders(db: Db, userId: number, { page, size }: PageArgs, lang?: Lang) {
  // lazily, so the owner never sees "pending" on an order that can no longer be paid
  await expireDue(db, userId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(yunCoinOrders)
      .where(eq(yunCoinOrders.userId, userId))
      .orderBy(desc(yunCoinOrders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(yunCoinOrders).where(eq(yunCoinOrders.userId, userId)),
  ]);
  return { list: rows.map((o) => orderView(o, lang)), total: Number(n), page, size };
}

/** The owner's order; anyone else's is "not found" (no hint that it exists). */
export async function getOwnOrder(db: Db, userId: number, orderNo: string, lang?: Lang) {
  return orderView(await findOwnOrder(db, userId, orderNo), lang);
}

async function findOwnOrder(db: Db, userId: number, orderNo: string): Promise<Order> {
  await expireDue(db, userId);
  const [order] = await db
    .select()
    .from(yunCoinOrders)
    .where(and(eq(yunCoinOrders.orderNo, orderNo), eq(yunCoinOrders.userId, userId)));
  if (!order) throw new ApiError(E.NOT_FOUND);
  return order;
}

/**
 * "Continue paying" from the orders list: a new payment page for the owner's order while it is
 * still pending and inside its window; anything else answers ORDER_STATE (110306).
 */
export async function resumePayment(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  orderNo: string,
  lang: Lang,
): Promise<{ order: ReturnType<typeof orderView>; pay_url: string }> {
  const order = await findOwnOrder(db, userId, orderNo);
  if (order.status !== 'pending') throw new ApiError(E.ORDER_STATE);
  const { payUrl } = await provider.createPayment({
    orderNo: order.orderNo,
    amountCents: order.priceCents,
    currency: order.currency,
    description: DESC[lang](order.coins),
    lang,
  });
  return { order: orderView(order, lang), pay_url: payUrl };
}

/**
 * Applies a verified callback in one transaction. paid: pending/failed → paid and the coins credited
 * (a late success after a cancel still took the user's money, so it must credit); a replay of a paid
 * order changes nothing. A paid callback for an expired order (or a pending one past its window,
 * which is expired here and now) credits nothing and answers ORDER_STATE, so the gateway refunds.
 * cancelled/failed: only a pending order becomes failed.
 *
 * Against the expiry sweep: both take the row lock (FOR UPDATE here, the UPDATE there) and both
 * state changes are conditional on the status they expect, so exactly one of them wins.
 */
export async function applyCallback(
  db: Db,
  p: CallbackPayload,
): Promise<{ status: string; credited: boolean }> {
  const result = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [order] = await tx
      .select({ ...getTableColumns(yunCoinOrders), overdue: sql<boolean>`${pastDeadline}` })
      .from(yunCoinOrders)
      .where(eq(yunCoinOrders.orderNo, p.order_no))
      .for('update');
    if (!order) throw new ApiError(E.NOT_FOUND);
    if (p.amount_cents !== order.priceCents || p.currency !== order.currency)
      throw new ApiError(E.PAYMENT_AMOUNT_MISMATCH);

    if (p.status === 'paid') {
      if (order.status === 'paid') return { status: 'paid', credited: false };
      if (order.status === 'expired') return { status: 'expired', credited: false, refused: true };
      if (order.status === 'pending' && order.overdue) {
        // committed (not rolled back with an error) so the order stays expired
        await tx
          .update(yunCoinOrders)
          .set({ status: 'expired', failReason: 'expired' })
          .where(and(eq(yunCoinOrders.id, order.id), eq(yunCoinOrders.status, 'pending')));
        return { status: 'expired', credited: false, refused: true };
      }
      const changed = await tx
        .update(yunCoinOrders)
        .set({ status: 'paid', providerTxn: p.provider_txn, paidAt: sql`now()`, failReason: null })
        .where(and(eq(yunCoinOrders.id, order.id), inArray(yunCoinOrders.status, ['pending', 'failed'])))
        .returning({ id: yunCoinOrders.id });
      // the row is locked, so this cannot happen; if it ever did, credit nothing
      if (changed.length !== 1) throw new ApiError(E.ORDER_STATE);
      const moved = await postLedger(tx, {
        userId: order.userId,
        account: 'coins',
        amount: order.coins,
        type: 'recharge',
        refType: 'yun_coin_order',
        refId: order.orderNo,
        idempotencyKey: order.orderNo,
        memo: `HKD ${hkd(order.priceCents)}`,
      });
      return { status: 'paid', credited: !moved.duplicate };
    }
    if (p.status === 'cancelled' || p.status === 'failed') {
      if (order.status !== 'pending') return { status: order.status, credited: false };
      await tx
        .update(yunCoinOrders)
        .set({ status: 'failed', failReason: p.status, providerTxn: p.provider_txn })
        .where(eq(yunCoinOrders.id, order.id));
      return { status: 'failed', credited: false };
    }
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/status', keyword: 'enum' });
  });
  if ('refused' in result) throw new ApiError(E.ORDER_STATE);
  return result;
}
