/**
 * Seeds the points goods once per code (idempotent), and for coupon goods the shop coupon kind they
 * grant (`points-<code>`, in the coupons' table: a granted copy is an ordinary coupon of the fan's).
 * Runs after the coupons' seed, which seeds only into an empty table.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { GOODS } from './goods-data';

const IMAGE_PATH = '/mdr/api/v1/shop/images/';

export async function seedPoints(db: Db): Promise<void> {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    for (const [i, g] of GOODS.entries()) {
      const couponCode = g.coupon ? `points-${g.code}` : null;
      if (g.coupon)
        await tx.execute(
          sql`insert into shop_coupons (code, name_zhhk, name_zhcn, name_zhtw, threshold, discount)
              values (${couponCode}, ${g.name[0]}, ${g.name[1]}, ${g.name[2]}, ${g.coupon[0]}, ${g.coupon[1]})
              on conflict (code) do nothing`,
        );
      const [kind, main, trim] = g.image;
      await tx.execute(
        sql`insert into points_goods (code, kind, name_zhhk, name_zhcn, name_zhtw, desc_zhhk, desc_zhcn, desc_zhtw,
              image, points, cash, stock, sold, coupon_code, sort, perk, perk_days)
            values (${g.code}, ${g.kind}, ${g.name[0]}, ${g.name[1]}, ${g.name[2]}, ${g.desc[0]}, ${g.desc[1]},
              ${g.desc[2]}, ${`${IMAGE_PATH}${kind}-${main}-${trim}-0.svg`}, ${g.points}, ${g.cash}, ${g.stock},
              0, ${couponCode}, ${i}, ${g.perk?.[0] ?? null}, ${g.perk?.[1] ?? null})
            on conflict (code) do update set perk = excluded.perk, perk_days = excluded.perk_days
              where points_goods.perk is distinct from excluded.perk
                or points_goods.perk_days is distinct from excluded.perk_days`,
      );
    }
  });
}
