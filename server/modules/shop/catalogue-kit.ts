/**
 * The demo catalogue's vocabulary (see catalogue.ts): football merchandise of the seeded clubs in their seeded colours (jerseys,
 * training wear, scarves, collectibles) and the shop's own-label boots, balls and accessories, in
 * three scripts. Pure data and arithmetic: the same input gives the same catalogue (stock comes from a
 * hash of the SKU code, not from a random generator).
 */
import type { ImageKind } from './images';

/** [zhhk, zhcn, zhtw] */
export type Tri = [string, string, string];

export interface Club {
  /** teams.code, e.g. EPL-LIV */
  code: string;
  id: number;
  name: Tri;
  color: string;
}

export interface SkuSeed {
  code: string;
  size: string;
  color: Tri;
  colorHex: string;
  price: number;
  stock: number;
  image: string;
}

export interface ProductSeed {
  code: string;
  category: string;
  teamId: number | null;
  name: Tri;
  desc: Tri;
  price: number;
  originalPrice: number;
  recommended: boolean;
  images: string[];
  skus: SkuSeed[];
}

export const CATEGORIES: { code: string; name: Tri; kind: ImageKind; main: string; trim: string }[] = [
  { code: 'jersey', name: ['球衣', '球衣', '球衣'], kind: 'jersey', main: '#c8102e', trim: '#ffffff' },
  {
    code: 'training',
    name: ['訓練服', '训练服', '訓練服'],
    kind: 'jacket',
    main: '#1b458f',
    trim: '#ffffff',
  },
  { code: 'boots', name: ['波鞋', '球鞋', '足球鞋'], kind: 'boot', main: '#ff6600', trim: '#1c1c1e' },
  { code: 'ball', name: ['足球', '足球', '足球'], kind: 'ball', main: '#1c1c1e', trim: '#ffffff' },
  { code: 'scarf', name: ['頸巾', '围巾', '圍巾'], kind: 'scarf', main: '#670e36', trim: '#95bfe5' },
  { code: 'accessory', name: ['配件', '配件', '配件'], kind: 'cap', main: '#00843d', trim: '#ffffff' },
  {
    code: 'collectible',
    name: ['收藏品', '收藏品', '收藏品'],
    kind: 'pennant',
    main: '#034694',
    trim: '#ffd700',
  },
];

/** the clubs the shop carries, by teams.code */
export const JERSEY_CLUBS = [
  'EPL-LIV',
  'EPL-MUN',
  'EPL-ARS',
  'EPL-CHE',
  'EPL-MCI',
  'EPL-TOT',
  'LALIGA-RMA',
  'LALIGA-BAR',
  'SERIEA-JUV',
  'SERIEA-MIL',
  'SERIEA-INT',
  'BUNDES-FCB',
  'BUNDES-BVB',
  'LIGUE1-PSG',
  'HKPL-KIT',
  'HKPL-EAS',
];
export const TRAINING_CLUBS = [
  'EPL-LIV',
  'EPL-MCI',
  'EPL-ARS',
  'LALIGA-RMA',
  'LALIGA-BAR',
  'BUNDES-FCB',
  'LIGUE1-PSG',
  'HKPL-KIT',
];
export const SCARF_CLUBS = [
  'EPL-LIV',
  'EPL-MUN',
  'EPL-ARS',
  'EPL-CHE',
  'EPL-NEW',
  'EPL-TOT',
  'LALIGA-BAR',
  'SERIEA-MIL',
  'BUNDES-BVB',
  'LIGUE1-PSG',
  'HKPL-KIT',
  'HKPL-EAS',
];

/** every club the catalogue names (the seed reads their names and colours from the football tables) */
export const ALL_CLUBS = [
  ...new Set([...JERSEY_CLUBS, ...TRAINING_CLUBS, ...SCARF_CLUBS, 'EPL-MUN', 'HKPL-KIT']),
];

/** FNV-1a: a stable number from a code */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** stock of a SKU: mostly 5-60 units, some nearly gone, about one in twelve sold out */
export function stockFor(code: string): number {
  const h = hash(code);
  const r = h % 100;
  if (r < 8) return 0;
  if (r < 18) return 1 + (h % 3);
  return 5 + ((h >>> 8) % 56);
}

export const WHITE = '#ffffff';
export const tri = (hk: string, cn: string, tw: string): Tri => [hk, cn, tw];
export const each = (t: Tri, f: (s: string, i: number) => string): Tri => t.map(f) as Tri;

/** the season label of a date: European seasons start in July */
export function seasonLabel(d: Date): string {
  const y = d.getUTCFullYear();
  const start = d.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}/${String(start + 1).slice(2)}`;
}

export const APPAREL_SIZES = ['S', 'M', 'L', 'XL', '2XL'];

export function sku(
  productCode: string,
  size: string,
  color: Tri,
  colorHex: string,
  price: number,
  image: string,
): SkuSeed {
  const code = `${productCode}-${size || 'OS'}-${colorHex.replace('#', '')}`;
  return { code, size, color, colorHex, price, stock: stockFor(code), image };
}
