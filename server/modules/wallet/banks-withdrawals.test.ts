import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkLedgerInvariant, getBalances, postLedger } from './ledger';
import { listWithdrawals, markWithdrawalFailed, markWithdrawalPaid } from './withdrawals-service';

let t: TestApp;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let seq = 0;
const key = () => `w-${Date.now()}-${++seq}`;

const CARD = {
  holder_name: 'Chan Tai Man',
  id_type: 'hkid',
  id_number: 'A123456(3)',
  bank_id: '004',
  card_number: '4111111111111111',
  branch: 'Central',
  phone: '91234567',
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('63000001', '852');
  bob = await t.loginByPhone('63000002', '852');
});
afterAll(async () => {
  await t?.close();
});

const addCard = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/mdr/api/v1/international/user-banks', { token, body });

describe('bank cards', () => {
  it('lists Hong Kong banks in the caller language', async () => {
    const hk = await t.call('GET', '/mdr/api/v1/banks');
    const cn = await t.call('GET', '/mdr/api/v1/banks', { headers: { 'accept-language': 'zh-CN' } });
    expect(hk.data.find((b: { code: string }) => b.code === '004').name).toBe('香港上海滙豐銀行');
    expect(cn.data.find((b: { code: string }) => b.code === '004').name).toBe('香港上海汇丰银行');
    expect(hk.data.length).toBeGreaterThanOrEqual(12);
  });

  it('adds a card and never answers the full ID or card number', async () => {
    const res = await addCard(alice.token, CARD);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      bank_id: '004',
      card_number: '4111 **** **** 1111',
      id_number: 'A******(3)',
      holder_name: 'Chan Tai Man',
    });
    const list = await t.call('GET', '/mdr/api/v1/user-banks', { token: alice.token });
    expect(JSON.stringify(list.data)).not.toContain('4111111111111111');
    expect(JSON.stringify(list.data)).not.toContain('123456');
  });

  it('validates each field with its own code (HKID check digit, Luhn, shapes)', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ ...CARD, id_number: 'A123456(4)' }, E.ID_NUMBER_INVALID],
      [{ ...CARD, card_number: '4111111111111112' }, E.BANK_CARD_INVALID],
      [{ ...CARD, card_number: '1234567' }, E.BAD_REQUEST],
      [{ ...CARD, card_number: '4111-1111' }, E.BAD_REQUEST],
      [{ ...CARD, phone: '123' }, E.BAD_REQUEST],
      [{ ...CARD, holder_name: '' }, E.BAD_REQUEST],
      [{ ...CARD, holder_name: '<script>' }, E.BAD_REQUEST],
      [{ ...CARD, bank_id: '999' }, E.BAD_REQUEST],
      [{ ...CARD, id_type: 'passport', id_number: 'K12345678' }, 0],
      [{ ...CARD, id_number: 'AB987654(3)' }, 0],
      [{ ...CARD, card_number: '012345678901' }, 0], // a 12-digit account number: no Luhn
      [{ ...CARD, extra: 1 }, E.BAD_REQUEST],
    ];
    for (const [body, code] of cases) {
      const res = await addCard(bob.token, body);
      expect([JSON.stringify(body), res.code]).toEqual([JSON.stringify(body), code]);
    }
  });

  it("another user's card is invisible and cannot be deleted", async () => {
    const [card] = (await t.call('GET', '/mdr/api/v1/user-banks', { token: alice.token })).data;
    const bobList = await t.call('GET', '/mdr/api/v1/user-banks', { token: bob.token });
    expect(bobList.data.some((c: { id: number }) => c.id === card.id)).toBe(false);
    expect((await t.call('DELETE', `/mdr/api/v1/user-banks/${card.id}`, { token: bob.token })).code).toBe(
      E.NOT_FOUND,
    );
    expect((await t.call('GET', '/mdr/api/v1/user-banks', { token: alice.token })).data).toHaveLength(1);
  });

  it('deletes an own card once; limit of 5 cards', async () => {
    const u = await t.loginByPhone('63000009', '852');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await addCard(u.token, CARD)).data.id);
    expect((await addCard(u.token, CARD)).code).toBe(E.BANK_CARD_LIMIT);
    expect((await t.call('DELETE', `/mdr/api/v1/user-banks/${ids[0]}`, { token: u.token })).code).toBe(0);
    expect((await t.call('DELETE', `/mdr/api/v1/user-banks/${ids[0]}`, { token: u.token })).code).toBe(
      E.NOT_FOUND,
    );
    expect((await t.call('GET', '/mdr/api/v1/user-banks', { token: u.token })).data).toHaveLength(4);
  });
});

describe('withdrawals', () => {
  let cardId: number;
  beforeAll(async () => {
    cardId = (await t.call('GET', '/mdr/api/v1/user-banks', { token: alice.token })).data[0].id;
    await postLedger(t.db, {
      userId: alice.userId,
      account: 'income',
      amount: 500,
      type: 'expert_income',
      refType: 'plan',
      refId: '1',
    });
  });
  const withdraw = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/mdr/api/v1/user/withdraw-records', { token, body });

  it('config and preview: 1% fee off HK$1 per coin', async () => {
    const cfg = await t.call('GET', '/mdr/api/v1/config/withdraw-configs');
    expect(cfg.data).toMatchObject({ min_amount: 100, rate_cents: 100, fee_percent: 1 });
    const q = await t.call('GET', '/mdr/api/v1/user/withdraw-record/amount?amount=150', {
      token: alice.token,
    });
    expect(q.data).toMatchObject({ receive_amount: '148.50', fee: '1.50', receive_cents: 14850 });
  });

  it('refuses below the minimum, above the balance, and without an own card; nothing moves', async () => {
    expect(
      (await withdraw(alice.token, { amount: 99, user_bank_id: cardId, idempotency_key: key() })).code,
    ).toBe(E.WITHDRAW_BELOW_MIN);
    expect(
      (await withdraw(alice.token, { amount: 501, user_bank_id: cardId, idempotency_key: key() })).code,
    ).toBe(E.INSUFFICIENT_INCOME);
    expect(
      (await withdraw(bob.token, { amount: 100, user_bank_id: cardId, idempotency_key: key() })).code,
    ).toBe(E.BANK_CARD_REQUIRED);
    expect((await getBalances(t.db, alice.userId)).income).toBe(500);
    expect(
      (await t.call('GET', '/mdr/api/v1/user/withdraw-records', { token: alice.token })).data.total,
    ).toBe(0);
  });

  it('debits at once into processing; a retried submit charges once', async () => {
    const body = { amount: 200, user_bank_id: cardId, idempotency_key: key() };
    const [a, b] = await Promise.all([withdraw(alice.token, body), withdraw(alice.token, body)]);
    expect(a.code).toBe(0);
    expect(b.data.id).toBe(a.data.id);
    expect(a.data).toMatchObject({
      status: 'processing',
      receive_amount: '198.00',
      card_number: '4111 **** **** 1111',
    });
    expect((await getBalances(t.db, alice.userId)).income).toBe(300);
    const incomes = await t.call('GET', '/mdr/api/v1/user/expert-incomes', { token: alice.token });
    expect(incomes.data.summary).toEqual({ earned: 500, withdrawn: 200 });
    // others see nothing of it
    expect((await t.call('GET', '/mdr/api/v1/user/withdraw-records', { token: bob.token })).data.total).toBe(
      0,
    );
  });

  it('ops: paid and failed happen once; failure returns the coins with a reason', async () => {
    const w1 = (await withdraw(alice.token, { amount: 100, user_bank_id: cardId, idempotency_key: key() }))
      .data;
    const w2 = (await withdraw(alice.token, { amount: 100, user_bank_id: cardId, idempotency_key: key() }))
      .data;
    expect((await getBalances(t.db, alice.userId)).income).toBe(100);
    const pending = await listWithdrawals(t.db, { status: 'processing', page: 1, size: 10 });
    expect(pending.list.map((w) => w.id)).toEqual(expect.arrayContaining([w1.id, w2.id]));
    expect((await markWithdrawalPaid(t.db, w1.id, bob.userId)).status).toBe('success');
    await expect(markWithdrawalFailed(t.db, w1.id, bob.userId, 'late')).rejects.toMatchObject({
      code: E.ORDER_STATE,
    });
    const results = await Promise.allSettled([
      markWithdrawalFailed(t.db, w2.id, bob.userId, '帳戶名稱不符'),
      markWithdrawalFailed(t.db, w2.id, bob.userId, '帳戶名稱不符'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await getBalances(t.db, alice.userId)).income).toBe(200);
    const mine = await t.call('GET', '/mdr/api/v1/user/withdraw-records', { token: alice.token });
    expect(mine.data.list.find((w: { id: number }) => w.id === w2.id)).toMatchObject({
      status: 'failed',
      reason: '帳戶名稱不符',
    });
    await expect(markWithdrawalPaid(t.db, 999999, bob.userId)).rejects.toMatchObject({ code: E.NOT_FOUND });
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });
});

describe('bad input never answers 5xx', () => {
  it('matrix', async () => {
    const token = alice.token;
    const calls: [string, string, unknown?][] = [
      [
        'POST',
        '/mdr/api/v1/user/withdraw-records',
        { amount: '100', user_bank_id: 1, idempotency_key: 'abcdefgh' },
      ],
      [
        'POST',
        '/mdr/api/v1/user/withdraw-records',
        { amount: 1e12, user_bank_id: 1, idempotency_key: 'abcdefgh' },
      ],
      [
        'POST',
        '/mdr/api/v1/user/withdraw-records',
        { amount: -5, user_bank_id: 1, idempotency_key: 'abcdefgh' },
      ],
      [
        'POST',
        '/mdr/api/v1/user/withdraw-records',
        { amount: 100, user_bank_id: 2 ** 40, idempotency_key: 'abcdefgh' },
      ],
      ['POST', '/mdr/api/v1/user/withdraw-records', null],
      [
        'POST',
        '/mdr/api/v1/user/yun-coin-orders',
        { package_id: 'hkd10', pay_method: 'card', idempotency_key: 'x' },
      ],
      [
        'POST',
        '/mdr/api/v1/user/yun-coin-orders',
        { package_id: ['hkd10'], pay_method: 'card', idempotency_key: 'abcdefgh' },
      ],
      ['POST', '/mdr/api/v1/international/user-banks', { ...CARD, card_number: 4111111111111111 }],
      ['POST', '/mdr/api/v1/international/user-banks', 'not json'],
      ['GET', '/mdr/api/v1/user/withdraw-record/amount?amount=abc'],
      ['GET', '/mdr/api/v1/user/withdraw-record/amount'],
      ['GET', '/mdr/api/v1/user/balance-details?type=robbery'],
      ['GET', '/mdr/api/v1/user/balance-details?page=0'],
      ['GET', '/mdr/api/v1/user/balance-details?size=100000'],
      ['GET', '/mdr/api/v1/user/yun-coin-orders/..%2F..%2Fetc'],
      ['GET', `/mdr/api/v1/user/yun-coin-orders/${'9'.repeat(300)}`],
      ['DELETE', '/mdr/api/v1/user-banks/abc'],
      ['DELETE', '/mdr/api/v1/user-banks/99999999999'],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as 'GET', url, {
        token,
        ...(typeof body === 'string'
          ? { payload: body, headers: { 'content-type': 'application/json' } }
          : body === undefined
            ? {}
            : { body }),
      });
      expect([url, JSON.stringify(body), res.status < 500, res.code !== 0 && res.code !== E.SERVER]).toEqual([
        url,
        JSON.stringify(body),
        true,
        true,
      ]);
    }
  });

  it('every wallet endpoint asks a visitor to log in', async () => {
    const visitor = await t.token();
    for (const [method, url] of [
      ['GET', '/mdr/api/v1/user/wallets'],
      ['GET', '/mdr/api/v1/user/balance-details'],
      ['GET', '/mdr/api/v1/user-banks'],
      ['POST', '/mdr/api/v1/international/user-banks'],
      ['DELETE', '/mdr/api/v1/user-banks/1'],
      ['GET', '/mdr/api/v1/user/withdraw-records'],
      ['POST', '/mdr/api/v1/user/withdraw-records'],
      ['GET', '/mdr/api/v1/user/expert-incomes'],
      ['POST', '/mdr/api/v1/user/yun-coin-orders'],
    ]) {
      expect([url, (await t.call(method as 'GET', url, { token: visitor })).code]).toEqual([
        url,
        E.NOT_LOGGED_IN,
      ]);
    }
  });
});
