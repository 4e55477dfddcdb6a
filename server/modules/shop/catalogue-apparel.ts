/** Club merchandise of the demo catalogue: jerseys, training wear and scarves in each club's colours. */

import { APPAREL_SIZES, type Club, each, type ProductSeed, sku, type Tri, tri, WHITE } from './catalogue-kit';
import { contrastOn, type ImageKind, shopImageUrl } from './images';

export function jerseys(clubs: Club[], season: string): ProductSeed[] {
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

export function training(clubs: Club[]): ProductSeed[] {
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

export function scarves(clubs: Club[]): ProductSeed[] {
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
