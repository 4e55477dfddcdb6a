import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsAudit } from '../../db/schema';
import { encryptPassword } from '../../test/auth-flow';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBalances, postLedger } from '../wallet';
import { OPERATOR_PASSWORD, OPERATOR_PHONE } from './seed';
import { applyBody, identityBody, operatorLogin, verifiedUser } from './test-helpers';

let t: TestApp;
let op: { token: string; userId: number };
let user: { token: string; userId: number };
const OPS = '/mdr/api/v1/ops';

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorLogin(t);
  user = await t.loginByPhone('64440001');
});
afterAll(async () => {
  await t?.close();
});

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', `${OPS}/summary`],
  ['GET', `${OPS}/realname?status=pending`],
  ['GET', `${OPS}/realname/1`],
  ['POST', `${OPS}/realname/1/approve`],
  ['POST', `${OPS}/realname/1/reject`, { reason: 'x' }],
  ['GET', `${OPS}/expert-applications?status=0`],
  ['GET', `${OPS}/expert-applications/1`],
  ['POST', `${OPS}/expert-applications/1/approve`],
  ['POST', `${OPS}/expert-applications/1/reject`, { reason: 'x' }],
  ['GET', `${OPS}/experts`],
  ['GET', `${OPS}/experts/1`],
  ['POST', `${OPS}/experts/1/ban`, { reason: 'x' }],
  ['POST', `${OPS}/experts/1/unban`],
  ['GET', `${OPS}/withdrawals?status=processing`],
  ['GET', `${OPS}/withdrawals/1`],
  ['POST', `${OPS}/withdrawals/1/paid`],
  ['POST', `${OPS}/withdrawals/1/failed`, { reason: 'x' }],
];

describe('operator console API', () => {
  it('refuses visitors with 110000 and ordinary users with 110403 on every endpoint', async () => {
    const visitor = await t.token();
    for (const [method, url, body] of ENDPOINTS) {
      const v = await t.call(method as 'GET', url, { token: visitor, body });
      expect(v.code, `${method} ${url} visitor`).toBe(110000);
      const none = await t.call(method as 'GET', url, { body });
      expect(none.code, `${method} ${url} no token`).toBe(100200);
      const u = await t.call(method as 'GET', url, { token: user.token, body });
      expect(u.code, `${method} ${url} user`).toBe(110403);
      expect(u.data).toBeNull();
    }
  });

  it('the seeded operator logs in with the documented password (normal login) and sees the console', async () => {
    const password = await encryptPassword(t, OPERATOR_PASSWORD);
    const login = await t.call('POST', '/prs/api/v1/user/login', {
      token: await t.token(),
      body: { login_type: 1, area_code: '852', phone: OPERATOR_PHONE, password },
    });
    expect(login.code).toBe(0);
    // a login ends the account's older sessions: carry on with this one
    op = { token: login.data.token, userId: login.data.id };
    const s = await t.call('GET', `${OPS}/summary`, { token: login.data.token });
    expect(s.code).toBe(0);
    expect(s.data).toEqual({
      realname_pending: expect.any(Number),
      applications_pending: expect.any(Number),
      experts_approved: expect.any(Number),
      experts_banned: expect.any(Number),
      withdrawals_processing: expect.any(Number),
    });
  });

  it('counts the queues, notifies the user and audits every decision', async () => {
    const before = (await t.call('GET', `${OPS}/summary`, { token: op.token })).data;
    const a = await t.loginByPhone('64440002');
    await t.call('POST', '/mdr/api/v1/user/international/identity', {
      token: a.token,
      body: await identityBody(t, a.token),
    });
    const after = (await t.call('GET', `${OPS}/summary`, { token: op.token })).data;
    expect(after.realname_pending).toBe(before.realname_pending + 1);

    const seen: unknown[] = [];
    const origPublish = t.app.deps.hub.publish.bind(t.app.deps.hub);
    t.app.deps.hub.publish = async (topic, data, opts) => {
      seen.push({ topic, data });
      return origPublish(topic, data, opts);
    };
    const list = await t.call('GET', `${OPS}/realname?status=pending&size=100`, { token: op.token });
    const item = list.data.list.find((x: { user_id: number }) => x.user_id === a.userId);
    expect(item).toMatchObject({
      full_name: '陳大文',
      document_type: 1,
      front_image: expect.stringMatching(/^\/uploads\//),
    });
    const rej = await t.call('POST', `${OPS}/realname/${item.id}/reject`, {
      token: op.token,
      body: { reason: '相片不清' },
    });
    expect(rej.code).toBe(0);
    expect(rej.data).toMatchObject({ status: 'rejected', reason: '相片不清', reviewed_by: op.userId });
    expect(seen).toContainEqual({
      topic: `user:${a.userId}`,
      data: { kind: 'notice', topic: 'realname', status: 'rejected', reason: '相片不清', id: item.id },
    });
    const rows = await t.db
      .select()
      .from(opsAudit)
      .where(eq(opsAudit.targetId, String(item.id)));
    expect(rows).toEqual([
      expect.objectContaining({
        operatorId: op.userId,
        action: 'realname.reject',
        targetType: 'realname',
        reason: '相片不清',
      }),
    ]);
    expect(rows[0].createdAt).toBeInstanceOf(Date);
    // the decision is a system notice in the user's message centre too, with the reason
    const sys = await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', { token: a.token });
    expect(sys.data.list[0]).toMatchObject({ kind: 'ops_realname_reject', text: '相片不清', read: false });
    expect(seen).toContainEqual({
      topic: `user:${a.userId}`,
      data: { kind: 'messages', data: expect.objectContaining({ system: 1 }) },
    });
  });

  it('answers unknown ids with 100404 and bad ids/queries/bodies with 100400, never 5xx', async () => {
    expect((await t.call('POST', `${OPS}/realname/999999/approve`, { token: op.token })).code).toBe(100404);
    expect((await t.call('GET', `${OPS}/expert-applications/999999`, { token: op.token })).code).toBe(100404);
    expect(
      (await t.call('POST', `${OPS}/experts/999999/ban`, { token: op.token, body: { reason: 'x' } })).code,
    ).toBe(100404);
    expect((await t.call('POST', `${OPS}/withdrawals/999999/paid`, { token: op.token })).code).toBe(100404);
    const bad: [string, string, unknown?][] = [
      ['GET', `${OPS}/realname/abc`],
      ['GET', `${OPS}/realname/-1`],
      ['GET', `${OPS}/realname/99999999999`],
      ['GET', `${OPS}/realname?status=nope`],
      ['GET', `${OPS}/realname?page=0`],
      ['GET', `${OPS}/realname?size=1000`],
      ['GET', `${OPS}/expert-applications?status=9`],
      ['POST', `${OPS}/realname/1/reject`, {}],
      ['POST', `${OPS}/realname/1/reject`, { reason: '   ' }],
      ['POST', `${OPS}/realname/1/reject`, { reason: 'x'.repeat(201) }],
      ['POST', `${OPS}/realname/1/reject`, { reason: 5 }],
      ['POST', `${OPS}/experts/1/ban`, { reason: 'x', extra: true }],
      ['POST', `${OPS}/withdrawals/1/failed`, ['x']],
    ];
    for (const [method, url, body] of bad) {
      const r = await t.call(method as 'GET', url, { token: op.token, body });
      expect(r.status, `${method} ${url}`).toBeLessThan(500);
      expect(r.code, `${method} ${url} ${JSON.stringify(body)}`).toBe(100400);
    }
  });

  it('marks withdrawals paid, or failed with the coins back in the income account', async () => {
    const w = await t.loginByPhone('64440003');
    await postLedger(t.db, {
      userId: w.userId,
      account: 'income',
      amount: 1000,
      type: 'expert_income',
      refType: 'test',
      refId: 'ops',
    });
    const card = await t.call('POST', '/mdr/api/v1/international/user-banks', {
      token: w.token,
      body: {
        holder_name: 'Chan Tai Man',
        id_type: 'hkid',
        id_number: 'A123456(3)',
        bank_id: '004',
        card_number: '4111111111111111',
        branch: 'Central',
        phone: '91234567',
      },
    });
    expect(card.code).toBe(0);
    const withdraw = (key: string) =>
      t.call('POST', '/mdr/api/v1/user/withdraw-records', {
        token: w.token,
        body: { amount: 300, user_bank_id: card.data.id, idempotency_key: key },
      });
    const w1 = await withdraw('ops-withdraw-1');
    const w2 = await withdraw('ops-withdraw-2');
    expect(w1.code).toBe(0);
    expect((await getBalances(t.db, w.userId)).income).toBe(400);

    const queue = await t.call('GET', `${OPS}/withdrawals?status=processing&size=100`, { token: op.token });
    expect(queue.data.list.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining([w1.data.id, w2.data.id]),
    );

    expect((await t.call('POST', `${OPS}/withdrawals/${w1.data.id}/paid`, { token: op.token })).code).toBe(0);
    const failed = await t.call('POST', `${OPS}/withdrawals/${w2.data.id}/failed`, {
      token: op.token,
      body: { reason: '銀行賬戶資料不符' },
    });
    expect(failed.code).toBe(0);
    expect((await getBalances(t.db, w.userId)).income).toBe(700);
    // a second decision is refused and moves no money
    expect(
      (
        await t.call('POST', `${OPS}/withdrawals/${w2.data.id}/failed`, {
          token: op.token,
          body: { reason: 'x' },
        })
      ).code,
    ).not.toBe(0);
    expect((await getBalances(t.db, w.userId)).income).toBe(700);
    const records = await t.call('GET', '/mdr/api/v1/user/withdraw-records', { token: w.token });
    const byId = Object.fromEntries(records.data.list.map((r: { id: number }) => [r.id, r]));
    expect(byId[w1.data.id].status).toBe('success');
    expect(byId[w2.data.id]).toMatchObject({ status: 'failed', reason: '銀行賬戶資料不符' });
    const audit = await t.db.select().from(opsAudit).where(eq(opsAudit.targetType, 'withdrawal'));
    expect(audit.map((r) => r.action).sort()).toEqual(['withdrawal.failed', 'withdrawal.paid']);
  });

  it('lets exactly one of two simultaneous decisions on the same application win', async () => {
    const u = await verifiedUser(t, '64440004', op.token);
    expect(
      (
        await t.call('POST', '/mdr/api/v1/user/international/experts/apply', {
          token: u.token,
          body: await applyBody(t, u.token),
        })
      ).code,
    ).toBe(0);
    const list = await t.call('GET', `${OPS}/expert-applications?status=0&size=100`, { token: op.token });
    const id = list.data.list.find((x: { user_id: number }) => x.user_id === u.userId).id;
    const [x, y] = await Promise.all([
      t.call('POST', `${OPS}/expert-applications/${id}/approve`, { token: op.token }),
      t.call('POST', `${OPS}/expert-applications/${id}/reject`, {
        token: op.token,
        body: { reason: '重複' },
      }),
    ]);
    expect([x.code, y.code].sort()).toEqual([0, 110030]);
  });
});
