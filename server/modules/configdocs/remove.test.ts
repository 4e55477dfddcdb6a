import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsAudit } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { operatorLogin } from '../ops/test-helpers';
import { routesShowing, tabsOpening } from './remove';

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
const del = (path: string, token = admin.token) => t.call('DELETE', `${OPS}/${path}`, { token });
const draft = (path: string, body: object) =>
  t.call('PUT', `${OPS}/${path}/draft`, { token: admin.token, body });
const publish = (path: string, note: string) =>
  t.call('POST', `${OPS}/${path}/publish`, { token: admin.token, body: { note } });
const manifest = async () => (await t.call('GET', '/mdr/api/v1/app-config')).data;
const audits = (targetId: string) =>
  t.db
    .select()
    .from(opsAudit)
    .where(and(eq(opsAudit.action, 'config.delete'), eq(opsAudit.targetId, targetId)));

async function routeTo(screen: string, path: string) {
  const routes = (await get('routes/routes')).data;
  return draft('routes/routes', {
    content: { ...routes.head, routes: [...routes.head.routes, { path, screen, footer: false }] },
    base_version: routes.head_version,
  });
}

describe('deleting a screen', () => {
  it('a draft screen an operator created goes with all its versions; audited', async () => {
    expect(
      (await t.call('POST', OPS, { token: admin.token, body: { kind: 'screen', name: 'promo.gone' } })).code,
    ).toBe(0);
    const r = await del('screen/promo.gone');
    expect(r).toMatchObject({ code: 0, data: { key: 'screen/promo.gone', was_published: false } });
    expect((await get('screen/promo.gone')).code).toBe(100404);
    const list = await t.call('GET', `${OPS}?kind=screen&q=promo.gone`, { token: admin.token });
    expect(list.data.total).toBe(0);
    const audit = await audits('screen/promo.gone');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: admin.userId, reason: 'v1: screens/promo/gone.json' });
    // the name is free again
    expect(
      (await t.call('POST', OPS, { token: admin.token, body: { kind: 'screen', name: 'promo.gone' } })).code,
    ).toBe(0);
    expect((await del('screen/promo.gone')).code).toBe(0);
    expect((await del('screen/promo.gone')).code).toBe(100404);
  });

  it('a repo document cannot be deleted (180105), whatever its kind', async () => {
    for (const key of ['screen/match.home', 'rules/rules', 'locale/zhhk', 'routes/routes']) {
      const r = await del(key);
      expect(r.code, key).toBe(180105);
      expect(r.data).toEqual({ key });
    }
    expect((await get('screen/match.home')).data.head_version).toBeGreaterThanOrEqual(1);
  });

  it('a published screen a route shows is refused (180106) naming the route, in the draft table too', async () => {
    expect(
      (await t.call('POST', OPS, { token: admin.token, body: { kind: 'screen', name: 'promo.shown' } })).code,
    ).toBe(0);
    expect((await publish('screen/promo.shown', '上線')).code).toBe(0);
    expect((await manifest()).docs['screen/promo.shown']).toBeDefined();
    // only in the route table's draft: still refused (publishing that draft would point at nothing)
    expect((await routeTo('promo/shown', '/promo/shown')).code).toBe(0);
    const drafted = await del('screen/promo.shown');
    expect(drafted).toMatchObject({ code: 180106, data: { routes: ['/promo/shown'], tabs: [] } });
    expect((await publish('routes/routes', '新路由')).code).toBe(0);
    expect((await del('screen/promo.shown')).data.routes).toEqual(['/promo/shown']);
    expect((await get('screen/promo.shown')).code).toBe(0);

    // the route table goes back; then the screen goes, and the app's manifest forgets it
    const routes = (await get('routes/routes')).data;
    expect(
      (
        await t.call('POST', `${OPS}/routes/routes/rollback`, {
          token: admin.token,
          body: { version: 1, note: '移除' },
        })
      ).code,
    ).toBe(0);
    expect(routes.published_version).toBeGreaterThan(1);
    const gone = await del('screen/promo.shown');
    expect(gone).toMatchObject({ code: 0, data: { was_published: true } });
    expect((await manifest()).docs['screen/promo.shown']).toBeUndefined();
    expect((await audits('screen/promo.shown'))[0].reason).toBe('v1 (live v1): screens/promo/shown.json');
  });

  it('a translator or a reviewer cannot delete a screen (110403)', async () => {
    expect(
      (await t.call('POST', OPS, { token: admin.token, body: { kind: 'screen', name: 'promo.kept' } })).code,
    ).toBe(0);
    const fan = await t.loginByPhone('64460079');
    for (const roles of [['translator'], ['reviewer']]) {
      await t.call('PUT', `/mdr/api/v1/ops/operators/${fan.userId}/roles`, {
        token: admin.token,
        body: { roles },
      });
      expect((await del('screen/promo.kept', fan.token)).code).toBe(110403);
    }
    expect((await get('screen/promo.kept')).code).toBe(0);
    expect((await del('screen/promo.kept')).code).toBe(0);
  });
});

describe('what shows a screen', () => {
  it('routes by their screen id, tabs by the path of such a route', () => {
    const table = {
      routes: [
        { path: '/a', screen: 'promo/a' },
        { path: '/b', screen: 'promo/b' },
        { path: '/a2', screen: 'promo/a' },
        { path: '/old', redirect: '/a' },
      ],
    };
    expect(routesShowing(table, 'promo/a')).toEqual(['/a', '/a2']);
    expect(routesShowing({}, 'promo/a')).toEqual([]);
    expect(
      tabsOpening(
        {
          tabs: [
            { key: 'x', path: '/a2' },
            { key: 'y', path: '/c' },
          ],
        },
        ['/a', '/a2'],
      ),
    ).toEqual(['x']);
  });
});
