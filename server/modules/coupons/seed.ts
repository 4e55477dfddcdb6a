/**
 * Demo coupons: the kinds a football-merchandise shop would run (a welcome gift, a jersey week, a season
 * opener, a derby-day special and one that has run out), given to the demo fans (+852 91234567,
 * +852 98765432, fan@example.com) once. Validity is relative to the seed day, so the usable tab is never
 * empty on a fresh database and the expired tab shows one.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { shopCoupons, shopUserCoupons, users } from '../../db/schema';
import { nowMs } from '../../http/clock';

const DAY = 86_400_000;

/** [code, zhhk, zhcn, zhtw, threshold, discount (HKD cents), starts (days from seed), lasts (days)] */
export const COUPON_KINDS: [string, string, string, string, number, number, number, number][] = [
  ['welcome-20', '新會員見面禮', '新会员见面礼', '新會員見面禮', 200_00, 20_00, -1, 30],
  ['jersey-week-60', '球衣週滿減', '球衣周满减', '球衣週滿額折抵', 500_00, 60_00, -1, 14],
  ['season-opener-120', '新球季開鑼大禮', '新赛季开幕大礼', '新球季開幕大禮', 900_00, 120_00, -1, 45],
  ['derby-day-35', '打吡戰日限定', '德比日限定', '德比戰日限定', 300_00, 35_00, -1, 7],
  ['summer-tour-30', '夏季熱身賽優惠', '夏季热身赛优惠', '夏季熱身賽優惠', 250_00, 30_00, -40, 30],
];

export async function seedCoupons(db: Db): Promise<void> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(shopCoupons)) as { n: number }[];
  if (Number(n) > 0) return;
  const demo = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        and(eq(users.areaCode, '852'), inArray(users.phone, ['91234567', '98765432'])),
        eq(users.email, 'fan@example.com'),
      ),
    );
  const start = nowMs();
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const kinds = await tx
      .insert(shopCoupons)
      .values(
        COUPON_KINDS.map(([code, hk, cn, tw, threshold, discount]) => ({
          code,
          nameZhhk: hk,
          nameZhcn: cn,
          nameZhtw: tw,
          threshold,
          discount,
        })),
      )
      .returning({ id: shopCoupons.id, code: shopCoupons.code });
    const byCode = new Map(kinds.map((k) => [k.code, k.id]));
    const held = demo.flatMap((u) =>
      COUPON_KINDS.map(([code, , , , , , from, lasts]) => ({
        couponId: byCode.get(code) as number,
        userId: u.id,
        startsAt: new Date(start + from * DAY),
        expiresAt: new Date(start + (from + lasts) * DAY),
      })),
    );
    if (held.length) await tx.insert(shopUserCoupons).values(held);
  });
}
