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
});
