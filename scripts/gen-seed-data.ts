// Regenerates server/db/seed-data/*.json and the zhcn/zhtw protocol documents from hand-written sources
// (sources/*.json and protocols/<type>.zhhk.html). The server reads the generated files, so they are
// committed; run `npx tsx scripts/gen-seed-data.ts` after editing a source. `--check` only validates.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countries as phoneCountries } from 'countries-list';
import { pinyin } from 'pinyin-pro';
import {
  cnToHk,
  hkToCn,
  LANGS,
  type Lang,
  protocolVersions,
  type Titles,
} from '../server/db/seed-data/chinese-wording';
import { PROTOCOL_TYPES } from '../server/modules/config';

const require = createRequire(import.meta.url);
const seedDir = join(import.meta.dirname, '..', 'server', 'db', 'seed-data');
const sourceDir = join(seedDir, 'sources');
const protocolDir = join(seedDir, 'protocols');
const checkOnly = process.argv.includes('--check');

// one list of protocol types: the server's
export { PROTOCOL_TYPES };

const ALLOWED_TAGS = new Set([
  'h2',
  'h3',
  'p',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'table',
  'tr',
  'td',
  'th',
  'br',
]);

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

export function buildCountries(): Country[] {
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
    const phone =
      overrides.phone_code[iso] ?? String(phoneCountries[iso as keyof typeof phoneCountries]?.phone[0] ?? '');
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
  return list.sort(
    (a, b) => a.letter.localeCompare(b.letter) || pinyinKey(a.name_zh).localeCompare(pinyinKey(b.name_zh)),
  );
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
  const leaf = (code: string, name: string): RegionNode => ({
    code,
    name_zh: name,
    name_zh_tr: cnToHk(name),
  });
  const citiesOf = (provinceCode: string): RegionNode[] => {
    const cities: RegionNode[] = [];
    for (const [code, name] of Object.entries(data[provinceCode] ?? {})) {
      if (MUNICIPALITIES.has(provinceCode) || PLACEHOLDER_NAME.test(name)) {
        for (const [subCode, subName] of Object.entries(data[code] ?? {}))
          cities.push(leaf(subCode, subName));
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

export function buildRegions(): RegionNode[] {
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
    if (node.children && node.children.length === 0)
      throw new Error(`region ${node.code} has empty children`);
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

// A document that names another one (《...》) must use that document's title in the same language,
// otherwise a reader cannot find it; the Ordinance is the only outside name.
const OUTSIDE_TITLES = /個人資料（私隱）條例|个人资料（私隐）条例|私隱條例|私隐条例/;

function checkCrossReferences(type: string, lang: Lang, html: string, titles: Record<string, Titles>): void {
  const known = new Set(Object.values(titles).map((t) => t[lang]));
  for (const [, name] of html.matchAll(/《([^》]+)》/g)) {
    if (!known.has(name) && !OUTSIDE_TITLES.test(name))
      throw new Error(`${type}.${lang}: unknown document 《${name}》`);
  }
}

function buildProtocols(): void {
  const titles = readJson<Record<string, Titles>>(join(sourceDir, 'protocol-titles.json'));
  const index: Record<string, Titles> = {};
  const missing: string[] = [];
  for (const type of PROTOCOL_TYPES) {
    if (!titles[type]) throw new Error(`no title for ${type}`);
    index[type] = titles[type];
    const sourcePath = join(protocolDir, `${type}.zhhk.html`);
    if (!existsSync(sourcePath)) {
      missing.push(type);
      continue;
    }
    const hk = readFileSync(sourcePath, 'utf8');
    const versions = protocolVersions(hk);
    for (const lang of LANGS) {
      const html = versions[lang];
      checkHtml(type, lang, html);
      checkCrossReferences(type, lang, html, titles);
      if (lang !== 'zhhk' && !checkOnly) writeFileSync(join(protocolDir, `${type}.${lang}.html`), html);
    }
  }
  writeJson(join(protocolDir, 'index.json'), index);
  if (missing.length) throw new Error(`protocol sources missing: ${missing.join(', ')}`);
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

// Imported by the seed-data test to compare committed files with what the sources generate.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
