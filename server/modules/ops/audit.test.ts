import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { identityBody, operatorLogin } from './test-helpers';

let t: TestApp;
let op: { token: string; userId: number };
const OPS = '/mdr/api/v1/ops';

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorLogin(t);
});
afterAll(async () => {
  await t?.close();
});

/** a real-name application by a new user, decided by the operator: one audited decision */
async function decided(phone: string, approve: boolean, reason?: string) {
  const u = await t.loginByPhone(phone);
  await t.call('POST', '/mdr/api/v1/user/international/identity', {
    token: u.token,
    body: await identityBody(t, u.token),
  });
  const list = await t.call('GET', `${OPS}/realname?status=pending&size=100`, { token: op.token });
  const item = list.data.list.find((x: { user_id: number }) => x.user_id === u.userId);
  const r = await t.call('POST', `${OPS}/realname/${item.id}/${approve ? 'approve' : 'reject'}`, {
    token: op.token,
    body: approve ? undefined : { reason },
  });
  expect(r.code).toBe(0);
  return item.id as number;
}

describe('audit trail (GET /ops/audit)', () => {
  it('lists decisions newest first with who, what, on which item, when and why; filters narrow it', async () => {
    const first = await decided('64450001', true);
    const second = await decided('64450002', false, '證件相片模糊');

    const all = await t.call('GET', `${OPS}/audit?size=100`, { token: op.token });
    expect(all.code).toBe(0);
    const mine = all.data.list.filter((e: { target_type: string; target_id: string }) =>
      [String(first), String(second)].includes(e.target_id),
    );
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'realname.reject',
        kind: 'realname',
        target_type: 'realname',
        target_id: String(second),
        reason: '證件相片模糊',
        operator_id: op.userId,
        operator_nickname: expect.any(String),
      }),
      expect.objectContaining({ action: 'realname.approve', target_id: String(first), reason: null }),
    ]);
    expect(mine[0].created_ms).toBeGreaterThanOrEqual(mine[1].created_ms);

    const byTarget = await t.call('GET', `${OPS}/audit?target_type=realname&target_id=${second}`, {
      token: op.token,
    });
    expect(byTarget.data.list.map((e: { action: string }) => e.action)).toEqual(['realname.reject']);
    expect(byTarget.data.total).toBe(1);

    const otherKind = await t.call('GET', `${OPS}/audit?kind=withdrawal&size=100`, { token: op.token });
    expect(otherKind.data.list.every((e: { kind: string }) => e.kind === 'withdrawal')).toBe(true);

    // days are Hong Kong calendar days: the decision's own HK day holds it, a range ending the day before does not
    const hkDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
    const day = hkDay(mine[0].created_ms);
    const dayBefore = hkDay(mine[0].created_ms - 86_400_000);
    const onDay = await t.call('GET', `${OPS}/audit?target_id=${second}&from=${day}&to=${day}`, {
      token: op.token,
    });
    expect(onDay.data.total).toBe(1);
    const before = await t.call('GET', `${OPS}/audit?target_id=${second}&to=${dayBefore}`, {
      token: op.token,
    });
    expect(before.data.total).toBe(0);
  });

  it('is for operators only and refuses bad filters with 100400', async () => {
    const fan = await t.loginByPhone('64450003');
    expect((await t.call('GET', `${OPS}/audit`, { token: fan.token })).code).toBe(110403);
    expect((await t.call('GET', `${OPS}/audit`, { token: await t.token() })).code).toBe(110000);
    for (const q of ['kind=DROP%20TABLE', 'kind=a%25', 'from=2026-1-1', 'operator_id=0', 'size=101', 'x=1']) {
      const r = await t.call('GET', `${OPS}/audit?${q}`, { token: op.token });
      expect(r.status, q).toBeLessThan(500);
      expect(r.code, q).toBe(100400);
    }
  });
});
