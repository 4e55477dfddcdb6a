import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { applyBody, identityBody, operatorLogin, verifiedUser } from '../ops/test-helpers';
import { getExpertState } from './certification-service';

let t: TestApp;
let op: { token: string; userId: number };
const APPLY = '/mdr/api/v1/user/international/experts/apply';
const STATUS = '/mdr/api/v1/user/expert/apply-status';

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorLogin(t);
});
afterAll(async () => {
  await t?.close();
});

async function pendingApplicationOf(userId: number): Promise<number> {
  const r = await t.call('GET', '/mdr/api/v1/ops/expert-applications?status=0&size=100', { token: op.token });
  return r.data.list.find((x: { user_id: number }) => x.user_id === userId).id;
}

describe('expert certification', () => {
  it('asks for real-name first (110011), also while the real-name check is still pending', async () => {
    const u = await t.loginByPhone('62220001');
    const r = await t.call('POST', APPLY, { token: u.token, body: await applyBody(t, u.token) });
    expect(r.code).toBe(110011);
    await t.call('POST', '/mdr/api/v1/user/international/identity', {
      token: u.token,
      body: await identityBody(t, u.token),
    });
    const pending = await t.call('POST', APPLY, { token: u.token, body: await applyBody(t, u.token) });
    expect(pending.code).toBe(110011);
    expect(await getExpertState(t.db, u.userId)).toEqual({ status: 'none' });
  });

  it('under review (0) → failed with reason (2) → reapply → approved (1) → banned (3) → unbanned', async () => {
    const u = await verifiedUser(t, '62220002', op.token);
    expect((await t.call('GET', STATUS, { token: u.token })).data).toMatchObject({
      status: 'none',
      can_apply: true,
    });

    const r = await t.call('POST', APPLY, {
      token: u.token,
      body: await applyBody(t, u.token, { platform2_name: '  Facebook ', platform2_screenshot: undefined }),
    });
    // a platform name without its screenshot is refused
    expect(r.code).toBe(100400);

    const ok = await t.call('POST', APPLY, { token: u.token, body: await applyBody(t, u.token) });
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ status: 0, can_apply: false, application: { platforms: ['YouTube'] } });
    const again = await t.call('POST', APPLY, { token: u.token, body: await applyBody(t, u.token) });
    expect(again.code).toBe(110021);

    const id = await pendingApplicationOf(u.userId);
    const detail = await t.call('GET', `/mdr/api/v1/ops/expert-applications/${id}`, { token: op.token });
    expect(detail.data).toMatchObject({ user_id: u.userId, platforms: [{ name: 'YouTube' }] });
    expect(detail.data.id_front).toMatch(/^\/uploads\//);

    const rej = await t.call('POST', `/mdr/api/v1/ops/expert-applications/${id}/reject`, {
      token: op.token,
      body: { reason: '平台粉絲數不足' },
    });
    expect(rej.code).toBe(0);
    expect((await t.call('GET', STATUS, { token: u.token })).data).toMatchObject({
      status: 2,
      reason: '平台粉絲數不足',
      can_apply: true,
    });

    const re = await t.call('POST', APPLY, {
      token: u.token,
      body: await applyBody(t, u.token, {
        platform2_name: 'Instagram',
        platform2_screenshot: (await applyBody(t, u.token)).platform1_screenshot,
      }),
    });
    expect(re.code).toBe(0);
    expect(re.data.application.platforms).toEqual(['YouTube', 'Instagram']);
    const id2 = await pendingApplicationOf(u.userId);
    expect(
      (await t.call('POST', `/mdr/api/v1/ops/expert-applications/${id2}/approve`, { token: op.token })).code,
    ).toBe(0);
    expect((await t.call('GET', STATUS, { token: u.token })).data).toMatchObject({ status: 1, reason: null });
    expect((await t.call('POST', APPLY, { token: u.token, body: await applyBody(t, u.token) })).code).toBe(
      110022,
    );

    // ban: needs a reason; the expert sees it and cannot reapply
    const noReason = await t.call('POST', `/mdr/api/v1/ops/experts/${u.userId}/ban`, {
      token: op.token,
      body: {},
    });
    expect(noReason.code).toBe(100400);
    const ban = await t.call('POST', `/mdr/api/v1/ops/experts/${u.userId}/ban`, {
      token: op.token,
      body: { reason: '發佈違規內容' },
    });
    expect(ban.code).toBe(0);
    expect(await getExpertState(t.db, u.userId)).toEqual({ status: 3, reason: '發佈違規內容' });
    const banned = await t.call('POST', APPLY, { token: u.token, body: await applyBody(t, u.token) });
    expect(banned.code).toBe(110023);
    expect((await t.call('GET', STATUS, { token: u.token })).data).toMatchObject({
      status: 3,
      can_apply: false,
    });
    const list = await t.call('GET', '/mdr/api/v1/ops/experts?status=banned', { token: op.token });
    expect(list.data.list.map((e: { user_id: number }) => e.user_id)).toContain(u.userId);

    expect(
      (await t.call('POST', `/mdr/api/v1/ops/experts/${u.userId}/unban`, { token: op.token })).code,
    ).toBe(0);
    expect(await getExpertState(t.db, u.userId)).toEqual({ status: 1 });
    // unbanning twice: already decided
    expect(
      (await t.call('POST', `/mdr/api/v1/ops/experts/${u.userId}/unban`, { token: op.token })).code,
    ).toBe(110030);
  });

  it('rejects malformed applications without a 5xx and keeps the intro bounds', async () => {
    const u = await verifiedUser(t, '62220003', op.token);
    const good = await applyBody(t, u.token);
    const cases: unknown[] = [
      {},
      { ...good, intro: 'too short' },
      { ...good, intro: 'x'.repeat(501) },
      { ...good, platform1_name: '' },
      { ...good, platform1_screenshot: 'http://x/y.jpg' },
      { ...good, platform3_name: 'A' },
      { ...good, id_front: 123 },
      { ...good, platforms: [] },
      { ...good, intro: null },
      'x',
    ];
    for (const body of cases) {
      const r = await t.call('POST', APPLY, { token: u.token, body });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.code, JSON.stringify(body)).toBe(100400);
    }
    expect((await t.call('GET', STATUS, { token: u.token })).data.status).toBe('none');
    const visitor = await t.call('POST', APPLY, { token: await t.token(), body: good });
    expect(visitor.code).toBe(110000);
  });
});
