import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { operatorLogin } from '../ops/test-helpers';
import { escapeKey, parseCsv, unescapeKey } from './locale-transfer';
import { readXliff, writeXliff } from './xliff';

let t: TestApp;
let admin: { token: string; userId: number };
const OPS = '/mdr/api/v1/ops/config';

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorLogin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('CSV cells', () => {
  it('reads quoted cells with commas, quotes and line breaks', () => {
    expect(parseCsv('key,zhhk\r\na.b,"x, ""y""\nz"\r\n')).toEqual([
      ['key', 'zhhk'],
      ['a.b', 'x, "y"\nz'],
    ]);
  });
});

describe('XLIFF 2.0 files', () => {
  it('round-trips keys, markup-like text, placeholders and empty targets through real XML', async () => {
    const xml = await writeXliff('zhtw', [
      ['a.b', '<b>你好</b> & {{count}} 個', '<b>你好</b> & {{count}} 個'],
      ['c', '完成', ''],
    ]);
    expect(xml).toContain('srcLang="zh-HK" trgLang="zh-TW"');
    expect(xml).toContain('&lt;b&gt;你好&lt;/b&gt; &amp; {{count}}');
    const back = await readXliff(xml);
    expect(back.target).toBe('zhtw');
    expect(back.units.get('a.b')).toEqual({
      source: '<b>你好</b> & {{count}} 個',
      target: '<b>你好</b> & {{count}} 個',
    });
    expect(back.units.get('c')).toEqual({ source: '完成', target: '' });
  });

  it('refuses broken XML, an XLIFF 1.2 file and other languages', async () => {
    await expect(readXliff('<xliff version="2.0" srcLang="zh-HK" trgLang="zh-CN"><file')).rejects.toThrow();
    await expect(readXliff('<xliff version="1.2"><file source-language="en"/></xliff>')).rejects.toThrow();
    await expect(
      readXliff(
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="zh-CN"/>',
      ),
    ).rejects.toThrow(/srcLang/);
    await expect(
      readXliff(
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="zh-HK" trgLang="ja"/>',
      ),
    ).rejects.toThrow(/trgLang/);
  });
});

describe('translators offline: export, import with a dry run, changed since', () => {
  it('exports XLIFF 2.0 (zhhk source, one target) and imports it back: dry run, drafts, round trip', async () => {
    const out = await t.call('GET', `${OPS}/locale-export?format=xliff&lang=zhcn`, { token: admin.token });
    expect(out.code).toBe(0);
    expect(out.data.filename).toBe('locales.zhhk-zhcn.xlf');
    const file = await readXliff(out.data.text);
    expect(file.units.get('tabs.match')).toEqual({ source: '比賽', target: '比赛' });
    expect(file.units.size).toBe(out.data.keys);
    // the file as exported changes nothing
    const same = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'xliff', text: out.data.text, dry_run: true },
    });
    expect(same.code).toBe(0);
    expect(same.data.total).toBe(0);
    // a translator's tool changed one target (and the source, which is not imported)
    const edited = await writeXliff(
      'zhcn',
      [...file.units].map(([k, u]): [string, string, string] =>
        k === 'tabs.match' ? [k, '賽事', '赛程'] : [k, u.source, u.target],
      ),
    );
    expect(edited).not.toBe(out.data.text);
    const dry = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'xliff', text: edited, dry_run: true },
    });
    expect(dry.data.changes).toEqual([{ key: 'tabs.match', lang: 'zhcn', before: '比赛', after: '赛程' }]);
    const applied = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'xliff', text: edited, base: dry.data.base },
    });
    expect(applied.data.saved).toEqual(['zhcn']);
    const again = await t.call('GET', `${OPS}/locale-export?format=xliff&lang=zhcn`, { token: admin.token });
    expect((await readXliff(again.data.text)).units.get('tabs.match')).toEqual({
      source: '比賽',
      target: '赛程',
    });
    // put it back for the other tests
    const back = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'xliff', text: out.data.text },
    });
    expect(back.data.saved).toEqual(['zhcn']);
    const junk = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'xliff', text: '<xliff version="2.0"><file', dry_run: true },
    });
    expect(junk.code).toBe(100400);
  });

  it('exports every key in the three languages as JSON and CSV', async () => {
    const json = await t.call('GET', `${OPS}/locale-export?format=json`, { token: admin.token });
    expect(json.code).toBe(0);
    const texts = JSON.parse(json.data.text);
    expect(texts['tabs.match']).toEqual({ zhhk: '比賽', zhcn: '比赛', zhtw: '比賽' });
    expect(json.data.keys).toBe(Object.keys(texts).length);
    const csv = await t.call('GET', `${OPS}/locale-export?format=csv`, { token: admin.token });
    const rows = parseCsv(csv.data.text);
    expect(rows[0]).toEqual(['key', 'zhhk', 'zhcn', 'zhtw']);
    expect(rows).toContainEqual(['tabs.match', '比賽', '比赛', '比賽']);
    expect(rows.length - 1).toBe(json.data.keys);
  });

  it('reports what an import would change (dry run), then saves drafts; the same file again changes nothing', async () => {
    const before = await t.call('GET', `${OPS}/locale-export?format=csv`, { token: admin.token });
    const edited = before.data.text
      .replace('tabs.database,資料庫,资料库,資料庫', 'tabs.database,數據中心,数据中心,資料中心')
      .replace(/^tabs\.discover,.*$/m, 'tabs.discover,,,發現頻道');
    expect(edited).not.toBe(before.data.text);
    const dry = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'csv', text: edited, dry_run: true },
    });
    expect(dry.code).toBe(0);
    expect(dry.data.saved).toEqual([]);
    const changed = dry.data.changes.map((c: { key: string; lang: string }) => `${c.lang}:${c.key}`).sort();
    expect(changed).toContain('zhhk:tabs.database');
    expect(changed).toContain('zhtw:tabs.discover');
    // an empty cell is no change
    expect(changed).not.toContain('zhhk:tabs.discover');
    // nothing saved by the dry run
    const still = await t.call('GET', `${OPS}/locale-keys?q=tabs.database`, { token: admin.token });
    expect(still.data.list[0].zhhk).toBe('資料庫');

    const applied = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'csv', text: edited, base: dry.data.base },
    });
    expect(applied.code).toBe(0);
    expect(applied.data.saved.sort()).toEqual(
      [...new Set(dry.data.changes.map((c: { lang: string }) => c.lang))].sort(),
    );
    const row = await t.call('GET', `${OPS}/locale-keys?q=tabs.database`, { token: admin.token });
    expect(row.data.list[0]).toMatchObject({ zhhk: '數據中心', zhcn: '数据中心', zhtw: '資料中心' });
    const again = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'csv', text: edited, dry_run: true },
    });
    expect(again.data.total).toBe(0);

    // changed since version 1 (the seed): the imported keys, and only keys changed by someone
    const since = await t.call('GET', `${OPS}/locale-keys?since=v1&size=50`, { token: admin.token });
    const keys = since.data.list.map((r: { key: string }) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['tabs.database', 'tabs.discover']));
    expect(keys).not.toContain('tabs.match');
    // since a date after the import: nothing
    const later = new Date(Date.now() + 60_000).toISOString();
    const none = await t.call('GET', `${OPS}/locale-keys?since=${encodeURIComponent(later)}`, {
      token: admin.token,
    });
    expect(none.data.total).toBe(0);
    const bad = await t.call('GET', `${OPS}/locale-keys?since=yesterday`, { token: admin.token });
    expect(bad.code).toBe(100400);
  });

  it('keys holding `/` (page titles by route path) round-trip through JSON, CSV and XLIFF', async () => {
    const KEY = 'routes./shop/integral/index';
    expect(escapeKey(KEY, 'json')).toBe(KEY);
    expect(escapeKey(KEY, 'xliff')).toBe('routes.~1shop~1integral~1index');
    expect(escapeKey('a.x~y/z', 'xliff')).toBe('a.x~0y~1z');
    for (const f of ['json', 'csv', 'xliff'] as const)
      expect(unescapeKey(escapeKey('a.x~y/z', f))).toBe('a.x~y/z');

    const json = await t.call('GET', `${OPS}/locale-export?format=json`, { token: admin.token });
    expect(JSON.parse(json.data.text)[KEY]).toEqual({ zhhk: '積分商城', zhcn: '积分商城', zhtw: '點數商城' });
    const csv = await t.call('GET', `${OPS}/locale-export?format=csv`, { token: admin.token });
    expect(parseCsv(csv.data.text)).toContainEqual([KEY, '積分商城', '积分商城', '點數商城']);
    const xlf = await t.call('GET', `${OPS}/locale-export?format=xliff&lang=zhtw`, { token: admin.token });
    expect(xlf.data.text).toContain('id="routes.~1shop~1integral~1index"');
    expect((await readXliff(xlf.data.text)).units.get('routes.~1shop~1integral~1index')).toEqual({
      source: '積分商城',
      target: '點數商城',
    });

    // each file as exported changes nothing; edited, the key with `/` is changed (not skipped)
    const edits = {
      json: json.data.text.replace('"zhtw": "點數商城"', '"zhtw": "紅利商城"'),
      csv: csv.data.text.replace(`${KEY},積分商城,积分商城,點數商城`, `${KEY},,,紅利商城`),
      xliff: xlf.data.text.replace('<target>點數商城</target>', '<target>紅利商城</target>'),
    };
    for (const [format, text] of Object.entries({
      json: json.data.text,
      csv: csv.data.text,
      xliff: xlf.data.text,
    })) {
      const same = await t.call('POST', `${OPS}/locale-import`, {
        token: admin.token,
        body: { format, text, dry_run: true },
      });
      expect(same.data, format).toMatchObject({ total: 0, skipped: [] });
      const dry = await t.call('POST', `${OPS}/locale-import`, {
        token: admin.token,
        body: { format, text: edits[format as keyof typeof edits], dry_run: true },
      });
      expect(dry.data.skipped, format).toEqual([]);
      expect(dry.data.changes, format).toEqual([
        { key: KEY, lang: 'zhtw', before: '點數商城', after: '紅利商城' },
      ]);
    }
    // written with the escape in a JSON file, it is the same key
    const escaped = JSON.stringify({ 'routes.~1shop~1integral~1index': { zhtw: '紅利商城' } });
    const dry = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'json', text: escaped, dry_run: true },
    });
    expect(dry.data.changes).toEqual([{ key: KEY, lang: 'zhtw', before: '點數商城', after: '紅利商城' }]);
  });

  it('refuses a file that is not the export format, and an import with a stale base (a conflict)', async () => {
    const junk = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'csv', text: 'a,b\n1,2', dry_run: true },
    });
    expect(junk.code).toBe(100400);
    // the report was made, then someone saved a zhtw draft: applying it now is a conflict
    const text = JSON.stringify({ 'tabs.match': { zhtw: '賽事' } });
    const dry = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'json', text, dry_run: true },
    });
    expect(dry.data.total).toBe(1);
    const between = await t.call('PUT', `${OPS}/locale/zhtw/draft`, {
      token: admin.token,
      body: { patch: { 'tabs.experts': '名家' }, base_version: dry.data.base.zhtw },
    });
    expect(between.code).toBe(0);
    const stale = await t.call('POST', `${OPS}/locale-import`, {
      token: admin.token,
      body: { format: 'json', text, base: dry.data.base },
    });
    expect(stale.code).toBe(180101);
  });
});

describe('the preview link', () => {
  it("opens a screen's first route, and the match tab for other documents", async () => {
    const audit = await t.call('GET', `${OPS}/screen/ops.audit`, { token: admin.token });
    expect(audit.data.preview_path).toBe('/ops/audit');
    const locale = await t.call('GET', `${OPS}/locale/zhhk`, { token: admin.token });
    expect(locale.data.preview_path).toBe('/match');
  });
});

describe('script-conversion suggestions', () => {
  it('suggests simplified and Taiwan texts from the Hong Kong one, placeholders untouched', async () => {
    const r = await t.call('POST', `${OPS}/locale-suggest`, {
      token: admin.token,
      body: { zhhk: '共 {{count}} 場 · 發佈於 {{time}}' },
    });
    expect(r.code).toBe(0);
    expect(r.data.zhcn).toBe('共 {{count}} 场 · 发布于 {{time}}');
    expect(r.data.zhtw).toContain('{{count}}');
    expect(r.data.zhtw).toContain('場');
    expect(r.data.from).toBe('zhhk');
  });

  it('suggests in every direction, naming the source: from simplified and from Taiwan texts', async () => {
    const cn = await t.call('POST', `${OPS}/locale-suggest`, {
      token: admin.token,
      body: { from: 'zhcn', zhcn: '数据库有 {{count}} 个软件' },
    });
    expect(cn.data).toEqual({
      from: 'zhcn',
      zhcn: '数据库有 {{count}} 个软件',
      zhhk: '數據庫有 {{count}} 個軟件',
      zhtw: '資料庫有 {{count}} 個軟體',
    });
    const tw = await t.call('POST', `${OPS}/locale-suggest`, {
      token: admin.token,
      body: { from: 'zhtw', zhtw: '資料庫有 {{count}} 個軟體', zhhk: '舊' },
    });
    expect(tw.data).toMatchObject({
      from: 'zhtw',
      zhhk: '數據庫有 {{count}} 個軟件',
      zhcn: '数据库有 {{count}} 个软件',
    });
    const none = await t.call('POST', `${OPS}/locale-suggest`, {
      token: admin.token,
      body: { from: 'zhcn' },
    });
    expect(none.code).toBe(100400);
  });
});
