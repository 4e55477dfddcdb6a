/**
 * The demo catalogue: football merchandise of the seeded clubs in their seeded colours (jerseys,
 * training wear, scarves, collectibles) and the shop's own-label boots, balls and accessories, in
 * three scripts. Pure data and arithmetic: the same input gives the same catalogue (stock comes from a
 * hash of the SKU code, not from a random generator).
 */
import { contrastOn, type ImageKind, shopImageUrl } from './images';

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

const WHITE = '#ffffff';
const tri = (hk: string, cn: string, tw: string): Tri => [hk, cn, tw];
const each = (t: Tri, f: (s: string, i: number) => string): Tri => t.map(f) as Tri;

/** the season label of a date: European seasons start in July */
export function seasonLabel(d: Date): string {
  const y = d.getUTCFullYear();
  const start = d.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}/${String(start + 1).slice(2)}`;
}

const APPAREL_SIZES = ['S', 'M', 'L', 'XL', '2XL'];

function sku(
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

function jerseys(clubs: Club[], season: string): ProductSeed[] {
  return clubs.map((club, i) => {
    const hk = club.code.startsWith('HKPL');
    const price = hk ? 39900 : 69900;
    const main = club.color;
    const trim = contrastOn(main);
    // the away kit: white with the club colour, or the club colour's dark side on a light club colour
    const away = contrastOn(main) === WHITE ? WHITE : '#1c1c1e';
    const awayTrim = away === WHITE ? main : main;
    const code = `JSY-${club.code}`;
    const home = tri('主場', '主场', '主場');
    const awayName = tri('作客', '客场', '客場');
    const skus = [
      ...APPAREL_SIZES.map((s) =>
        sku(code, s, home, main, s === '2XL' ? price + 2000 : price, shopImageUrl('jersey', main, trim)),
      ),
      ...APPAREL_SIZES.map((s) =>
        sku(
          code,
          s,
          awayName,
          away,
          s === '2XL' ? price + 2000 : price,
          shopImageUrl('jersey', away, awayTrim),
        ),
      ),
    ];
    return {
      code,
      category: 'jersey',
      teamId: club.id,
      name: each(club.name, (n, l) => `${n} ${season} ${['球迷版球衣', '球迷版球衣', '球迷版球衣'][l]}`),
      desc: each(
        club.name,
        (n, l) =>
          [
            `${n} ${season} 球季球迷版球衣，主場及作客兩款。透氣網眼布料，快乾排汗，胸前刺繡隊徽。尺碼偏標準，想鬆身可以揀大一個碼。`,
            `${n} ${season} 赛季球迷版球衣，主场及客场两款。透气网眼面料，速干排汗，胸前刺绣队徽。尺码标准，喜欢宽松可选大一码。`,
            `${n} ${season} 球季球迷版球衣，主場及客場兩款。透氣網眼布料，快乾排汗，胸前刺繡隊徽。尺寸標準，喜歡寬鬆可選大一號。`,
          ][l],
      ),
      price,
      originalPrice: i % 4 === 0 ? price + 10000 : price,
      recommended: i < 6 || hk,
      images: [
        shopImageUrl('jersey', main, trim, 0),
        shopImageUrl('jersey', main, trim, 1),
        shopImageUrl('jersey', away, awayTrim, 0),
      ],
      skus,
    };
  });
}

const CHARCOAL = '#3a3a3c';
const charcoal = tri('炭灰', '炭灰', '炭灰');

function training(clubs: Club[]): ProductSeed[] {
  return clubs.map((club, i) => {
    const jacket = i % 2 === 0;
    const kind: ImageKind = jacket ? 'jacket' : 'tee';
    const price = jacket ? 59900 : 42900;
    const code = `TRN-${club.code}`;
    const main = club.color;
    const trim = contrastOn(main);
    const clubColour = tri('球會色', '球会色', '球會色');
    const sizes = ['S', 'M', 'L', 'XL'];
    const skus = [
      ...sizes.map((s) => sku(code, s, clubColour, main, price, shopImageUrl(kind, main, trim))),
      ...sizes.map((s) => sku(code, s, charcoal, CHARCOAL, price, shopImageUrl(kind, CHARCOAL, main))),
    ];
    const item: Tri = jacket
      ? tri('拉鏈訓練外套', '拉链训练外套', '拉鍊訓練外套')
      : tri('訓練上衣', '训练上衣', '訓練上衣');
    return {
      code,
      category: 'training',
      teamId: club.id,
      name: each(club.name, (n, l) => `${n} ${item[l]}`),
      desc: jacket
        ? each(
            club.name,
            (n, l) =>
              [
                `${n}球員熱身同款剪裁的拉鏈外套，彈性針織布，袖口收窄，兩側拉鏈袋。球會色及炭灰兩色。`,
                `${n}球员热身同款剪裁的拉链外套，弹性针织面料，袖口收窄，两侧拉链口袋。球会色及炭灰两色。`,
                `${n}球員熱身同款剪裁的拉鍊外套，彈性針織布料，袖口收窄，兩側拉鍊口袋。球會色及炭灰兩色。`,
              ][l],
          )
        : each(
            club.name,
            (n, l) =>
              [
                `${n}訓練上衣，輕身透氣，適合日常踢波同跑步。球會色及炭灰兩色。`,
                `${n}训练上衣，轻薄透气，适合日常踢球和跑步。球会色及炭灰两色。`,
                `${n}訓練上衣，輕薄透氣，適合日常踢球與跑步。球會色及炭灰兩色。`,
              ][l],
          ),
      price,
      originalPrice: price,
      recommended: i === 0,
      images: [shopImageUrl(kind, main, trim, 0), shopImageUrl(kind, CHARCOAL, main, 0)],
      skus,
    };
  });
}

const BOOTS: {
  code: string;
  name: Tri;
  surface: Tri;
  main: string;
  trim: string;
  color: Tri;
  price: number;
}[] = [
  {
    code: 'VEL-FG',
    name: tri('球聚 Velocity FG', '球聚 Velocity FG', '球聚 Velocity FG'),
    surface: tri('天然草', '天然草', '天然草'),
    main: '#ff6600',
    trim: '#1c1c1e',
    color: tri('橙黑', '橙黑', '橙黑'),
    price: 89900,
  },
  {
    code: 'CTL-FG',
    name: tri('球聚 Control FG', '球聚 Control FG', '球聚 Control FG'),
    surface: tri('天然草', '天然草', '天然草'),
    main: '#1c1c1e',
    trim: '#ffffff',
    color: tri('黑白', '黑白', '黑白'),
    price: 79900,
  },
  {
    code: 'PRO-SG',
    name: tri('球聚 Pro SG', '球聚 Pro SG', '球聚 Pro SG'),
    surface: tri('軟地', '软地', '軟地'),
    main: '#0057b8',
    trim: '#ffd700',
    color: tri('藍黃', '蓝黄', '藍黃'),
    price: 129900,
  },
  {
    code: 'CLS-FG',
    name: tri('球聚 Classic 真皮 FG', '球聚 Classic 真皮 FG', '球聚 Classic 真皮 FG'),
    surface: tri('天然草', '天然草', '天然草'),
    main: '#111111',
    trim: '#e30613',
    color: tri('黑紅', '黑红', '黑紅'),
    price: 99900,
  },
  {
    code: 'TRF-AG',
    name: tri('球聚 Turf AG', '球聚 Turf AG', '球聚 Turf AG'),
    surface: tri('人造草', '人造草', '人造草'),
    main: '#00843d',
    trim: '#ffffff',
    color: tri('綠白', '绿白', '綠白'),
    price: 69900,
  },
  {
    code: 'STR-TF',
    name: tri('球聚 Street TF', '球聚 Street TF', '球聚 Street TF'),
    surface: tri('硬地碎釘', '硬地碎钉', '硬地碎釘'),
    main: '#ffffff',
    trim: '#1c1c1e',
    color: tri('白黑', '白黑', '白黑'),
    price: 59900,
  },
  {
    code: 'FUT-IC',
    name: tri('球聚 Futsal IC', '球聚 Futsal IC', '球聚 Futsal IC'),
    surface: tri('室內場', '室内场', '室內場'),
    main: '#7b1fa2',
    trim: '#ffffff',
    color: tri('紫白', '紫白', '紫白'),
    price: 54900,
  },
  {
    code: 'JNR-FG',
    name: tri('球聚 Junior FG 童裝', '球聚 Junior FG 童装', '球聚 Junior FG 童裝'),
    surface: tri('天然草', '天然草', '天然草'),
    main: '#e4002b',
    trim: '#ffffff',
    color: tri('紅白', '红白', '紅白'),
    price: 39900,
  },
];

function boots(): ProductSeed[] {
  return BOOTS.map((b, i) => {
    const code = `BOOT-${b.code}`;
    const sizes =
      b.code === 'JNR-FG'
        ? ['EU33', 'EU34', 'EU35', 'EU36', 'EU37', 'EU38']
        : ['EU39', 'EU40', 'EU41', 'EU42', 'EU43', 'EU44'];
    const image = shopImageUrl('boot', b.main, b.trim);
    return {
      code,
      category: 'boots',
      teamId: null,
      name: each(b.name, (n, l) => `${n} ${b.surface[l]}${['波鞋', '球鞋', '足球鞋'][l]}`),
      desc: each(
        b.surface,
        (s, l) =>
          [
            `適合${s}場地嘅鞋底設計，鞋面貼腳，鞋碼跟歐碼（EU）。${b.color[0]}配色。`,
            `适合${s}场地的鞋底设计，鞋面贴脚，鞋码为欧码（EU）。${b.color[1]}配色。`,
            `適合${s}場地的鞋底設計，鞋面貼腳，尺寸為歐碼（EU）。${b.color[2]}配色。`,
          ][l],
      ),
      price: b.price,
      originalPrice: i % 3 === 0 ? b.price + 20000 : b.price,
      recommended: i === 0 || i === 2,
      images: [shopImageUrl('boot', b.main, b.trim, 0), shopImageUrl('boot', b.main, b.trim, 1)],
      skus: sizes.map((s) => sku(code, s, b.color, b.main, b.price, image)),
    };
  });
}

function balls(): ProductSeed[] {
  const defs: {
    code: string;
    name: Tri;
    desc: Tri;
    sizes: [string, number][];
    main: string;
    trim: string;
  }[] = [
    {
      code: 'MATCH-PRO',
      name: tri('球聚 Match Pro 比賽用球', '球聚 Match Pro 比赛用球', '球聚 Match Pro 比賽用球'),
      desc: tri(
        '熱黏合無縫球皮，飛行穩定，適合正式比賽。',
        '热粘合无缝球皮，飞行稳定，适合正式比赛。',
        '熱黏合無縫球皮，飛行穩定，適合正式比賽。',
      ),
      sizes: [['5', 39900]],
      main: '#1c1c1e',
      trim: '#ffffff',
    },
    {
      code: 'TRAIN',
      name: tri('球聚 訓練用球', '球聚 训练用球', '球聚 訓練用球'),
      desc: tri(
        '機縫耐磨球皮，日常操練同街場都啱用。',
        '机缝耐磨球皮，日常训练和街头球场都适用。',
        '機縫耐磨球皮，日常訓練與街頭球場都適用。',
      ),
      sizes: [
        ['4', 12900],
        ['5', 14900],
      ],
      main: '#0057b8',
      trim: '#ffffff',
    },
    {
      code: 'FUTSAL',
      name: tri('球聚 室內五人足球', '球聚 室内五人足球', '球聚 室內五人足球'),
      desc: tri('低彈跳設計，專為室內場。', '低弹跳设计，专为室内场地。', '低彈跳設計，專為室內場地。'),
      sizes: [['4', 22900]],
      main: '#ffd700',
      trim: '#1c1c1e',
    },
    {
      code: 'HIVIS',
      name: tri('球聚 夜間高反光足球', '球聚 夜间高反光足球', '球聚 夜間高反光足球'),
      desc: tri(
        '螢光色球皮，夜晚燈光場都睇得清楚。',
        '荧光色球皮，夜间灯光球场也看得清楚。',
        '螢光色球皮，夜間燈光球場也看得清楚。',
      ),
      sizes: [
        ['4', 17900],
        ['5', 18900],
      ],
      main: '#ccff00',
      trim: '#1c1c1e',
    },
    {
      code: 'MINI',
      name: tri('球聚 迷你技術球', '球聚 迷你技术球', '球聚 迷你技術球'),
      desc: tri('1 號迷你球，練控球同花式。', '1 号迷你球，练习控球与花式。', '1 號迷你球，練習控球與花式。'),
      sizes: [['1', 8900]],
      main: '#e4002b',
      trim: '#ffffff',
    },
    {
      code: 'KIDS',
      name: tri('球聚 兒童足球', '球聚 儿童足球', '球聚 兒童足球'),
      desc: tri('輕身球體，適合小朋友入門。', '球体较轻，适合儿童入门。', '球體較輕，適合兒童入門。'),
      sizes: [
        ['3', 11900],
        ['4', 12900],
      ],
      main: '#00a752',
      trim: '#ffffff',
    },
  ];
  const sizeName = (s: string): Tri => [`${s} 號`, `${s} 号`, `${s} 號`];
  return defs.map((b, i) => {
    const code = `BALL-${b.code}`;
    const image = shopImageUrl('ball', b.main, b.trim);
    const prices = b.sizes.map(([, p]) => p);
    return {
      code,
      category: 'ball',
      teamId: null,
      name: b.name,
      desc: b.desc,
      price: Math.min(...prices),
      originalPrice: Math.min(...prices),
      recommended: i === 0,
      images: [shopImageUrl('ball', b.main, b.trim, 0), shopImageUrl('ball', b.main, b.trim, 1)],
      skus: b.sizes.map(([s, p]) => {
        const out = sku(code, s, tri('', '', ''), b.main, p, image);
        out.size = sizeName(s)[0];
        return out;
      }),
    };
  });
}

function scarves(clubs: Club[]): ProductSeed[] {
  return clubs.map((club, i) => {
    const code = `SCF-${club.code}`;
    const main = club.color;
    const trim = contrastOn(main);
    const price = 16900;
    return {
      code,
      category: 'scarf',
      teamId: club.id,
      name: each(club.name, (n, l) => `${n} ${['條紋針織頸巾', '条纹针织围巾', '條紋針織圍巾'][l]}`),
      desc: each(
        club.name,
        (n, l) =>
          [
            `${n}球會色條紋頸巾，雙層針織，長約 140 厘米，兩頭流蘇。入場打氣必備。`,
            `${n}球会色条纹围巾，双层针织，长约 140 厘米，两端流苏。入场助威必备。`,
            `${n}球會色條紋圍巾，雙層針織，長約 140 公分，兩端流蘇。進場加油必備。`,
          ][l],
      ),
      price,
      originalPrice: price,
      recommended: i === 0,
      images: [shopImageUrl('scarf', main, trim, 0), shopImageUrl('scarf', main, trim, 1)],
      skus: [
        sku(code, '', tri('球會色', '球会色', '球會色'), main, price, shopImageUrl('scarf', main, trim)),
      ],
    };
  });
}

function accessories(): ProductSeed[] {
  const socksCode = 'ACC-SOCKS';
  const capCode = 'ACC-CAP';
  const bottleCode = 'ACC-BOTTLE';
  const guardCode = 'ACC-GUARD';
  const white = tri('白色', '白色', '白色');
  const black = tri('黑色', '黑色', '黑色');
  const navy = tri('深藍', '深蓝', '深藍');
  const green = tri('綠色', '绿色', '綠色');
  return [
    {
      code: socksCode,
      category: 'accessory',
      teamId: null,
      name: tri('球聚 防滑足球襪', '球聚 防滑足球袜', '球聚 防滑足球襪'),
      desc: tri(
        '腳底防滑膠粒，中筒設計，踢波唔會喺鞋入面移位。',
        '脚底防滑胶粒，中筒设计，踢球时不会在鞋内移位。',
        '腳底防滑膠粒，中筒設計，踢球時不會在鞋內移位。',
      ),
      price: 7900,
      originalPrice: 7900,
      recommended: false,
      images: [
        shopImageUrl('socks', '#ffffff', '#1b458f', 0),
        shopImageUrl('socks', '#1c1c1e', '#ffffff', 0),
      ],
      skus: [
        ...['S', 'M', 'L'].map((s) =>
          sku(socksCode, s, white, '#ffffff', 7900, shopImageUrl('socks', '#ffffff', '#1b458f')),
        ),
        ...['S', 'M', 'L'].map((s) =>
          sku(socksCode, s, black, '#1c1c1e', 7900, shopImageUrl('socks', '#1c1c1e', '#ffffff')),
        ),
      ],
    },
    {
      code: capCode,
      category: 'accessory',
      teamId: null,
      name: tri('球聚 棒球帽', '球聚 棒球帽', '球聚 棒球帽'),
      desc: tri(
        '純棉斜紋布，後扣可調較，均碼。',
        '纯棉斜纹布，后扣可调节，均码。',
        '純棉斜紋布，後扣可調整，單一尺寸。',
      ),
      price: 19900,
      originalPrice: 19900,
      recommended: false,
      images: [shopImageUrl('cap', '#0d2c6c', '#ffffff', 0), shopImageUrl('cap', '#00843d', '#ffffff', 0)],
      skus: [
        sku(capCode, '', navy, '#0d2c6c', 19900, shopImageUrl('cap', '#0d2c6c', '#ffffff')),
        sku(capCode, '', green, '#00843d', 19900, shopImageUrl('cap', '#00843d', '#ffffff')),
      ],
    },
    {
      code: bottleCode,
      category: 'accessory',
      teamId: null,
      name: tri('球聚 750ml 運動水樽', '球聚 750ml 运动水壶', '球聚 750ml 運動水壺'),
      desc: tri(
        '唧壓式出水，唔含 BPA，啱晒落場前後補水。',
        '挤压式出水，不含 BPA，适合上场前后补水。',
        '擠壓式出水，不含 BPA，適合上場前後補水。',
      ),
      price: 9900,
      originalPrice: 9900,
      recommended: false,
      images: [shopImageUrl('bottle', '#1677ff', '#ffffff', 0)],
      skus: [
        sku(
          bottleCode,
          '',
          tri('藍色', '蓝色', '藍色'),
          '#1677ff',
          9900,
          shopImageUrl('bottle', '#1677ff', '#ffffff'),
        ),
      ],
    },
    {
      code: guardCode,
      category: 'accessory',
      teamId: null,
      name: tri('球聚 輕量護脛', '球聚 轻量护腿板', '球聚 輕量護脛'),
      desc: tri('硬殼加軟墊，附固定套。', '硬壳加软垫，附固定套。', '硬殼加軟墊，附固定套。'),
      price: 14900,
      originalPrice: 14900,
      recommended: false,
      images: [shopImageUrl('guard', '#1c1c1e', '#ff6600', 0)],
      skus: ['S', 'M', 'L'].map((s) =>
        sku(guardCode, s, black, '#1c1c1e', 14900, shopImageUrl('guard', '#1c1c1e', '#ff6600')),
      ),
    },
  ];
}

function collectibles(byCode: Map<string, Club>): ProductSeed[] {
  const defs: { club: string; kind: ImageKind; item: Tri; desc: Tri; price: number }[] = [
    {
      club: 'EPL-LIV',
      kind: 'pennant',
      item: tri('絨面掛旗', '绒面挂旗', '絨面掛旗'),
      desc: tri(
        '絨面掛旗連吊繩，約 30 × 20 厘米。',
        '绒面挂旗附挂绳，约 30 × 20 厘米。',
        '絨面掛旗附吊繩，約 30 × 20 公分。',
      ),
      price: 9900,
    },
    {
      club: 'HKPL-KIT',
      kind: 'pennant',
      item: tri('絨面掛旗', '绒面挂旗', '絨面掛旗'),
      desc: tri(
        '絨面掛旗連吊繩，約 30 × 20 厘米。',
        '绒面挂旗附挂绳，约 30 × 20 厘米。',
        '絨面掛旗附吊繩，約 30 × 20 公分。',
      ),
      price: 8900,
    },
    {
      club: 'EPL-MUN',
      kind: 'mug',
      item: tri('陶瓷杯', '陶瓷杯', '陶瓷馬克杯'),
      desc: tri(
        '330ml 陶瓷杯，可用洗碗機。',
        '330ml 陶瓷杯，可用洗碗机清洗。',
        '330ml 陶瓷馬克杯，可用洗碗機清洗。',
      ),
      price: 12900,
    },
    {
      club: 'LALIGA-BAR',
      kind: 'mug',
      item: tri('陶瓷杯', '陶瓷杯', '陶瓷馬克杯'),
      desc: tri(
        '330ml 陶瓷杯，可用洗碗機。',
        '330ml 陶瓷杯，可用洗碗机清洗。',
        '330ml 陶瓷馬克杯，可用洗碗機清洗。',
      ),
      price: 12900,
    },
    {
      club: 'HKPL-EAS',
      kind: 'pin',
      item: tri('琺瑯襟章三件套', '珐琅徽章三件套', '琺瑯徽章三件組'),
      desc: tri(
        '三個琺瑯襟章，蝴蝶扣，附收藏卡。',
        '三枚珐琅徽章，蝴蝶扣，附收藏卡。',
        '三枚琺瑯徽章，蝴蝶扣，附收藏卡。',
      ),
      price: 8900,
    },
    {
      club: 'SERIEA-JUV',
      kind: 'pin',
      item: tri('琺瑯襟章三件套', '珐琅徽章三件套', '琺瑯徽章三件組'),
      desc: tri(
        '三個琺瑯襟章，蝴蝶扣，附收藏卡。',
        '三枚珐琅徽章，蝴蝶扣，附收藏卡。',
        '三枚琺瑯徽章，蝴蝶扣，附收藏卡。',
      ),
      price: 9900,
    },
  ];
  return defs.flatMap((d) => {
    const club = byCode.get(d.club);
    if (!club) return [];
    const code = `COL-${d.kind.toUpperCase()}-${club.code}`;
    const trim = contrastOn(club.color);
    const image = shopImageUrl(d.kind, club.color, trim);
    return [
      {
        code,
        category: 'collectible',
        teamId: club.id,
        name: each(club.name, (n, l) => `${n} ${d.item[l]}`),
        desc: each(club.name, (n, l) => `${n}｜${d.desc[l]}`),
        price: d.price,
        originalPrice: d.price,
        recommended: d.kind === 'pin',
        images: [image],
        skus: [sku(code, '', tri('', '', ''), club.color, d.price, image)],
      },
    ];
  });
}

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
