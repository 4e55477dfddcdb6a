import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { opsAudit } from '../../db/schema';
import { documentedRoutes } from '../../http/openapi';
import { createTestApp, type TestApp } from '../../test/harness';
import { rulesDocument } from '../config';
import { operatorLogin } from '../ops/test-helpers';
import { contentHash, seedFiles } from './catalogue';
import { seedConfigDocs } from './seed';
import { unknownApiPaths } from './validate';

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

const get = (path: string, token = admin.token) => t.call('GET', `${OPS}/${path}`, { token });
const draft = (path: string, body: object, token = admin.token) =>
  t.call('PUT', `${OPS}/${path}/draft`, { token, body });
const publish = (path: string, note: string, token = admin.token) =>
  t.call('POST', `${OPS}/${path}/publish`, { token, body: { note } });
/** the server's rules document as the plan rules read it */
const planRules = () => (rulesDocument() as { plan: Record<string, { value: number }> }).plan;
const manifest = async () => (await t.call('GET', '/mdr/api/v1/app-config')).data;

describe('config documents', () => {
  it('seeds every repo file as version 1 and lists them by kind', async () => {
    const list = await t.call('GET', `${OPS}?kind=status&size=100`, { token: admin.token });
    expect(list.code).toBe(0);
    expect(list.data.list.map((d: { name: string }) => d.name)).toContain('plan-result');
    expect(list.data.list[0]).toMatchObject({ kind: 'status', status: 'published', published_version: 1 });
    const doc = await get('screen/match.home');
    expect(doc.data).toMatchObject({ file: 'screens/match/home.json', head_version: 1, status: 'published' });
    expect(doc.data.versions).toHaveLength(1);
    expect((await get('screen/no.such-screen')).code).toBe(100404);
    // nothing changed yet: the app has nothing to fetch
    expect((await manifest()).docs).toEqual({});
  });

  it('every API path the repo screens name is a route of this server (the check drafts get)', () => {
    const urls = documentedRoutes(t.app).map((r) => r.url);
    const problems = seedFiles()
      .filter((f) => f.kind === 'screen')
      .flatMap((f) => unknownApiPaths(f.body, `screens/${f.name.split('.').join('/')}.json`, urls));
    expect(problems).toEqual([]);
  });

  it('optimistic locking: the second save on the same base gets a conflict', async () => {
    const doc = (await get('locale/zhcn')).data;
    const first = await draft('locale/zhcn', {
      patch: { 'common.retry': '再试一次' },
      base_version: doc.head_version,
    });
    expect(first.code).toBe(0);
    expect(first.data.version).toBe(doc.head_version + 1);
    const second = await draft('locale/zhcn', {
      patch: { 'common.retry': '重新尝试' },
      base_version: doc.head_version,
    });
    expect(second.code).toBe(180101);
    expect(second.data).toEqual({ head_version: doc.head_version + 1 });
    expect((await get('locale/zhcn')).data.head.common.retry).toBe('再试一次');
    // saving the newest content again changes nothing and is refused
    const same = await draft('locale/zhcn', {
      patch: { 'common.retry': '再试一次' },
      base_version: doc.head_version + 1,
    });
    expect(same.code).toBe(180102);
    expect(same.data.problems[0].message).toContain('no change');
  });

  it('refuses an invalid screen draft with JSON pointers: unknown widget, broken expression, unknown API path', async () => {
    const doc = (await get('screen/ops.audit')).data;
    const body = structuredClone(doc.head);
    body.body.children = [
      { type: 'no-such-widget' },
      { type: 'text', props: { text: '{{ data.( }}' } },
      ...body.body.children,
    ];
    const first = Object.keys(body.data ?? {})[0];
    body.data[first].request.path = '/mdr/api/v1/ops/no-such-list';
    const r = await draft('screen/ops.audit', { content: body, base_version: doc.head_version });
    expect(r.code).toBe(180102);
    const mine = r.data.problems.filter((p: { file: string }) => p.file === 'screens/ops/audit.json');
    expect(mine).toContainEqual(
      expect.objectContaining({
        pointer: '/body/children/0/type',
        message: expect.stringContaining('no-such-widget'),
        // the console shows it in the operator's language
        key: 'opsConfig.problem.widget',
        args: { type: 'no-such-widget' },
      }),
    );
    expect(mine.some((p: { pointer: string }) => p.pointer.startsWith('/body/children/1/props'))).toBe(true);
    expect(mine).toContainEqual(
      expect.objectContaining({
        pointer: `/data/${first}/request/path`,
        message: expect.stringContaining('unknown data source'),
        key: 'opsConfig.problem.apiPath',
      }),
    );
    // unparseable text from the console's editor: refused at the root
    const text = await draft('screen/ops.audit', { content: '{"id": ', base_version: doc.head_version });
    expect(text.code).toBe(180102);
    expect(text.data.problems[0]).toMatchObject({ pointer: '', key: 'opsConfig.problem.json' });
    // and nothing was saved
    expect((await get('screen/ops.audit')).data.head_version).toBe(doc.head_version);
    // the validate endpoint answers the same without saving
    const v = await t.call('POST', `${OPS}/screen/ops.audit/validate`, {
      token: admin.token,
      body: { content: body, base_version: doc.head_version },
    });
    expect(v.data.valid).toBe(false);
  });

  it('publish: the manifest hash changes, the document is served by hash, rules apply at once, audited', async () => {
    expect(planRules().contentMin).toMatchObject({ value: 50 });
    const before = await manifest();
    const doc = (await get('rules/rules')).data;
    const rules = structuredClone(doc.head);
    rules.plan.contentMin.value = 60;
    const saved = await draft('rules/rules', { content: rules, base_version: doc.head_version });
    expect(saved.code).toBe(0);
    // a draft changes nothing the app or the server reads, also once the manifest's few-second cache has
    // expired (saving can take that long on a busy database)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10_000 });
    try {
      expect((await manifest()).hash).toBe(before.hash);
    } finally {
      vi.useRealTimers();
    }
    expect(planRules().contentMin).toMatchObject({ value: 50 });
    expect((await publish('rules/rules', '   ')).code).toBe(100400);
    const pub = await publish('rules/rules', '方案內容最少 60 字');
    expect(pub.code).toBe(0);
    expect(planRules().contentMin).toMatchObject({ value: 60 });
    const after = await manifest();
    expect(after.hash).not.toBe(before.hash);
    expect(after.docs['rules/rules']).toEqual({ hash: pub.data.hash, seed: false });
    const served = await t.app.inject({ method: 'GET', url: `/mdr/api/v1/app-config/${pub.data.hash}` });
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.json().data.plan.contentMin.value).toBe(60);
    expect((await publish('rules/rules', 'again')).code).toBe(180103);
    const audit = await t.db.select().from(opsAudit).where(eq(opsAudit.action, 'config.publish'));
    expect(audit).toContainEqual(
      expect.objectContaining({ targetId: 'rules/rules', operatorId: admin.userId }),
    );
  });

  it('rollback publishes an earlier version in one step, audited, and the diff shows the change', async () => {
    const doc = (await get('rules/rules')).data;
    const diff = await t.call('GET', `${OPS}/rules/rules/diff?from=1&to=${doc.published_version}`, {
      token: admin.token,
    });
    expect(diff.data.changes).toEqual([
      { pointer: '/plan/contentMin/value', op: 'change', before: '50', after: '60' },
    ]);
    const r = await t.call('POST', `${OPS}/rules/rules/rollback`, {
      token: admin.token,
      body: { version: 1, note: '回復 50 字' },
    });
    expect(r.code).toBe(0);
    expect(r.data.version).toBe(doc.head_version + 1);
    expect(planRules().contentMin).toMatchObject({ value: 50 });
    const after = (await get('rules/rules')).data;
    expect(after.published_version).toBe(after.head_version);
    expect(after.versions[0]).toMatchObject({ source: 'rollback', status: 'live', note: '回復 50 字' });
    expect((await manifest()).docs['rules/rules']).toMatchObject({ seed: true });
    const audit = await t.db.select().from(opsAudit).where(eq(opsAudit.action, 'config.rollback'));
    expect(audit).toHaveLength(1);
  });

  it("a published locale's error texts are the server's envelope messages at once; rollback restores them", async () => {
    const missing = () =>
      t.call(
        'GET',
        '/mdr/api/v1/app-config/0000000000000000000000000000000000000000000000000000000000000000',
      );
    const before = await missing();
    expect(before.code).toBe(100404);
    const doc = (await get('locale/zhhk')).data;
    const saved = await draft('locale/zhhk', {
      patch: { 'errors.100404': '搵唔到你要嘅嘢（營運改過）' },
      base_version: doc.head_version,
    });
    expect(saved.code).toBe(0);
    expect((await missing()).msg).toBe(before.msg);
    expect((await publish('locale/zhhk', '改 404 提示')).code).toBe(0);
    expect((await missing()).msg).toBe('搵唔到你要嘅嘢（營運改過）');
    const r = await t.call('POST', `${OPS}/locale/zhhk/rollback`, {
      token: admin.token,
      body: { version: 1, note: '改返' },
    });
    expect(r.code).toBe(0);
    expect((await missing()).msg).toBe(before.msg);
  });

  it('roles: a translator edits locales only; a reviewer cannot write', async () => {
    const fan = await t.loginByPhone('64460077');
    const grant = (roles: string[]) =>
      t.call('PUT', `/mdr/api/v1/ops/operators/${fan.userId}/roles`, { token: admin.token, body: { roles } });
    await grant(['translator']);
    const loc = (await get('locale/zhtw', fan.token)).data;
    expect(
      (
        await draft(
          'locale/zhtw',
          { patch: { 'common.retry': '重試一次' }, base_version: loc.head_version },
          fan.token,
        )
      ).code,
    ).toBe(0);
    const rules = (await get('rules/rules', fan.token)).data;
    expect(
      (await draft('rules/rules', { content: rules.head, base_version: rules.head_version }, fan.token)).code,
    ).toBe(110403);
    await grant(['reviewer']);
    expect((await publish('locale/zhtw', '改字', fan.token)).code).toBe(110403);
  });

  it('a changed repo seed: an untouched document follows it; a changed one keeps its version and flags the new seed', async () => {
    const files = seedFiles();
    const bump = (kind: string, name: string, edit: (b: any) => void) => {
      const f = files.find((x) => x.kind === kind && x.name === name)!;
      const body = structuredClone(f.body);
      edit(body);
      return { ...f, body, hash: contentHash(body) };
    };
    // untouched: status map "plan-result"; touched: rules (published twice above)
    const status = bump('status', 'plan-result', (b) => {
      b.fallback = 'x';
    });
    const rules = bump('rules', 'rules', (b) => {
      b.plan.titleMax.value = 31;
    });
    const ownBefore = (await get('rules/rules')).data;
    await seedConfigDocs(t.db, [status, rules]);
    const s = (await get('status/plan-result')).data;
    expect(s).toMatchObject({ head_version: 2, published_version: 2, upstream_version: null });
    expect(s.published.fallback).toBe('x');
    const r = (await get('rules/rules')).data;
    expect(r.published_version).toBe(ownBefore.published_version);
    expect(r.upstream_version).toBe(ownBefore.head_version + 1);
    expect(r.versions[0]).toMatchObject({ source: 'upstream', status: 'draft' });
    expect(planRules().titleMax).not.toMatchObject({ value: 31 });
    // the same seed again changes nothing
    await seedConfigDocs(t.db, [status, rules]);
    expect((await get('rules/rules')).data.head_version).toBe(r.head_version);
    // keeping their own clears the flag, the upstream version stays in the history
    const kept = await t.call('POST', `${OPS}/rules/rules/keep-own`, { token: admin.token });
    expect(kept.data.upstream_version).toBeNull();
    expect(kept.data.versions[0].source).toBe('upstream');
  });
});
