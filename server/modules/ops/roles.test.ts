import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsAudit } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { operatorLogin } from './test-helpers';

let t: TestApp;
let admin: { token: string; userId: number };
const OPS = '/mdr/api/v1/ops';

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorLogin(t);
});
afterAll(async () => {
  await t?.close();
});

const me = async (token: string) => (await t.call('GET', '/mdr/api/v1/users', { token })).data;
const grant = (id: number, roles: string[], token = admin.token) =>
  t.call('PUT', `${OPS}/operators/${id}/roles`, { token, body: { roles } });

describe('console roles', () => {
  it('the seeded operator is the admin and holds every role', async () => {
    expect((await me(admin.token)).ops_roles).toEqual(['reviewer', 'editor', 'translator', 'admin']);
    const ops = await t.call('GET', `${OPS}/operators`, { token: admin.token });
    expect(ops.data.list).toContainEqual(expect.objectContaining({ id: admin.userId, roles: ['admin'] }));
  });

  it('a translator gets the console but not the review queues; reviewer opens them; none takes it all away', async () => {
    const fan = await t.loginByPhone('64460001');
    expect((await me(fan.token)).ops_roles).toEqual([]);
    expect((await t.call('GET', `${OPS}/summary`, { token: fan.token })).code).toBe(110403);

    const g = await grant(fan.userId, ['translator']);
    expect(g.code).toBe(0);
    expect(g.data).toMatchObject({ id: fan.userId, roles: ['translator'] });
    expect((await me(fan.token)).ops_roles).toEqual(['translator']);
    expect((await t.call('GET', `${OPS}/summary`, { token: fan.token })).code).toBe(0);
    expect((await t.call('GET', `${OPS}/audit`, { token: fan.token })).code).toBe(0);
    expect((await t.call('GET', `${OPS}/realname?status=pending`, { token: fan.token })).code).toBe(110403);
    expect((await t.call('GET', `${OPS}/withdrawals`, { token: fan.token })).code).toBe(110403);
    // granting roles is the admin's alone
    expect((await t.call('GET', `${OPS}/operators`, { token: fan.token })).code).toBe(110403);
    expect((await grant(fan.userId, ['admin'], fan.token)).code).toBe(110403);

    expect((await grant(fan.userId, ['reviewer', 'translator'])).data.roles).toEqual([
      'reviewer',
      'translator',
    ]);
    expect((await t.call('GET', `${OPS}/realname?status=pending`, { token: fan.token })).code).toBe(0);

    // every role taken away: an ordinary user again, at once (no new login needed)
    expect((await grant(fan.userId, [])).data.roles).toEqual([]);
    expect((await t.call('GET', `${OPS}/audit`, { token: fan.token })).code).toBe(110403);
    expect((await me(fan.token)).role).toBe('user');

    const audit = await t.db
      .select()
      .from(opsAudit)
      .where(eq(opsAudit.targetId, String(fan.userId)));
    expect(audit.filter((a) => a.action === 'role.grant').map((a) => a.reason)).toEqual([
      'translator',
      'reviewer, translator',
      '—',
    ]);
  });

  it('an admin cannot drop their own admin role; unknown users and bad bodies are refused', async () => {
    expect((await grant(admin.userId, ['reviewer'])).code).toBe(100400);
    expect((await me(admin.token)).ops_roles).toContain('admin');
    expect((await grant(99999999, ['reviewer'])).code).toBe(100404);
    for (const body of [{}, { roles: ['root'] }, { roles: ['editor', 5] }, { roles: 'admin' }, ['x']]) {
      const r = await t.call('PUT', `${OPS}/operators/${admin.userId}/roles`, { token: admin.token, body });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.code, JSON.stringify(body)).toBe(100400);
    }
  });
});
