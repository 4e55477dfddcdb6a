import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { accountDeletions, ledgerEntries, sessions, users } from '../../db/schema';
import { fakeClock, resetClock } from '../../http/clock';
import { type TestApp, withTestApp } from '../../test/harness';
import { eraseRealName } from '../realname';
import { fakeJpeg, multipartPayload } from '../users/test-multipart';
import { postLedger } from '../wallet';
import { createCode, eraseDueAccounts, phoneTarget } from '.';

let t: TestApp;
withTestApp((app) => {
  t = app;
});
afterEach(() => resetClock());

const DAY = 86_400_000;

/** an SMS-code login through the API, answering the whole login result */
async function codeLogin(phone: string) {
  const { code } = await createCode(t.db, { target: phoneTarget('852', phone), scene: 'login', ip: 'test' });
  return t.call('POST', '/prs/api/v1/user/login', {
    token: await t.token(),
    body: { login_type: 2, area_code: '852', phone, sms_code: code },
  });
}

const requestDeletion = (token: string, body: Record<string, unknown> = { reason: '不再使用' }) =>
  t.call('POST', '/mdr/api/v1/user/deletes', { token, body });

describe('POST /mdr/api/v1/user/deletes', () => {
  it('files a pending request with the cooling-off date and signs the account out', async () => {
    const clock = fakeClock(Date.UTC(2025, 0, 10, 4));
    const { token } = await t.loginByPhone('67770001');
    const r = await requestDeletion(token);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'pending', cooling_days: 15 });
    expect(r.data.effective_ms).toBe(Date.UTC(2025, 0, 25, 4));
    // every session ended, the caller's too: the next use needs a login
    expect((await t.call('GET', '/mdr/api/v1/users', { token })).code).toBe(100201);
    clock.restore();
  });

  it('a login during the cooling-off revokes the request and says so', async () => {
    const clock = fakeClock(Date.UTC(2025, 1, 1));
    const first = await codeLogin('67770002');
    expect(first.data.deletion_revoked).toBe(false);
    await requestDeletion(first.data.token);
    clock.advance(3 * DAY);
    const again = await codeLogin('67770002');
    expect(again.code).toBe(0);
    expect(again.data.deletion_revoked).toBe(true);
    const state = await t.call('GET', '/mdr/api/v1/user/deletes', { token: again.data.token });
    expect(state.data.request.status).toBe('revoked');
    // the period passing later erases nothing
    clock.advance(20 * DAY);
    await eraseDueAccounts(t.db, [eraseRealName]);
    const [row] = await t.db.select().from(users).where(eq(users.id, again.data.id));
    expect(row.phone).toBe('67770002');
    expect(row.deletedAt).toBeNull();
  });

  it('after the period the personal data is gone and the ledger rows stay', async () => {
    const clock = fakeClock(Date.UTC(2025, 2, 1));
    const { token, userId } = await t.loginByPhone('67770003');
    await t.call('PUT', '/mdr/api/v1/users', {
      token,
      body: { nickname: '將走的球迷', desc: '再見', city: '九龍' },
    });
    await postLedger(t.db, { userId, account: 'coins', amount: 500, type: 'recharge', memo: 'test' });
    await postLedger(t.db, { userId, account: 'coins', amount: -200, type: 'plan_purchase', memo: 'test' });
    expect((await requestDeletion(token)).code).toBe(0);

    clock.advance(15 * DAY - 60_000);
    expect(await eraseDueAccounts(t.db, [eraseRealName])).toBe(0); // not yet: a minute of cooling-off left
    clock.advance(2 * 60_000);
    expect(await eraseDueAccounts(t.db, [eraseRealName])).toBe(1);
    expect(await eraseDueAccounts(t.db, [eraseRealName])).toBe(0); // once only

    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      nickname: '已註銷用戶',
      desc: '',
      city: '',
      avatar: '',
      phone: null,
      areaCode: null,
      email: null,
      passwordHash: null,
    });
    expect(row.deletedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(ledger.map((e) => e.amount).sort()).toEqual([-200, 500]);
    const [request] = await t.db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
    expect(request).toMatchObject({ status: 'done', reason: '' });
    // the number is free again: a code login makes a new, empty account
    const fresh = await codeLogin('67770003');
    expect(fresh.data.id).not.toBe(userId);
  });

  it('accepts the caller own jpg uploads only, and a second submit answers the pending request', async () => {
    const { token } = await t.loginByPhone('67770004');
    const up = multipartPayload([{ field: 'files', filename: 'a.jpg', data: fakeJpeg() }]);
    const uploaded = await t.call('POST', '/mdr/api/v1/user/attachments', { token, ...up });
    expect(uploaded.code).toBe(0);
    const url = uploaded.data[0].url as string;
    const foreign = await requestDeletion(token, { reason: 'x', images: ['/uploads/someone-else.jpg'] });
    expect(foreign.code).toBe(100400);
    const ok = await requestDeletion(token, { reason: '太多廣告', images: [url] });
    expect(ok.code).toBe(0);
    const again = await codeLogin('67770004'); // revokes; then submit twice
    const one = await requestDeletion(again.data.token, { reason: '一' });
    const relog = await codeLogin('67770004');
    expect(relog.data.deletion_revoked).toBe(true);
    expect(one.data.status).toBe('pending');
  });

  it('validates the body', async () => {
    const { token } = await t.loginByPhone('67770005');
    expect((await requestDeletion(token, { reason: '' })).code).toBe(100400);
    expect((await requestDeletion(token, { reason: 'x'.repeat(201) })).code).toBe(100400);
    expect((await requestDeletion(token, { reason: 'x', images: ['a', 'b', 'c', 'd'] })).code).toBe(100400);
  });
});
