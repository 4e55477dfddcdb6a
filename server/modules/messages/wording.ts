/**
 * Hong Kong wording -> mainland and Taiwan wording, for the texts still converted when a message is
 * written (an operator's reason, a broadcast). OpenCC converts character by character (and a few
 * words), so 「佢哋睇咗」 would reach a mainland reader as 「佢哋睇咗」 in simplified glyphs: Cantonese.
 * These dictionaries run on the Hong Kong traditional text before OpenCC's script step, through
 * OpenCC's own longest-match trie (`CustomConverter`), so the longest phrase wins (呢個 before 呢).
 *
 * Entries are whole words and phrases a fan or an operator writes; lone particles that are also
 * Mandarin (呢 at the end of a question, 啦) are left alone. Generated texts (match reports, notices
 * from templates) do not pass through here: they are written per script from their own templates.
 */
import * as OpenCC from 'opencc-js';
import { loadCompetitions } from '../../db/seed-data/football';

/** Cantonese and HK terms shared by both targets (mainland and Taiwan say them the same way) */
const COMMON: [string, string][] = [
  // shields: Mandarin words holding a character reworded below (關係 is not 關是)
  ['關係', '關係'],
  ['係數', '係數'],
  ['維係', '維係'],
  ['仲裁', '仲裁'],
  ['伯仲', '伯仲'],
  ['佢哋', '他們'],
  ['我哋', '我們'],
  ['你哋', '你們'],
  ['佢', '他'],
  ['嘅', '的'],
  ['咗', '了'],
  ['唔係', '不是'],
  ['唔使', '不用'],
  ['唔該', '謝謝'],
  ['唔好', '不要'],
  ['唔會', '不會'],
  ['唔能夠', '不能'],
  ['唔', '不'],
  ['冇', '沒有'],
  ['係咪', '是不是'],
  ['係', '是'],
  ['喺', '在'],
  ['睇波', '看球'],
  ['睇', '看'],
  ['踢波', '踢球'],
  ['波鞋', '球鞋'],
  ['嘢', '東西'],
  ['乜嘢', '什麼'],
  ['咩', '什麼'],
  ['點解', '為什麼'],
  ['點樣', '怎樣'],
  ['而家', '現在'],
  ['琴日', '昨天'],
  ['聽日', '明天'],
  ['今日', '今天'],
  ['尋日', '昨天'],
  ['啲', '些'],
  ['呢個', '這個'],
  ['呢度', '這裡'],
  ['呢啲', '這些'],
  ['呢條', '這條'],
  ['呢篇', '這篇'],
  ['呢場', '這場'],
  ['嗰個', '那個'],
  ['嗰度', '那裡'],
  ['嗰啲', '那些'],
  ['嗰場', '那場'],
  ['嗰', '那'],
  ['邊個', '誰'],
  ['邊度', '哪裡'],
  ['咁樣', '這樣'],
  ['咁', '這麼'],
  ['嚟', '來'],
  ['攞', '拿'],
  ['畀', '給'],
  ['俾', '給'],
  ['同埋', '和'],
  ['仲有', '還有'],
  ['仲', '還'],
  ['揾', '找'],
  ['搵', '找'],
  ['諗', '想'],
  ['鍾意', '喜歡'],
  ['知道咗', '知道了'],
  ['冇問題', '沒問題'],
  ['已經刪咗', '已經刪除'],
  ['球證', '裁判'],
  ['旁證', '邊裁'],
  ['入球', '進球'],
  ['食詐糊', '假摔'],
  ['插水', '假摔'],
  ['搏十二碼', '騙點球'],
  ['落場', '上場'],
  ['後備', '替補'],
  ['短訊', '短信'],
  ['大細波', '大小球'],
];

/** mainland wording (still traditional glyphs: OpenCC simplifies afterwards) */
const TO_CN: [string, string][] = [
  ...COMMON,
  ['十二碼', '點球'],
  ['領隊', '主教練'],
  ['私隱', '隱私'],
  ['登入', '登錄'],
  ['上載', '上傳'],
  ['影片', '視頻'],
  ['帳戶', '賬戶'],
  ['帳號', '賬號'],
  ['電郵', '郵件'],
  ['質素', '質量'],
  ['訊息', '信息'],
  ['聯絡', '聯繫'],
  ['支援', '支持'],
  ['設定', '設置'],
];

/** Taiwan wording */
const TO_TW: [string, string][] = [
  ...COMMON.map(([hk, word]): [string, string] => (hk === '短訊' ? [hk, '簡訊'] : [hk, word])),
  ['十二碼', '罰球'],
  ['領隊', '總教練'],
  ['私隱', '隱私'],
  ['上載', '上傳'],
  ['質素', '品質'],
  ['電郵', '電子郵件'],
];

/**
 * Club and competition names as each region calls them (車路士 is 切尔西 on the mainland, 切爾西 in
 * Taiwan; 阿仙奴 is 阿森纳 / 兵工廠), from the seeded football data. The script step leaves a mainland
 * name's simplified glyphs as they are, so the name goes in as the mainland writes it.
 */
function names(): { zhcn: [string, string][]; zhtw: [string, string][] } {
  const cn: [string, string][] = [];
  const tw: [string, string][] = [];
  const glyphsCn = OpenCC.Converter({ from: 'hk', to: 'cn' });
  for (const c of loadCompetitions()) {
    // full names only: a short name (熱刺) may be a word of the full one (托特納姆熱刺) in another region
    for (const n of [c.name, ...c.clubs.map((club) => club.name)]) {
      const [, zhcn, zhhk, zhtw] = n;
      if (zhhk.length < 2) continue;
      if (zhcn && !zhcn.includes(glyphsCn(zhhk))) cn.push([zhhk, zhcn]);
      if (zhtw && !zhtw.includes(zhhk)) tw.push([zhhk, zhtw]);
    }
  }
  return { zhcn: cn, zhtw: tw };
}

type Convert = (s: string) => string;
let words: { zhcn: Convert; zhtw: Convert } | null = null;

/** Hong Kong traditional text reworded for mainland (`zhcn`, still traditional) or Taiwan (`zhtw`) readers */
export function reword(hkText: string, to: 'zhcn' | 'zhtw'): string {
  if (!words) {
    const n = names();
    // phrases after names: a phrase entry wins over a name with the same key
    words = {
      zhcn: OpenCC.CustomConverter([...n.zhcn, ...TO_CN]),
      zhtw: OpenCC.CustomConverter([...n.zhtw, ...TO_TW]),
    };
  }
  return words[to](hkText);
}
