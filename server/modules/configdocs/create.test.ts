import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsAudit } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { operatorLogin } from '../ops/test-helpers';
import { seedConfigDocs } from './seed';

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

const create = (body: object, token = admin.token) => t.call('POST', OPS, { token, body });
const get = (path: string, token = admin.token) => t.call('GET', `${OPS}/${path}`, { token });
const draft = (path: string, body: object) =>
  t.call('PUT', `${OPS}/${path}/draft`, { token: admin.token, body });
const publish = (path: string, note: string) =>
  t.call('POST', `${OPS}/${path}/publish`, { token: admin.token, body: { note } });
const manifest = async () => (await t.call('GET', '/mdr/api/v1/app-config')).data;

describe('a new screen document', () => {
  it('an editor creates a screen as a draft the app does not see until it is published; audited', async () => {
    const r = await create({ kind: 'screen', name: 'promo.new-page' });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ key: 'screen/promo.new-page', head_version: 1, published_version: 0 });
    const doc = (await get('screen/promo.new-page')).data;
    expect(doc).toMatchObject({ file: 'screens/promo/new-page.json', status: 'draft', published_hash: '' });
    expect(doc.head).toMatchObject({ id: 'promo/new-page', body: { type: 'page' } });
    expect(doc.versions).toEqual([
      expect.objectContaining({ version: 1, source: 'operator', status: 'draft' }),
    ]);
    expect((await manifest()).docs['screen/promo.new-page']).toBeUndefined();
    const list = await t.call('GET', `${OPS}?kind=screen&q=new-page`, { token: admin.token });
    expect(list.data.list).toEqual([expect.objectContaining({ name: 'promo.new-page', status: 'draft' })]);
    const audit = await t.db
      .select()
      .from(opsAudit)
      .where(and(eq(opsAudit.action, 'config.create'), eq(opsAudit.targetId, 'screen/promo.new-page')));
    expect(audit).toHaveLength(1);
    expect(audit[0].operatorId).toBe(admin.userId);
  });

  it('a taken name gets 180104, a repo screen too; names outside area.page and other kinds are refused', async () => {
    expect((await create({ kind: 'screen', name: 'promo.new-page' })).code).toBe(180104);
    const taken = await create({ kind: 'screen', name: 'match.home' });
    expect(taken).toMatchObject({ code: 180104, data: { key: 'screen/match.home' } });
    // one segment, capitals, another kind: the request's schema
    for (const body of [
      { kind: 'screen', name: 'lonely' },
      { kind: 'screen', name: 'Promo.Page' },
      { kind: 'rules', name: 'rules.extra' },
    ])
      expect((await create(body)).code).not.toBe(0);
    // forms, fragments and status maps follow other schemas: not new screens
    const form = await create({ kind: 'screen', name: 'forms.extra' });
    expect(form.code).toBe(180102);
    expect(form.data.problems[0]).toMatchObject({ pointer: '/name', key: 'cfg6.err.name' });
  });

  it('the content is checked like any draft: an unknown widget is refused at its JSON pointer', async () => {
    const content = {
      $schema: '../../schemas/screen.schema.json',
      id: 'promo.bad',
      body: { type: 'page', children: [{ type: 'no-such-widget' }] },
    };
    const r = await create({ kind: 'screen', name: 'promo.bad', content });
    expect(r.code).toBe(180102);
    const mine = r.data.problems.filter((p: { file: string }) => p.file === 'screens/promo/bad.json');
    expect(mine.map((p: { pointer: string }) => p.pointer)).toEqual(
      expect.arrayContaining(['/id', '/body/children/0/type']),
    );
    expect((await get('screen/promo.bad')).code).toBe(100404);
    const text = await create({ kind: 'screen', name: 'promo.bad', content: '{"id": ' });
    expect(text.data.problems[0].key).toBe('opsConfig.problem.json');
  });

  it('a translator or a reviewer cannot create a screen (110403)', async () => {
    const fan = await t.loginByPhone('64460078');
    for (const roles of [['translator'], ['reviewer']]) {
      await t.call('PUT', `/mdr/api/v1/ops/operators/${fan.userId}/roles`, {
        token: admin.token,
        body: { roles },
      });
      expect((await create({ kind: 'screen', name: 'promo.by-fan' }, fan.token)).code).toBe(110403);
    }
  });

  it('published, a route can show it: the route table names it and the app manifest serves both', async () => {
    const routes = (await get('routes/routes')).data;
    const withRoute = (screen: string) => ({
      ...routes.head,
      routes: [...routes.head.routes, { path: '/promo/new-page', screen, footer: false }],
    });
    // a route to a screen nobody published yet is refused: publish the screen first
    const early = await draft('routes/routes', {
      content: withRoute('promo/new-page'),
      base_version: routes.head_version,
    });
    expect(early.code).toBe(180102);
    expect((await publish('screen/promo.new-page', '新推廣頁')).code).toBe(0);
    const saved = await draft('routes/routes', {
      content: withRoute('promo/new-page'),
      base_version: routes.head_version,
    });
    expect(saved.code).toBe(0);
    expect((await publish('routes/routes', '新推廣頁路由')).code).toBe(0);
    const docs = (await manifest()).docs;
    expect(docs['screen/promo.new-page']).toMatchObject({ seed: false });
    expect(docs['routes/routes']).toMatchObject({ seed: false });
    const body = await t.call('GET', `/mdr/api/v1/app-config/${docs['screen/promo.new-page'].hash}`);
    expect(body.data.id).toBe('promo/new-page');
    // the next start's seeding leaves a screen no repo file has alone
    await seedConfigDocs(t.db);
    expect((await get('screen/promo.new-page')).data).toMatchObject({
      head_version: 1,
      published_version: 1,
    });
  });
});
