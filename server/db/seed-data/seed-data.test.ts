import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { buildCountries, buildRegions, PROTOCOL_TYPES } from '../../../scripts/gen-seed-data';
import { LANGS, protocolVersions } from './chinese-wording';

const dir = import.meta.dirname;
const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

interface Country {
  iso: string;
  name_zh: string;
  name_zh_tr: string;
  phone_code: string;
  letter: string;
}
interface RegionNode {
  code: string;
  name_zh: string;
  name_zh_tr: string;
  children?: RegionNode[];
}

const countries = readJson<Country[]>('countries.json');
const regions = readJson<RegionNode[]>('regions.json');
const hot = readJson<RegionNode[]>('hot-regions.json');

describe('country picker data', () => {
  it('dials the right calling code for the places our users come from', () => {
    const code = (iso: string) => countries.find((c) => c.iso === iso)?.phone_code;
    expect([code('HK'), code('MO'), code('TW'), code('CN')]).toEqual(['852', '853', '886', '86']);
    expect([code('US'), code('CA'), code('GB'), code('JP'), code('KR')]).toEqual([
      '1',
      '1',
      '44',
      '81',
      '82',
    ]);
    expect([code('SG'), code('MY'), code('AU')]).toEqual(['65', '60', '61']);
  });

  it('files each country under the pinyin initial of its Chinese name, in index order', () => {
    expect(countries.length).toBeGreaterThan(220);
    expect(new Set(countries.map((c) => c.iso)).size).toBe(countries.length);
    for (const c of countries) {
      expect(c.letter).toBe(pinyin(c.name_zh, { pattern: 'first', toneType: 'none' })[0].toUpperCase());
    }
    const letters = countries.map((c) => c.letter);
    expect(letters).toEqual([...letters].sort());
    expect(countries.find((c) => c.iso === 'HK')).toMatchObject({
      name_zh: '中国香港',
      name_zh_tr: '中國香港',
    });
  });

  it('is what the generator makes from its sources', () => {
    expect(countries).toEqual(buildCountries());
  });
});

describe('city picker data', () => {
  const all: RegionNode[] = [];
  const walk = (nodes: RegionNode[]) => {
    for (const n of nodes) {
      all.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(regions);
  const top = (code: string) => regions.find((r) => r.code === code);

  it('offers Hong Kong districts, Macau parishes, Taiwan counties and every mainland province', () => {
    expect(regions).toHaveLength(34);
    expect(top('HK')?.children).toHaveLength(18);
    expect(top('TW')?.children).toHaveLength(22);
    expect(top('TW')?.children?.find((c) => c.code === 'TW-TPE')?.name_zh_tr).toBe('臺北市');
    expect(top('440000')?.children?.map((c) => c.name_zh)).toContain('深圳市');
    expect(top('MO')?.children?.length).toBeGreaterThanOrEqual(7);
  });

  it('gives every node a unique code and names, and leaves no empty child lists', () => {
    expect(new Set(all.map((n) => n.code)).size).toBe(all.length);
    for (const n of all) {
      expect(n.name_zh && n.name_zh_tr).toBeTruthy();
      if ('children' in n) expect(n.children?.length).toBeGreaterThan(0);
    }
    expect(regions).toEqual(buildRegions());
  });

  it('lists only hot cities that the picker can also find', () => {
    expect(hot.length).toBeGreaterThanOrEqual(12);
    const codes = new Set(all.map((n) => n.code));
    expect(hot.filter((h) => !codes.has(h.code))).toEqual([]);
  });
});

describe('protocol documents', () => {
  const titles = readJson<Record<string, Record<string, string>>>('protocols/index.json');
  const read = (type: string, lang: string) =>
    readFileSync(join(dir, 'protocols', `${type}.${lang}.html`), 'utf8');

  it('has a titled document in every language for every type', () => {
    expect(Object.keys(titles).sort()).toEqual([...PROTOCOL_TYPES].sort());
    const files = readdirSync(join(dir, 'protocols')).filter((f) => f.endsWith('.html'));
    expect(files).toHaveLength(PROTOCOL_TYPES.length * LANGS.length);
    expect(titles.privacy_protocol).toEqual({ zhhk: '私隱政策', zhcn: '隐私政策', zhtw: '隱私權政策' });
  });

  it('shows readers of each language the text generated from the Hong Kong original', () => {
    for (const type of PROTOCOL_TYPES) {
      const expected = protocolVersions(read(type, 'zhhk'));
      for (const lang of LANGS) expect(read(type, lang), `${type}.${lang}`).toBe(expected[lang]);
    }
  });

  it('words documents for each reader: simplified for zhcn, Taiwan terms for zhtw', () => {
    const service = { cn: read('service_protocol', 'zhcn'), tw: read('service_protocol', 'zhtw') };
    expect(service.cn).toContain('《隐私政策》');
    expect(service.cn).not.toMatch(/[們與個會]/);
    expect(service.tw).toContain('《隱私權政策》');
    expect(read('privacy_protocol', 'zhtw')).toContain('簡訊');
  });

  it('gives the same facts everywhere: support address, effective date, substantive length', () => {
    for (const type of PROTOCOL_TYPES) {
      const html = read(type, 'zhhk');
      expect(html, type).toContain('support@goalfan.hk');
      expect(html, type).toContain('2026年1月1日');
      expect(html, type).not.toMatch(/<(script|style|html|body)|\son\w+=/i);
      const chars = html.replace(/<[^>]+>/g, '').match(/[\u4e00-\u9fff]/g)?.length ?? 0;
      expect(chars, type).toBeGreaterThan(
        type === 'privacy_protocol' || type === 'service_protocol' ? 1500 : 300,
      );
    }
  });
});
