import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { operatorLogin } from '../ops/test-helpers';

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

describe('translators: the locale table and placeholder checks', () => {
  it('lists a key in the three languages side by side, searchable by key or text', async () => {
    const r = await t.call('GET', `${OPS}/locale-keys?q=tabs.match&size=5`, { token: admin.token });
    expect(r.code).toBe(0);
    expect(r.data.list[0]).toMatchObject({
      key: 'tabs.match',
      zhhk: '比賽',
      zhcn: '比赛',
      zhtw: '比賽',
      missing: [],
      base: { zhhk: 1, zhcn: 1, zhtw: 1 },
    });
    const byText = await t.call('GET', `${OPS}/locale-keys?q=${encodeURIComponent('命中率')}&size=50`, {
      token: admin.token,
    });
    expect(byText.data.list.map((x: { key: string }) => x.key)).toContain('experts.personal.summary');
    // every draft passes the checks, so the repo's texts have no key missing in a language
    const missing = await t.call('GET', `${OPS}/locale-keys?filter=missing`, { token: admin.token });
    expect(missing.data.total).toBe(0);
  });

  it('refuses a text that drops a placeholder ({{count}}), naming the key; keeps one that moves it', async () => {
    const refused = await t.call('PUT', `${OPS}/locale/zhcn/draft`, {
      token: admin.token,
      body: {
        patch: { 'experts.personal.summary': '共几场 · 红 {{hits}} · 命中率 {{rate}}%' },
        base_version: 1,
      },
    });
    expect(refused.code).toBe(180102);
    expect(refused.data.problems[0]).toMatchObject({
      file: 'locales/zhcn.json',
      pointer: '/experts/personal/summary',
      key: 'opsConfig.problem.placeholders',
      args: { key: 'experts.personal.summary', want: 'count, hits, rate', got: 'hits, rate' },
    });
    const saved = await t.call('PUT', `${OPS}/locale/zhcn/draft`, {
      token: admin.token,
      body: {
        patch: { 'experts.personal.summary': '命中率 {{rate}}% · {{count}} 场红 {{hits}}' },
        base_version: 1,
      },
    });
    expect(saved.code).toBe(0);
    const row = await t.call('GET', `${OPS}/locale-keys?q=experts.personal.summary`, { token: admin.token });
    expect(row.data.list[0]).toMatchObject({
      zhcn: '命中率 {{rate}}% · {{count}} 场红 {{hits}}',
      base: { zhcn: 2 },
    });
  });

  it('renames a placeholder in all three languages at once: each is checked against the texts saved with it', async () => {
    const row = await t.call('GET', `${OPS}/locale-keys?q=opsConfig.seedAt`, { token: admin.token });
    const { base, zhhk, zhcn } = row.data.list[0];
    const texts = { zhhk: '內置版本 · {{at}}', zhcn: '内置版本 · {{at}}', zhtw: '內建版本 · {{at}}' };
    // one language alone may not differ from the other two
    const alone = await t.call('PUT', `${OPS}/locale-keys`, {
      token: admin.token,
      body: { key: 'opsConfig.seedAt', base, zhhk, zhcn, zhtw: texts.zhtw },
    });
    expect(alone.code).toBe(180102);
    expect(alone.data.problems[0]).toMatchObject({
      file: 'locales/zhtw.json',
      key: 'opsConfig.problem.placeholders',
    });
    const r = await t.call('PUT', `${OPS}/locale-keys`, {
      token: admin.token,
      body: { key: 'opsConfig.seedAt', base, ...texts },
    });
    expect(r.code).toBe(0);
    expect(r.data.saved).toEqual(['zhhk', 'zhcn', 'zhtw']);
    const after = await t.call('GET', `${OPS}/locale-keys?q=opsConfig.seedAt`, { token: admin.token });
    expect(after.data.list[0]).toMatchObject(texts);
  });
});

describe("the JSON editor's schema", () => {
  it('bundles the screen schema into one document whose node type lists the widget types', async () => {
    const r = await t.call('GET', `${OPS}/screen/match.home/schema`, { token: admin.token });
    expect(r.code).toBe(0);
    const defs = r.data.schema.$defs;
    expect(Object.keys(defs)).toEqual(expect.arrayContaining(['node.schema.json', 'common.schema.json']));
    expect(defs['node.schema.json'].properties.type.enum).toEqual(
      expect.arrayContaining(['match-card', 'field-json-editor', 'use', 'form']),
    );
    // every reference is local: the editor resolves no other file
    const refs = JSON.stringify(r.data.schema).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((x) => x.startsWith('"$ref":"#'))).toBe(true);
    const rules = await t.call('GET', `${OPS}/rules/rules/schema`, { token: admin.token });
    expect(rules.data.schema.title).toBeTruthy();
    const none = await t.call('GET', `${OPS}/screen/no.such.screen/schema`, { token: admin.token });
    expect(none.code).toBe(100404);
  });
});
