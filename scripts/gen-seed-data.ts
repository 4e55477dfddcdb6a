// Regenerates server/db/seed-data/*.json and the zhcn/zhtw protocol documents from hand-written sources
// (sources/*.json and protocols/<type>.zhhk.html). The server reads the generated files, so they are
// committed; run `npx tsx scripts/gen-seed-data.ts` after editing a source. `--check` only validates.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { countries as phoneCountries } from 'countries-list';
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';

const require = createRequire(import.meta.url);
const seedDir = join(import.meta.dirname, '..', 'server', 'db', 'seed-data');
const sourceDir = join(seedDir, 'sources');
const protocolDir = join(seedDir, 'protocols');
const checkOnly = process.argv.includes('--check');

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
const cnToHk = (name: string) => HK_NAME_GLYPHS.reduce((s, [from, to]) => s.split(from).join(to), cnToHkVariant(name));
const hkToCn = OpenCC.Converter({ from: 'hk', to: 'cn' });
const hkToTw = OpenCC.Converter({ from: 'hk', to: 'twp' });

export const PROTOCOL_TYPES = [
  'privacy_protocol',
  'service_protocol',
  'recharge_protocol',
  'recharge_security_tips',
  'rank_rule_explanation',
  'lucky_bag_rule',
  'reward_notes',
  'live_use_protocol',
  'live_behavior_standards',
  'community_self_discipline_convention',
  'group_chat_convention',
  'account_cancellation_notice',
  'third_party_sharing_list',
  'ad_push_management',
  'points_rule',
  'rule_details',
  'user_donation_protocol',
  'plan_publish_rule',
  'expert_rank_rule',
] as const;

const ALLOWED_TAGS = new Set(['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'table', 'tr', 'td', 'th', 'br']);

// Hong Kong wording that opencc keeps as is but a mainland or Taiwan reader words differently.
// Proper names (the Ordinance, the company) are shielded first so they keep their official form.
const SHIELDED = ['個人資料（私隱）條例', '個人資料私隱專員公署', '球聚體育科技有限公司', '香港特別行政區'];
const HK_TO_CN_PHRASES: [string, string][] = [
  ['私隱', '隱私'],
  ['短訊', '短信'],
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
  ['網頁版', '網頁版'],
];
const HK_TO_TW_PHRASES: [string, string][] = [
  ['私隱政策', '隱私權政策'],
  ['私隱', '隱私'],
  ['短訊', '簡訊'],
  ['電郵', '電子郵件'],
  ['上載', '上傳'],
  ['質素', '品質'],
  ['賬', '帳'],
  ['流動電話', '手機'],
  ['網絡', '網路'],
  ['互聯網', '網際網路'],
];

function convertWording(text: string, phrases: [string, string][], convert: (s: string) => string): string {
  let out = text;
  SHIELDED.forEach((name, i) => {
    out = out.split(name).join(`\u0000${i}\u0000`);
  });
  for (const [from, to] of phrases) out = out.split(from).join(to);
  out = convert(out);
  SHIELDED.forEach((name, i) => {
    out = out.split(`\u0000${i}\u0000`).join(convert === hkToCn ? hkToCn(name) : name);
  });
  return out;
}

export const toZhcn = (hk: string) => convertWording(hk, HK_TO_CN_PHRASES, hkToCn);
export const toZhtw = (hk: string) => convertWording(hk, HK_TO_TW_PHRASES, hkToTw);

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function writeJson(path: string, value: unknown): void {
  if (!checkOnly) writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

const firstLetter = (zh: string) =>
  pinyin(zh, { pattern: 'first', toneType: 'none', type: 'array' })[0].toUpperCase();
const pinyinKey = (zh: string) => pinyin(zh, { toneType: 'none', separator: '' });

interface Country {
  iso: string;
  name_en: string;
  name_zh: string;
  name_zh_tr: string;
  phone_code: string;
  letter: string;
}

function buildCountries(): Country[] {
  const overrides = readJson<{
    exclude: string[];
    name_zh: Record<string, string>;
    name_zh_tr: Record<string, string>;
    name_en: Record<string, string>;
    phone_code: Record<string, string>;
  }>(join(sourceDir, 'country-overrides.json'));
  const zhNames = readJson<{ countries: Record<string, string | string[]> }>(
    require.resolve('i18n-iso-countries/langs/zh.json'),
  ).countries;
  const enNames = readJson<{ countries: Record<string, string | string[]> }>(
    require.resolve('i18n-iso-countries/langs/en.json'),
  ).countries;
  const first = (v: string | string[]) => (Array.isArray(v) ? v[0] : v);
  const list: Country[] = [];
  for (const iso of Object.keys(zhNames)) {
    if (overrides.exclude.includes(iso)) continue;
    const phone = overrides.phone_code[iso] ?? String(phoneCountries[iso as keyof typeof phoneCountries]?.phone[0] ?? '');
    if (!phone) throw new Error(`no calling code for ${iso}`);
    const nameZh = overrides.name_zh[iso] ?? first(zhNames[iso]);
    list.push({
      iso,
      name_en: overrides.name_en[iso] ?? first(enNames[iso]),
      name_zh: nameZh,
      name_zh_tr: overrides.name_zh_tr[iso] ?? cnToHk(nameZh),
      phone_code: phone,
      letter: firstLetter(nameZh),
    });
  }
  return list.sort((a, b) => a.letter.localeCompare(b.letter) || pinyinKey(a.name_zh).localeCompare(pinyinKey(b.name_zh)));
}

interface RegionNode {
  code: string;
  name_zh: string;
  name_zh_tr: string;
  children?: RegionNode[];
}

// Municipalities and the "directly administered county-level" groups are placeholders in the
// statistics data (市辖区, 县, 省直辖县级行政区划); a city picker shows what they contain instead.
const PLACEHOLDER_NAME = /^(市辖区|县|省直辖县级行政区划|自治区直辖县级行政区划)$/;
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);
const NOT_MAINLAND = new Set(['710000', '810000', '820000']);

function buildMainland(): RegionNode[] {
  const data = readJson<Record<string, Record<string, string>>>(require.resolve('china-area-data/data.json'));
  const leaf = (code: string, name: string): RegionNode => ({ code, name_zh: name, name_zh_tr: cnToHk(name) });
  const citiesOf = (provinceCode: string): RegionNode[] => {
    const cities: RegionNode[] = [];
    for (const [code, name] of Object.entries(data[provinceCode] ?? {})) {
      if (MUNICIPALITIES.has(provinceCode) || PLACEHOLDER_NAME.test(name)) {
        for (const [subCode, subName] of Object.entries(data[code] ?? {})) cities.push(leaf(subCode, subName));
      } else {
        cities.push(leaf(code, name));
      }
    }
    return cities;
  };
  return Object.entries(data['86'])
    .filter(([code]) => !NOT_MAINLAND.has(code))
    .map(([code, name]) => ({ ...leaf(code, name), children: citiesOf(code) }));
}

function buildRegions(): RegionNode[] {
  const special = readJson<{ regions: (RegionNode & { children: Partial<RegionNode>[] })[] }>(
    join(sourceDir, 'special-regions.json'),
  ).regions;
  const filled = special.map((region) => ({
    code: region.code,
    name_zh: region.name_zh,
    name_zh_tr: region.name_zh_tr,
    children: region.children.map((child) => ({
      code: child.code as string,
      name_zh: child.name_zh ?? hkToCn(child.name_zh_tr as string),
      name_zh_tr: child.name_zh_tr as string,
    })),
  }));
  return [...filled, ...buildMainland()];
}

function checkRegions(regions: RegionNode[]): Set<string> {
  const codes = new Set<string>();
  const visit = (node: RegionNode) => {
    if (codes.has(node.code)) throw new Error(`duplicate region code ${node.code}`);
    if (!node.name_zh || !node.name_zh_tr) throw new Error(`region ${node.code} lacks a name`);
    if (node.children && node.children.length === 0) throw new Error(`region ${node.code} has empty children`);
    codes.add(node.code);
    node.children?.forEach(visit);
  };
  regions.forEach(visit);
  return codes;
}

function checkCountries(list: Country[]): void {
  const seen = new Set<string>();
  for (const c of list) {
    if (seen.has(c.iso)) throw new Error(`duplicate country ${c.iso}`);
    seen.add(c.iso);
    if (!/^[A-Z]$/.test(c.letter)) throw new Error(`bad letter for ${c.iso}`);
    if (!/^[1-9]\d{0,3}$/.test(c.phone_code)) throw new Error(`bad calling code for ${c.iso}`);
  }
}

function checkHtml(type: string, lang: string, html: string): void {
  for (const match of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    const tag = match[1].toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) throw new Error(`${type}.${lang}: tag <${tag}> not allowed`);
    if (/\b(style|on\w+)\s*=/i.test(match[2])) throw new Error(`${type}.${lang}: attribute not allowed`);
  }
}

function buildProtocols(): void {
  const titles = readJson<Record<string, { zhhk: string; zhcn: string; zhtw: string }>>(
    join(sourceDir, 'protocol-titles.json'),
  );
  const index: Record<string, { zhhk: string; zhcn: string; zhtw: string }> = {};
  for (const type of PROTOCOL_TYPES) {
    if (!titles[type]) throw new Error(`no title for ${type}`);
    index[type] = titles[type];
    const hk = readFileSync(join(protocolDir, `${type}.zhhk.html`), 'utf8');
    const versions = { zhhk: hk, zhcn: toZhcn(hk), zhtw: toZhtw(hk) };
    for (const [lang, html] of Object.entries(versions)) {
      checkHtml(type, lang, html);
      if (lang !== 'zhhk' && !checkOnly) writeFileSync(join(protocolDir, `${type}.${lang}.html`), html);
    }
  }
  writeJson(join(protocolDir, 'index.json'), index);
}

function main(): void {
  const countries = buildCountries();
  checkCountries(countries);
  writeJson(join(seedDir, 'countries.json'), countries);

  const regions = buildRegions();
  const codes = checkRegions(regions);
  writeJson(join(seedDir, 'regions.json'), regions);

  const hot = readJson<{ hot: RegionNode[] }>(join(sourceDir, 'hot-regions.source.json')).hot;
  for (const city of hot) if (!codes.has(city.code)) throw new Error(`hot city ${city.code} not in regions`);
  writeJson(join(seedDir, 'hot-regions.json'), hot);

  buildProtocols();
  console.log(`countries ${countries.length}, regions ${codes.size} nodes, hot ${hot.length}`);
}

main();
