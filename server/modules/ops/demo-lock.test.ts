import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { lockDemoAccounts } from './demo-lock';
import { OPERATOR_PHONE } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const byPhone = async (phone: string) => (await t.db.select().from(users).where(eq(users.phone, phone)))[0];

describe('demo accounts in production', () => {
  it('lose their documented passwords, the demo operator its role, and their sessions', async () => {
    const op = await t.loginByPhone(OPERATOR_PHONE);
    expect((await t.call('GET', '/mdr/api/v1/ops/summary', { token: op.token })).code).toBe(0);
    const fan = await byPhone('91234567');
    expect(fan.passwordHash).toBeTruthy();

    const locked = await lockDemoAccounts(t.db);
    expect(locked.operatorDemoted).toBe(op.userId);
    expect(locked.passwordsRemoved).toEqual(expect.arrayContaining([fan.id, op.userId]));
    expect((await byPhone('91234567')).passwordHash).toBeNull();
    expect((await byPhone(OPERATOR_PHONE)).role).toBe('user');
    // the operator's session is gone; signing in again by code gives no console
    expect((await t.call('GET', '/mdr/api/v1/ops/summary', { token: op.token })).code).not.toBe(0);
    const again = await t.loginByPhone(OPERATOR_PHONE);
    expect((await t.call('GET', '/mdr/api/v1/ops/summary', { token: again.token })).code).toBe(110403);
  });

  it('running again (every production start) changes nothing more', async () => {
    const second = await lockDemoAccounts(t.db);
    expect(second).toEqual({ passwordsRemoved: [], operatorDemoted: null });
  });
});
