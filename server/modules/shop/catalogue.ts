/**
 * The demo catalogue: football merchandise of the seeded clubs in their seeded colours (jerseys,
 * training wear, scarves, collectibles) and the shop's own-label boots, balls and accessories, in
 * three scripts. Pure data and arithmetic: the same input gives the same catalogue (stock comes from a
 * hash of the SKU code, not from a random generator).
 */
import { jerseys, scarves, training } from './catalogue-apparel';
import { accessories, collectibles } from './catalogue-extras';
import { balls, boots } from './catalogue-gear';
import {
  type Club,
  JERSEY_CLUBS,
  type ProductSeed,
  SCARF_CLUBS,
  seasonLabel,
  TRAINING_CLUBS,
  type Tri,
  tri,
} from './catalogue-kit';

export {
  ALL_CLUBS,
  CATEGORIES,
  type Club,
  JERSEY_CLUBS,
  type ProductSeed,
  SCARF_CLUBS,
  type SkuSeed,
  seasonLabel,
  stockFor,
  TRAINING_CLUBS,
  type Tri,
} from './catalogue-kit';

/** the whole catalogue from the clubs the football seed has (a club it lacks is left out) */
export function buildCatalogue(clubs: Club[], today: Date): ProductSeed[] {
  const byCode = new Map(clubs.map((c) => [c.code, c]));
  const pick = (codes: string[]) => codes.flatMap((c) => (byCode.has(c) ? [byCode.get(c) as Club] : []));
  const season = seasonLabel(today);
  return [
    ...jerseys(pick(JERSEY_CLUBS), season),
    ...training(pick(TRAINING_CLUBS)),
    ...boots(),
    ...balls(),
    ...scarves(pick(SCARF_CLUBS)),
    ...accessories(),
    ...collectibles(byCode),
  ];
}

export const HOT_WORDS: Tri[] = [
  tri('球衣', '球衣', '球衣'),
  tri('利物浦', '利物浦', '利物浦'),
  tri('曼聯', '曼联', '曼聯'),
  tri('頸巾', '围巾', '圍巾'),
  tri('波鞋', '球鞋', '足球鞋'),
  tri('傑志', '杰志', '傑志'),
  tri('足球', '足球', '足球'),
  tri('訓練外套', '训练外套', '訓練外套'),
];
