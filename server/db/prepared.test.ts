import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariant, gatedCredit, gatedDebit, getBalances, postLedger } from '../modules/wallet';
import { createTestApp, type TestApp } from '../test/harness';
import { runPrepared } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('runPrepared', () => {
  it('answers the same rows as a plain query, whatever the text in the parameters', async () => {
    const nasty = [`it's`, `'); drop table users; --`, 'back\\slash', '中文 ⚽', '$1', ''];
    for (const s of nasty) {
      const rows = await runPrepared(t.db, 'test_echo', sql`select ${s}::text as s, ${42}::int as n`);
      expect(rows).toEqual([{ s, n: 42 }]);
    }
    const [{ count }] = await runPrepared(t.db, 'test_users', sql`select count(*)::int as count from users`);
    expect(count).toBeGreaterThan(0); // the table is still there
    const [{ d }] = await runPrepared(t.db, 'test_date', sql`select ${new Date(0)}::timestamptz as d`);
    expect(new Date(d as Date).getTime()).toBe(0);
  });
});

describe('gatedDebit', () => {
  it('rolls back every part of the statement when a charge was not debited (key already used)', async () => {
    const { userId } = await t.loginByPhone('61990001');
    await postLedger(t.db, {
      userId,
      account: 'coins',
      amount: 50,
      type: 'recharge',
      idempotencyKey: 'g-fund',
    });
    const debit = gatedDebit({
      userId,
      account: 'coins',
      type: 'plan_purchase',
      refType: 'test',
      idempotencyKey: 'g-once',
      memo: 'test',
    });
    const run = (marker: string) =>
      t.db.execute(sql`
        with ${debit.lock}, mark as (
          update users set nickname = ${marker} where id = ${userId} returning id
        ), charge as (select 20 as amount, 'r'::text as ref_id from mark), ${debit.post}
        select (select balance from bal) as balance, ${debit.guard} as guard`);
    await run('first');
    expect((await getBalances(t.db, userId)).coins).toBe(30);
    await expect(run('second')).rejects.toThrow(/debit not posted/);
    const [{ nickname }] = (
      (await t.db.execute(sql`select nickname from users where id = ${userId}`)) as unknown as {
        rows: { nickname: string }[];
      }
    ).rows;
    expect(nickname).toBe('first'); // the second statement's other write was rolled back too
    expect((await getBalances(t.db, userId)).coins).toBe(30);
  });
});

describe('gatedCredit', () => {
  it('credits a missing account, and rolls back the balance when the entry key was already used', async () => {
    const { userId } = await t.loginByPhone('61990002');
    const credit = gatedCredit({ account: 'income', type: 'gift', refType: 'test', memo: 'test' });
    const run = (key: string, amount: number) =>
      t.db.execute(sql`
        with credit as (select ${userId}::int as user_id, ${amount}::int as amount, 'r'::text as ref_id,
          ${key}::text as idem), ${credit.post}
        select (select balance from cacct) as balance, ${credit.guard} as guard`);
    await run('c-once', 7);
    expect((await getBalances(t.db, userId)).income).toBe(7);
    await run('c-twice', 5);
    expect((await getBalances(t.db, userId)).income).toBe(12);
    await expect(run('c-once', 7)).rejects.toThrow(/credit not posted/);
    expect((await getBalances(t.db, userId)).income).toBe(12);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });
});
