import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { ApiError, E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkLedgerInvariant, getBalances, postLedger } from './ledger';
import { postLedgerBatch } from './ledger-batch';

let t: TestApp;
let db: Db;
let phoneSeq = 0;

async function newUser(): Promise<number> {
  phoneSeq += 1;
  const { userId } = await t.loginByPhone(`6100${String(phoneSeq).padStart(4, '0')}`, '852');
  return userId;
}

async function code(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
});
afterAll(async () => {
  await t?.close();
});

describe('postLedger', () => {
  it('credits and debits, creating the account on first use, and records balance_after', async () => {
    const u = await newUser();
    expect(await getBalances(db, u)).toEqual({ coins: 0, income: 0 });
    const a = await postLedger(db, { userId: u, account: 'coins', amount: 100, type: 'recharge' });
    expect(a).toMatchObject({ balance: 100, duplicate: false });
    const b = await postLedger(db, {
      userId: u,
      account: 'coins',
      amount: -30,
      type: 'plan_purchase',
      refType: 'plan',
      refId: '7',
    });
    expect(b.balance).toBe(70);
    await postLedger(db, { userId: u, account: 'income', amount: 12, type: 'expert_income' });
    expect(await getBalances(db, u)).toEqual({ coins: 70, income: 12 });
    const entries = await db.execute(
      sql`select amount, balance_after, type, ref_id from ledger_entries where user_id = ${u} and account = 'coins' order by id`,
    );
    expect((entries as unknown as { rows: unknown[] }).rows).toEqual([
      { amount: 100, balance_after: 100, type: 'recharge', ref_id: null },
      { amount: -30, balance_after: 70, type: 'plan_purchase', ref_id: '7' },
    ]);
  });

  it('refuses to go negative: 110300 for coins, 110301 for income, nothing moves', async () => {
    const u = await newUser();
    await postLedger(db, { userId: u, account: 'coins', amount: 5, type: 'recharge' });
    expect(
      await code(postLedger(db, { userId: u, account: 'coins', amount: -6, type: 'plan_purchase' })),
    ).toBe(E.INSUFFICIENT_COINS);
    expect(await code(postLedger(db, { userId: u, account: 'income', amount: -1, type: 'withdrawal' }))).toBe(
      E.INSUFFICIENT_INCOME,
    );
    expect(await getBalances(db, u)).toEqual({ coins: 5, income: 0 });
    expect((await checkLedgerInvariant(db)).ok).toBe(true);
  });

  it('is idempotent on the key: a retry answers the first entry and moves nothing', async () => {
    const u = await newUser();
    await postLedger(db, { userId: u, account: 'coins', amount: 50, type: 'recharge' });
    const first = await postLedger(db, {
      userId: u,
      account: 'coins',
      amount: -20,
      type: 'plan_purchase',
      idempotencyKey: 'buy-1',
    });
    const again = await postLedger(db, {
      userId: u,
      account: 'coins',
      amount: -20,
      type: 'plan_purchase',
      idempotencyKey: 'buy-1',
    });
    expect(again).toEqual({ entryId: first.entryId, balance: 30, duplicate: true });
    // a retry still answers "done" even when the balance could no longer pay for it
    await postLedger(db, { userId: u, account: 'coins', amount: -30, type: 'gift' });
    const late = await postLedger(db, {
      userId: u,
      account: 'coins',
      amount: -20,
      type: 'plan_purchase',
      idempotencyKey: 'buy-1',
    });
    expect(late).toMatchObject({ entryId: first.entryId, duplicate: true, balance: 0 });
    // the same key for a different movement is a caller bug, not a silent success
    expect(
      await code(
        postLedger(db, {
          userId: u,
          account: 'coins',
          amount: -21,
          type: 'plan_purchase',
          idempotencyKey: 'buy-1',
        }),
      ),
    ).toBe(E.IDEMPOTENCY_CONFLICT);
    // keys are per user
    const other = await newUser();
    const o = await postLedger(db, {
      userId: other,
      account: 'coins',
      amount: 9,
      type: 'recharge',
      idempotencyKey: 'buy-1',
    });
    expect(o.duplicate).toBe(false);
  });

  it('rolls back with the caller transaction', async () => {
    const u = await newUser();
    await expect(
      db.transaction(async (tx) => {
        await postLedger(tx as unknown as Db, { userId: u, account: 'coins', amount: 40, type: 'recharge' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await getBalances(db, u)).toEqual({ coins: 0, income: 0 });
  });

  it('rejects malformed posts before touching the database', async () => {
    const u = await newUser();
    await expect(
      postLedger(db, { userId: u, account: 'coins', amount: 1.5, type: 'recharge' }),
    ).rejects.toThrow(/integer/);
    await expect(
      postLedger(db, { userId: u, account: 'coins', amount: 0, type: 'recharge' }),
    ).rejects.toThrow(/integer/);
    await expect(
      postLedger(db, { userId: u, account: 'x' as 'coins', amount: 1, type: 'recharge' }),
    ).rejects.toThrow(/account/);
  });
});

describe('money under concurrency', () => {
  it('200 concurrent debits from a wallet that affords 100: exactly 100 succeed, balance 0', async () => {
    const u = await newUser();
    await postLedger(db, { userId: u, account: 'coins', amount: 100, type: 'recharge' });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        code(
          db.transaction(async (tx) =>
            postLedger(tx as unknown as Db, {
              userId: u,
              account: 'coins',
              amount: -1,
              type: 'plan_purchase',
              idempotencyKey: `c-${i}`,
            }),
          ),
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(100);
    expect(results.filter((r) => r === E.INSUFFICIENT_COINS)).toHaveLength(100);
    expect(await getBalances(db, u)).toEqual({ coins: 0, income: 0 });
    expect(await checkLedgerInvariant(db)).toEqual({ ok: true, mismatches: [] });
  });

  it('the same key posted 20 times at once charges once', async () => {
    const u = await newUser();
    await postLedger(db, { userId: u, account: 'coins', amount: 100, type: 'recharge' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) =>
          postLedger(tx as unknown as Db, {
            userId: u,
            account: 'coins',
            amount: -10,
            type: 'plan_purchase',
            idempotencyKey: 'same',
          }),
        ),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect((await getBalances(db, u)).coins).toBe(90);
  });

  it('first credits to a brand-new account from many transactions at once all land', async () => {
    const u = await newUser();
    await Promise.all(
      Array.from({ length: 30 }, () =>
        db.transaction(async (tx) =>
          postLedger(tx as unknown as Db, { userId: u, account: 'income', amount: 2, type: 'expert_income' }),
        ),
      ),
    );
    expect((await getBalances(db, u)).income).toBe(60);
    expect((await checkLedgerInvariant(db)).ok).toBe(true);
  });

  it('checkLedgerInvariant reports a balance that does not match its entries', async () => {
    const u = await newUser();
    await postLedger(db, { userId: u, account: 'coins', amount: 10, type: 'recharge' });
    await db.execute(sql`update wallet_accounts set balance = 11 where user_id = ${u} and account = 'coins'`);
    const res = await checkLedgerInvariant(db);
    expect(res.ok).toBe(false);
    expect(res.mismatches).toContainEqual({
      user_id: u,
      account: 'coins',
      balance: 11,
      ledger_sum: 10,
      last_balance_after: 10,
    });
    await db.execute(sql`update wallet_accounts set balance = 10 where user_id = ${u} and account = 'coins'`);
    expect((await checkLedgerInvariant(db)).ok).toBe(true);
  });
});

describe('postLedgerBatch', () => {
  it('posts many entries in one go, skips repeats, keeps running balances and the invariant', async () => {
    const a = await newUser();
    const b = await newUser();
    const entries = Array.from({ length: 3000 }, (_, i) => ({
      userId: i % 2 ? a : b,
      account: (i % 3 ? 'coins' : 'income') as 'coins' | 'income',
      amount: 1 + (i % 5),
      type: 'refund' as const,
      idempotencyKey: `batch-${i}`,
    }));
    const first = await db.transaction((tx) => postLedgerBatch(tx as unknown as Db, entries));
    expect(first).toEqual({ posted: 3000, duplicates: 0 });
    const again = await db.transaction((tx) =>
      postLedgerBatch(tx as unknown as Db, [...entries, entries[0]]),
    );
    expect(again).toEqual({ posted: 0, duplicates: 3001 });
    const sum = (u: number, acc: string) =>
      entries.filter((e) => e.userId === u && e.account === acc).reduce((s, e) => s + e.amount, 0);
    expect(await getBalances(db, a)).toEqual({ coins: sum(a, 'coins'), income: sum(a, 'income') });
    expect((await checkLedgerInvariant(db)).ok).toBe(true);
  });

  it('refuses a batch that would overdraw, and one that reuses a key differently; nothing moves', async () => {
    const u = await newUser();
    await postLedger(db, { userId: u, account: 'coins', amount: 10, type: 'recharge', idempotencyKey: 'r1' });
    const overdraw = [
      {
        userId: u,
        account: 'coins' as const,
        amount: -8,
        type: 'plan_purchase' as const,
        idempotencyKey: 'x1',
      },
      {
        userId: u,
        account: 'coins' as const,
        amount: -8,
        type: 'plan_purchase' as const,
        idempotencyKey: 'x2',
      },
    ];
    expect(await code(db.transaction((tx) => postLedgerBatch(tx as unknown as Db, overdraw)))).toBe(
      E.INSUFFICIENT_COINS,
    );
    const reuse = [
      { userId: u, account: 'coins' as const, amount: 11, type: 'recharge' as const, idempotencyKey: 'r1' },
    ];
    expect(await code(db.transaction((tx) => postLedgerBatch(tx as unknown as Db, reuse)))).toBe(
      E.IDEMPOTENCY_CONFLICT,
    );
    expect((await getBalances(db, u)).coins).toBe(10);
  });
});
