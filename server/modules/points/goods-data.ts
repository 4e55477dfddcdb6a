/**
 * The points store's demo goods: what a Hong Kong fan club would offer for points. Images are the
 * shop's generated SVG drawings by kind and colours (`/mdr/api/v1/shop/images/<kind>-<main>-<trim>-0.svg`),
 * never photos; a "signed photo" is honestly a printed reproduction. Cash is HKD minor units (0: points only).
 */
export interface GoodsSeed {
  code: string;
  kind: 'physical' | 'coupon' | 'perk';
  name: [string, string, string];
  desc: [string, string, string];
  image: [string, string, string];
  points: number;
  cash: number;
  stock: number;
  /** coupon goods: [threshold, discount] in HKD cents of the shop coupon they grant */
  coupon?: [number, number];
  /** perk goods: the membership perk granted at once, and its days per copy */
  perk?: ['ad_free' | 'gold_badge', number];
}

export const GOODS: GoodsSeed[] = [
  {
    code: 'scarf-kitchee',
    kind: 'physical',
    name: ['傑志藍白針織頸巾', '杰志蓝白针织围巾', '傑志藍白針織圍巾'],
    desc: [
      '傑志主場色雙層針織頸巾，長約 140 公分，兩端流蘇。旺角場館冬夜睇波必備。',
      '杰志主场色双层针织围巾，长约 140 厘米，两端流苏。冬夜看球必备。',
      '傑志主場色雙層針織圍巾，長約 140 公分，兩端流蘇。冬夜看球必備。',
    ],
    image: ['scarf', '1b4fa0', 'ffffff'],
    points: 800,
    cash: 0,
    stock: 60,
  },
  {
    code: 'scarf-hk-team',
    kind: 'physical',
    name: ['香港隊紅白助威頸巾', '香港队红白助威围巾', '香港隊紅白加油圍巾'],
    desc: [
      '港隊紅白間條助威頸巾，腈綸針織，洗水唔褪色。',
      '港队红白间条助威围巾，腈纶针织，水洗不褪色。',
      '港隊紅白間條加油圍巾，壓克力纖維針織，水洗不褪色。',
    ],
    image: ['scarf', 'd71920', 'ffffff'],
    points: 500,
    cash: 4000,
    stock: 80,
  },
  {
    code: 'keyring-ball',
    kind: 'physical',
    name: ['迷你足球匙扣', '迷你足球钥匙扣', '迷你足球鑰匙圈'],
    desc: [
      '直徑 4 公分 PU 迷你足球匙扣，掛喺書包或者鎖匙都啱。',
      '直径 4 厘米 PU 迷你足球钥匙扣，挂书包或钥匙都合适。',
      '直徑 4 公分 PU 迷你足球鑰匙圈，掛書包或鑰匙都適合。',
    ],
    image: ['ball', 'ffffff', '1c1c1e'],
    points: 200,
    cash: 0,
    stock: 300,
  },
  {
    code: 'pin-crest',
    kind: 'physical',
    name: ['球聚琺瑯襟章', '球聚珐琅徽章', '球聚琺瑯徽章'],
    desc: [
      '球聚會員限定琺瑯襟章，鋅合金底，背面蝴蝶扣。',
      '球聚会员限定珐琅徽章，锌合金底，背面蝴蝶扣。',
      '球聚會員限定琺瑯徽章，鋅合金底，背面蝴蝶扣。',
    ],
    image: ['pin', 'f5a623', '1c1c1e'],
    points: 300,
    cash: 0,
    stock: 200,
  },
  {
    code: 'print-signed-photo',
    kind: 'physical',
    name: ['球星簽名相印刷版 A4', '球星签名照印刷版 A4', '球星簽名照印刷版 A4'],
    desc: [
      'A4 相紙印刷複製品（印刷簽名，非親筆），附白色卡紙框。',
      'A4 相纸印刷复制品（印刷签名，非亲笔），附白色卡纸框。',
      'A4 相紙印刷複製品（印刷簽名，非親筆），附白色卡紙框。',
    ],
    image: ['banner', '2b2d42', 'edf2f4'],
    points: 600,
    cash: 0,
    stock: 120,
  },
  {
    code: 'ball-replica-5',
    kind: 'physical',
    name: ['比賽用球複刻版（5 號）', '比赛用球复刻版（5 号）', '比賽用球複刻版（5 號）'],
    desc: [
      '聯賽比賽用球外觀複刻，5 號機縫 PU 球，適合草地同人造草。',
      '联赛比赛用球外观复刻，5 号机缝 PU 球，适合草地和人造草。',
      '聯賽比賽用球外觀複刻，5 號機縫 PU 球，適合草地與人工草皮。',
    ],
    image: ['ball', 'ffffff', 'e63946'],
    points: 1500,
    cash: 9900,
    stock: 40,
  },
  {
    code: 'ball-mini-1',
    kind: 'physical',
    name: ['簽名紀念迷你球（印刷）', '签名纪念迷你球（印刷）', '簽名紀念迷你球（印刷）'],
    desc: [
      '1 號紀念迷你球，球面印上全隊簽名（印刷），連透明展示座。',
      '1 号纪念迷你球，球面印有全队签名（印刷），附透明展示座。',
      '1 號紀念迷你球，球面印有全隊簽名（印刷），附透明展示座。',
    ],
    image: ['ball', 'f1faee', '1d3557'],
    points: 900,
    cash: 0,
    stock: 50,
  },
  {
    code: 'mug-matchday',
    kind: 'physical',
    name: ['比賽日陶瓷杯', '比赛日陶瓷杯', '比賽日陶瓷馬克杯'],
    desc: [
      '350ml 陶瓷杯，印有球聚比賽日圖案，可用洗碗碟機。',
      '350ml 陶瓷杯，印有球聚比赛日图案，可用洗碗机。',
      '350ml 陶瓷馬克杯，印有球聚比賽日圖案，可用洗碗機。',
    ],
    image: ['mug', '264653', 'e9c46a'],
    points: 450,
    cash: 0,
    stock: 90,
  },
  {
    code: 'cap-supporters',
    kind: 'physical',
    name: ['球迷會棒球帽', '球迷会棒球帽', '球迷會棒球帽'],
    desc: [
      '純棉斜紋棒球帽，可調較後扣，刺繡球聚標誌。',
      '纯棉斜纹棒球帽，可调节后扣，刺绣球聚标志。',
      '純棉斜紋棒球帽，可調整後扣，刺繡球聚標誌。',
    ],
    image: ['cap', '0b3d91', 'ffd166'],
    points: 700,
    cash: 3000,
    stock: 70,
  },
  {
    code: 'bottle-sport',
    kind: 'physical',
    name: ['運動水樽 750ml', '运动水壶 750ml', '運動水壺 750ml'],
    desc: [
      '不含 BPA 擠壓式運動水樽，750ml，踢波飲水一流。',
      '不含 BPA 挤压式运动水壶，750ml，踢球补水好帮手。',
      '不含 BPA 擠壓式運動水壺，750ml，踢球補水好幫手。',
    ],
    image: ['bottle', '2a9d8f', 'ffffff'],
    points: 400,
    cash: 0,
    stock: 150,
  },
  {
    code: 'pennant-derby',
    kind: 'physical',
    name: ['打吡紀念錦旗', '德比纪念锦旗', '德比紀念錦旗'],
    desc: [
      '絨面紀念錦旗，約 20 × 30 公分，連掛繩。',
      '绒面纪念锦旗，约 20 × 30 厘米，附挂绳。',
      '絨面紀念錦旗，約 20 × 30 公分，附掛繩。',
    ],
    image: ['pennant', '8d0801', 'f4d58d'],
    points: 350,
    cash: 0,
    stock: 0,
  },
  {
    code: 'coupon-30',
    kind: 'coupon',
    name: ['球迷商店 $30 優惠券', '球迷商店 $30 优惠券', '球迷商店 $30 優惠券'],
    desc: [
      '換領後即時存入「我的優惠券」，商品滿 HK$200 減 HK$30，30 日內有效。',
      '兑换后即时存入“我的优惠券”，商品满 HK$200 减 HK$30，30 日内有效。',
      '兌換後即時存入「我的優惠券」，商品滿 HK$200 折抵 HK$30，30 日內有效。',
    ],
    image: ['banner', 'e76f51', 'ffffff'],
    points: 300,
    cash: 0,
    stock: 500,
    coupon: [200_00, 30_00],
  },
  {
    code: 'coupon-80',
    kind: 'coupon',
    name: ['球迷商店 $80 優惠券', '球迷商店 $80 优惠券', '球迷商店 $80 優惠券'],
    desc: [
      '換領後即時存入「我的優惠券」，商品滿 HK$500 減 HK$80，30 日內有效。',
      '兑换后即时存入“我的优惠券”，商品满 HK$500 减 HK$80，30 日内有效。',
      '兌換後即時存入「我的優惠券」，商品滿 HK$500 折抵 HK$80，30 日內有效。',
    ],
    image: ['banner', 'c1121f', 'fdf0d5'],
    points: 750,
    cash: 0,
    stock: 300,
    coupon: [500_00, 80_00],
  },
  {
    code: 'perk-ad-free',
    kind: 'perk',
    name: ['會員免廣告 30 日', '会员免广告 30 天', '會員免廣告 30 天'],
    desc: [
      '30 日內睇直播、賽事頁唔會見到推廣橫額。換領即時生效，再換會順延。',
      '30 天内看直播、赛事页不显示推广横幅。兑换后即时生效，再次兑换顺延。',
      '30 天內觀看直播、賽事頁不顯示推廣橫幅。兌換後即時生效，再次兌換順延。',
    ],
    image: ['banner', '6a4c93', 'ffffff'],
    points: 1000,
    cash: 0,
    stock: 999,
    perk: ['ad_free', 30],
  },
  {
    code: 'perk-badge',
    kind: 'perk',
    name: ['金色球迷徽章（個人主頁）', '金色球迷徽章（个人主页）', '金色球迷徽章（個人主頁）'],
    desc: [
      '個人主頁同聊天室名旁顯示金色球迷徽章 90 日。換領即時生效，再換會順延。',
      '个人主页和聊天室昵称旁显示金色球迷徽章 90 天。兑换后即时生效，再次兑换顺延。',
      '個人主頁與聊天室暱稱旁顯示金色球迷徽章 90 天。兌換後即時生效，再次兌換順延。',
    ],
    image: ['pin', 'ffd700', '5c4400'],
    points: 1200,
    cash: 0,
    stock: 999,
    perk: ['gold_badge', 90],
  },
];
