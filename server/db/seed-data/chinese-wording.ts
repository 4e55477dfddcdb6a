// Chinese wording for the three locales of the seed data: Hong Kong text is the source, mainland
// (zhcn) and Taiwan (zhtw) versions are generated from it, and mainland place names get a Hong Kong
// traditional form. Used by scripts/gen-seed-data.ts and the seed-data test.
import * as OpenCC from 'opencc-js';

const cnToHkVariant = OpenCC.Converter({ from: 'cn', to: 'hk' });
// opencc's hk variant picks glyphs (羣, 峯, 衞, 敍, 裏 in 馬裏) that Hong Kong place names rarely use.
const HK_NAME_GLYPHS: [string, string][] = [
  ['羣', '群'],
  ['峯', '峰'],
  ['衞', '衛'],
  ['温', '溫'],
  ['敍', '敘'],
  ['脱', '脫'],
  ['裏', '里'],
];
export const cnToHk = (name: string) =>
  HK_NAME_GLYPHS.reduce((s, [from, to]) => s.split(from).join(to), cnToHkVariant(name));
export const hkToCn = OpenCC.Converter({ from: 'hk', to: 'cn' });
const hkToTw = OpenCC.Converter({ from: 'hk', to: 'twp' });

// Hong Kong wording that opencc keeps as is but a mainland or Taiwan reader words differently.
// Proper names (the Ordinance, the company) are shielded first so they keep their official form.
const SHIELDED = [
  '個人資料（私隱）條例',
  '《私隱條例》',
  '個人資料私隱專員公署',
  '球聚體育科技有限公司',
  '香港特別行政區',
];
const HK_TO_CN_PHRASES: [string, string][] = [
  ['私隱', '隱私'],
  ['短訊', '短信'],
  ['電郵至', '發送郵件至'],
  ['電郵：', '郵箱：'],
  ['電郵地址', '電子郵箱'],
  ['電郵', '郵件'],
  ['登入', '登錄'],
  ['上載', '上傳'],
  ['質素', '質量'],
  ['預設', '默認'],
  ['設定', '設置'],
  ['支援', '支持'],
  ['影片', '視頻'],
  ['程式', '程序'],
  ['連結', '鏈接'],
  ['帳戶', '賬戶'],
  ['帳號', '賬號'],
  ['私訊', '私信'],
  ['流動電話', '手機'],
  ['暱稱', '昵稱'],
  ['裝置', '設備'],
  ['作業系統', '操作系統'],
  ['紀錄', '記錄'],
  ['訊息', '信息'],
  ['本機儲存', '本地存儲'],
  ['儲存', '存儲'],
  ['營運', '運營'],
  ['聯絡', '聯繫'],
  ['介面', '界面'],
  ['甚麼', '什麼'],
  ['入球', '進球'],
  ['細閱', '仔細閱讀'],
  ['視乎', '視'],
];
const CN_AFTER: [string, string][] = [
  ['「', '“'],
  ['」', '”'],
  ['『', '‘'],
  ['』', '’'],
];
const HK_TO_TW_PHRASES: [string, string][] = [
  ['私隱政策', '隱私權政策'],
  ['私隱', '隱私'],
  ['短訊', '簡訊'],
  ['電郵至', '來信至'],
  ['電郵', '電子郵件'],
  ['上載', '上傳'],
  ['質素', '品質'],
  ['賬', '帳'],
  ['流動電話', '手機'],
  ['網絡', '網路'],
  ['互聯網', '網際網路'],
  ['充值', '儲值'],
  ['推送', '推播'],
  ['發佈', '發布'],
  ['甚麼', '什麼'],
  ['入球', '進球'],
  ['細閱', '詳閱'],
  ['視乎', '視'],
];
// opencc's Taiwan phrase table is tuned for software texts: 發布 becomes a release (釋出), 代碼 source
// code (程式碼), 註銷 a logout (登出), 類型 a data type (型別), 權限 a permission (許可權).
const TW_AFTER: [string, string][] = [
  ['釋出', '發布'],
  ['程式碼', '代碼'],
  ['登出', '註銷'],
  ['型別', '類型'],
  ['許可權', '權限'],
  ['儲存期限', '保存期限'],
];

// Words opencc's Taiwan phrase table rewrites although Taiwan uses them as written here
// (支持 a team is not 支援, a disclaimer is 免責聲明, not 宣告).
const TW_KEEP = ['支持', '保存', '聲明', '綁定'];

function convertWording(
  text: string,
  target: {
    phrases: [string, string][];
    convert: (s: string) => string;
    keep: string[];
    after: [string, string][];
  },
): string {
  const shielded = [...SHIELDED, ...target.keep];
  let out = text;
  shielded.forEach((word, i) => {
    out = out.split(word).join(`\u0000${i}\u0000`);
  });
  for (const [from, to] of target.phrases) out = out.split(from).join(to);
  out = target.convert(out);
  const restoreAs = (word: string) => (target.convert === hkToCn ? hkToCn(word) : word);
  shielded.forEach((word, i) => {
    out = out.split(`\u0000${i}\u0000`).join(restoreAs(word));
  });
  for (const [from, to] of target.after) out = out.split(from).join(to);
  return out;
}

export const LANGS = ['zhhk', 'zhcn', 'zhtw'] as const;
export type Lang = (typeof LANGS)[number];
export type Titles = Record<Lang, string>;

export const protocolVersions = (hk: string): Titles => ({ zhhk: hk, zhcn: toZhcn(hk), zhtw: toZhtw(hk) });

export const toZhcn = (hk: string) =>
  convertWording(hk, { phrases: HK_TO_CN_PHRASES, convert: hkToCn, keep: [], after: CN_AFTER });
export const toZhtw = (hk: string) =>
  convertWording(hk, { phrases: HK_TO_TW_PHRASES, convert: hkToTw, keep: TW_KEEP, after: TW_AFTER });
