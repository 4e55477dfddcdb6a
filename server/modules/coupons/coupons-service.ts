/**
 * Coupons a fan holds: the list by tab (usable, used, expired), the choice at settlement, and the one
 * use by an order. Using a coupon is ONE conditional UPDATE (`status = 'unused'`, inside its validity,
 * goods at or above its threshold) in the order's transaction: of N parallel orders with the same coupon
 * exactly one gets it, the others roll back (stock included) with 150301. Cancelling the order before
 * payment gives it back in the transaction that closes the order.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';

export const COUPON_TABS = ['usable', 'used', 'expired'] as const;
export type CouponTab = (typeof COUPON_TABS)[number];

const LANGS: readonly Lang[] = ['zhhk', 'zhcn', 'zhtw'];
/** a column by script; `lang` is one of three constants, never input text */
function nameCol(lang: Lang) {
  if (!LANGS.includes(lang)) throw new Error(`unknown lang ${lang}`);
  return sql.raw(`c.name_${lang}`);
}

const ms = (v: unknown) => (v == null ? null : new Date(v instanceof Date ? v : String(v)).getTime());

function couponView(r: Row) {
  const used = String(r.status) === 'used';
  const expiresMs = ms(r.expires_at) ?? 0;
  return {
    id: Number(r.id),
    name: String(r.name),
    threshold: Number(r.threshold),
    discount: Number(r.discount),
    starts_ms: ms(r.starts_at) ?? 0,
    expires_ms: expiresMs,
    status: used ? 'used' : expiresMs <= nowMs() ? 'expired' : 'usable',
    used_ms: ms(r.used_at),
    order_id: r.order_id == null ? null : Number(r.order_id),
  };
}

function tabWhere(tab: CouponTab, at: Date) {
  if (tab === 'used') return sql`u.status = 'used'`;
  if (tab === 'expired') return sql`u.status = 'unused' and u.expires_at <= ${at}`;
  return sql`u.status = 'unused' and u.expires_at > ${at}`;
}

/** GET /shop/coupons?tab=: the caller's coupons of one tab, with the count of every tab. */
export async function listCoupons(
  db: Db,
  userId: number,
  tab: CouponTab,
  page: number,
  size: number,
  lang: Lang,
) {
  const at = now();
  const order =
    tab === 'usable'
      ? sql`u.expires_at asc, u.id`
      : tab === 'used'
        ? sql`u.used_at desc, u.id desc`
        : sql`u.expires_at desc, u.id desc`;
  const [found, counted] = await Promise.all([
    rows(
      db,
      sql`select u.id, u.status, u.starts_at, u.expires_at, u.used_at, u.order_id, c.threshold, c.discount,
            ${nameCol(lang)} as name
          from shop_user_coupons u join shop_coupons c on c.id = u.coupon_id
          where u.user_id = ${userId} and ${tabWhere(tab, at)}
          order by ${order} limit ${size} offset ${(page - 1) * size}`,
    ),
    rows(
      db,
      sql`select count(*) filter (where status = 'unused' and expires_at > ${at})::int as usable,
            count(*) filter (where status = 'used')::int as used,
            count(*) filter (where status = 'unused' and expires_at <= ${at})::int as expired
          from shop_user_coupons where user_id = ${userId}`,
    ),
  ]);
  const counts = {
    usable: Number(counted[0].usable),
    used: Number(counted[0].used),
    expired: Number(counted[0].expired),
  };
  return { list: found.map(couponView), total: counts[tab], page, size, counts };
}

/**
 * The settlement's coupon choice for `goods` (HKD minor units): the caller's usable coupons, each with
 * whether it applies (started, threshold met), best first; and the chosen one (`couponId`, 0 = none,
 * absent = the best that applies).
 */
export async function couponChoice(
  db: Db,
  userId: number,
  goods: number,
  couponId: number | undefined,
  lang: Lang,
) {
  const at = now();
  const found = await rows(
    db,
    sql`select u.id, u.status, u.starts_at, u.expires_at, u.used_at, u.order_id, c.threshold, c.discount,
          ${nameCol(lang)} as name
        from shop_user_coupons u join shop_coupons c on c.id = u.coupon_id
        where u.user_id = ${userId} and u.status = 'unused' and u.expires_at > ${at}
        order by c.discount desc, u.expires_at asc, u.id`,
  );
  const coupons = found.map((r) => {
    const v = couponView(r);
    return { ...v, applicable: goods > 0 && goods >= v.threshold && v.starts_ms <= at.getTime() };
  });
  const chosen =
    couponId === 0
      ? null
      : couponId === undefined
        ? (coupons.find((c) => c.applicable) ?? null)
        : (coupons.find((c) => c.id === couponId && c.applicable) ?? null);
  return {
    coupons,
    coupon_id: chosen?.id ?? null,
    discount: chosen ? Math.min(chosen.discount, goods) : 0,
  };
}

/**
 * Takes coupon `userCouponId` for an order of `goods` inside the order's transaction; answers the
 * discount. Refuses (150301) a coupon that is not the caller's, used, outside its validity or above the
 * goods. The conditional UPDATE waits on the row lock of a parallel use and re-checks `status`.
 */
export async function takeCoupon(
  tx: Db,
  userId: number,
  userCouponId: number,
  goods: number,
): Promise<number> {
  const at = now();
  const [r] = await rows(
    tx,
    sql`update shop_user_coupons u set status = 'used', used_at = ${at}
        from shop_coupons c
        where u.id = ${userCouponId} and u.user_id = ${userId} and c.id = u.coupon_id and u.status = 'unused'
          and u.starts_at <= ${at} and u.expires_at > ${at} and c.threshold <= ${goods}
        returning c.discount`,
  );
  if (!r) throw new ApiError(E.COUPON_UNUSABLE);
  return Math.min(Number(r.discount), goods);
}

/** Ties a taken coupon to the order that took it (same transaction, once the order has its id). */
export async function bindCoupon(tx: Db, userCouponId: number, orderId: number): Promise<void> {
  await tx.execute(sql`update shop_user_coupons set order_id = ${orderId} where id = ${userCouponId}`);
}

/** Gives an order's coupon back (the order is being closed before payment, in the same transaction). */
export async function returnCoupon(tx: Db, orderId: number): Promise<void> {
  await tx.execute(
    sql`update shop_user_coupons set status = 'unused', used_at = null, order_id = null where order_id = ${orderId}`,
  );
}
