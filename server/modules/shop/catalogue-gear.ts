/** The shop's own-label boots and balls of the demo catalogue. */

import { each, type ProductSeed, sku, type Tri, tri } from './catalogue-kit';
import { shopImageUrl } from './images';

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

export function boots(): ProductSeed[] {
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

export function balls(): ProductSeed[] {
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
