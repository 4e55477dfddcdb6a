/** The shop's own-label accessories and the club collectibles of the demo catalogue. */
import { type Club, each, type ProductSeed, sku, type Tri, tri } from './catalogue-kit';
import { contrastOn, type ImageKind, shopImageUrl } from './images';

export function accessories(): ProductSeed[] {
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

export function collectibles(byCode: Map<string, Club>): ProductSeed[] {
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
