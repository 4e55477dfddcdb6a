/**
 * Seeds the shop's demo catalogue once (when it has no category yet): categories, about 60 products
 * and 300 SKUs of football merchandise (catalogue.ts), their generated images, banners and search hot
 * words. Club names and colours come from the football tables, so it runs after the football seed.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import {
  shopBanners,
  shopCategories,
  shopHotWords,
  shopProductImages,
  shopProducts,
  shopSkus,
  teams,
} from '../../db/schema';
import { now } from '../../http/clock';
import { ALL_CLUBS, buildCatalogue, CATEGORIES, type Club, HOT_WORDS } from './catalogue';
import { shopImageUrl } from './images';

export async function seedShop(db: Db): Promise<void> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(shopCategories)) as {
    n: number;
  }[];
  if (Number(n) > 0) return;
  const clubRows = await db
    .select({
      id: teams.id,
      code: teams.code,
      hk: teams.nameZhhk,
      cn: teams.nameZhcn,
      tw: teams.nameZhtw,
      color: teams.color,
    })
    .from(teams)
    .where(inArray(teams.code, ALL_CLUBS));
  const clubs: Club[] = clubRows.map((t) => ({
    id: t.id,
    code: t.code,
    name: [t.hk, t.cn, t.tw],
    color: t.color,
  }));
  const catalogue = buildCatalogue(clubs, now());

  await db.transaction(async (tx) => {
    const cats = await tx
      .insert(shopCategories)
      .values(
        CATEGORIES.map((c, i) => ({
          code: c.code,
          nameZhhk: c.name[0],
          nameZhcn: c.name[1],
          nameZhtw: c.name[2],
          icon: shopImageUrl(c.kind, c.main, c.trim),
          sort: i,
        })),
      )
      .returning({ id: shopCategories.id, code: shopCategories.code });
    const catId = new Map(cats.map((c) => [c.code, c.id]));
    // newest first in "new": the catalogue order, one minute apart, the first item newest
    const base = now().getTime();
    for (const [i, p] of catalogue.entries()) {
      const [row] = await tx
        .insert(shopProducts)
        .values({
          code: p.code,
          categoryId: catId.get(p.category) as number,
          teamId: p.teamId,
          nameZhhk: p.name[0],
          nameZhcn: p.name[1],
          nameZhtw: p.name[2],
          descZhhk: p.desc[0],
          descZhcn: p.desc[1],
          descZhtw: p.desc[2],
          image: p.images[0],
          price: Math.min(...p.skus.map((s) => s.price)),
          originalPrice: Math.max(p.originalPrice, Math.min(...p.skus.map((s) => s.price))),
          recommended: p.recommended,
          sort: i,
          createdAt: new Date(base - i * 60_000),
        })
        .returning({ id: shopProducts.id });
      await tx
        .insert(shopProductImages)
        .values(p.images.map((url, k) => ({ productId: row.id, url, sort: k })));
      await tx.insert(shopSkus).values(
        p.skus.map((s, k) => ({
          productId: row.id,
          code: s.code,
          size: s.size,
          colorZhhk: s.color[0],
          colorZhcn: s.color[1],
          colorZhtw: s.color[2],
          colorHex: s.colorHex,
          price: s.price,
          stock: s.stock,
          image: s.image,
          sort: k,
        })),
      );
    }
    await tx
      .insert(shopHotWords)
      .values(HOT_WORDS.map((w, i) => ({ wordZhhk: w[0], wordZhcn: w[1], wordZhtw: w[2], sort: i })));
    const link = (code: string) => `/shop/product/goods?category_id=${catId.get(code)}`;
    await tx.insert(shopBanners).values([
      {
        titleZhhk: '新球季球衣到貨',
        titleZhcn: '新赛季球衣到货',
        titleZhtw: '新球季球衣到貨',
        image: shopImageUrl('banner', '#c8102e', '#ffffff'),
        link: link('jersey'),
        sort: 0,
      },
      {
        titleZhhk: '入場打氣：球會頸巾',
        titleZhcn: '入场助威：球会围巾',
        titleZhtw: '進場加油：球會圍巾',
        image: shopImageUrl('banner', '#034694', '#ffd700', 1),
        link: link('scarf'),
        sort: 1,
      },
      {
        titleZhhk: '球聚自家波鞋系列',
        titleZhcn: '球聚自有球鞋系列',
        titleZhtw: '球聚自有足球鞋系列',
        image: shopImageUrl('banner', '#1c1c1e', '#ff6600', 2),
        link: link('boots'),
        sort: 2,
      },
    ]);
  });
}
