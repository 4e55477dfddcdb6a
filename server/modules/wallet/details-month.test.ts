/** Income and expense details (/user/ie/details): the month filter counts in Hong Kong time. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema';
import { type TestApp, withTestApp } from '../../test/harness';
import { postLedger } from '.';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

describe('GET /mdr/api/v1/user/balance-details?month=', () => {
  it('answers the entries of that month only, judged at UTC+8', async () => {
    const { token, userId } = await t.loginByPhone('69990001');
    const put = async (amount: number, at: string) => {
      const r = await postLedger(t.db, { userId, account: 'coins', amount, type: 'recharge' });
      await t.db
        .update(ledgerEntries)
        .set({ createdAt: new Date(at) })
        .where(eq(ledgerEntries.id, r.entryId));
    };
    await put(10, '2025-03-31T15:59:00Z'); // 23:59 on 31 March in Hong Kong
    await put(20, '2025-03-31T16:00:00Z'); // 00:00 on 1 April in Hong Kong
    await put(30, '2025-04-30T15:59:00Z');
    const month = async (m: string) =>
      (
        await t.call('GET', `/mdr/api/v1/user/balance-details?account=coins&month=${m}`, { token })
      ).data.list.map((e: { amount: number }) => e.amount);
    expect(await month('2025-03')).toEqual([10]);
    expect(await month('2025-04')).toEqual([30, 20]);
    expect(await month('')).toHaveLength(3);
    const bad = await t.call('GET', '/mdr/api/v1/user/balance-details?month=2025-13', { token });
    expect(bad.code).toBe(100400);
  });
});
