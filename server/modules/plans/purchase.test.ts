import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkLedgerInvariant, getBalances } from '../wallet';
import { overridePlanRules } from './rules';
import { CONTENT_OK, fund, makeExpert, makeMatches, setStatus } from './test-support';

let t: TestApp;
let expert: { token: string; userId: number };
let buyer: { token: string; userId: number };
let other: { token: string; userId: number };
let m: number[];
let n = 0;
const key = (p = 'k') => `${p}-${Date.now()}-${++n}`;

async function publish(price: number, matchId = m[0], token = expert.token) {
  const r = await t.call('POST', '/mdr/api/v1/user/expert-plans', {
    token,
    body: {
      lottery: 'jczq',
      play_type: 'spf',
      matches: [{ match_id: matchId, picks: ['3'] }],
      title: `標題${n}`,
      content: CONTENT_OK,
      price,
      idempotency_key: key('pub'),
    },
  });
  if (r.code !== 0) throw new Error(`publish ${r.code} ${r.msg}`);
  return r.data.id as number;
}
const buy = (id: number, token: string, k = key('buy')) =>
  t.call('POST', `/mdr/api/v1/user/expert-plans/${id}/orders`, { token, body: { idempotency_key: k } });
const detail = (id: number, token?: string) =>
  t.call('GET', `/mdr/api/v1/user/expert-plans/${id}`, { token: token ?? null });

beforeAll(async () => {
  t = await createTestApp();
  overridePlanRules({ dailyPublishQuota: 1000 });
  expert = await t.loginByPhone('62220001');
  buyer = await t.loginByPhone('62220002');
  other = await t.loginByPhone('62220003');
  await makeExpert(t.db, expert.userId);
  m = await makeMatches(t.db, 4);
});
afterAll(async () => {
  overridePlanRules(null);
  await t?.close();
});

describe('who reads the paid content', () => {
  it('title public, content and picks locked for visitors and other users; open for author and buyer', async () => {
    const id = await publish(18);
    const visitor = await detail(id, await t.token());
    expect(visitor.code).toBe(0);
    expect(visitor.data).toMatchObject({ title: expect.any(String), content: null, locked: true, price: 18 });
    expect(visitor.data.matches[0].picks).toBeNull();
    expect((await detail(id, other.token)).data.content).toBeNull();
    expect((await detail(id, expert.token)).data).toMatchObject({
      content: CONTENT_OK,
      locked: false,
      is_author: true,
    });

    await fund(t.db, buyer.userId, 100);
    const bought = await buy(id, buyer.token);
    expect(bought.code).toBe(0);
    expect(bought.data).toMatchObject({ already_purchased: false, charged: 18, balance: 82 });
    expect((await detail(id, buyer.token)).data).toMatchObject({
      content: CONTENT_OK,
      locked: false,
      purchased: true,
    });
    expect((await detail(id, buyer.token)).data.matches[0].picks).toEqual(['3']);
    // buying does not open it for anyone else
    expect((await detail(id, other.token)).data.content).toBeNull();
    // lists never carry the content
    const list = await t.call('GET', `/mdr/api/v1/user/expert-plans?expert_id=${expert.userId}`, {
      token: buyer.token,
    });
    expect(JSON.stringify(list.data)).not.toContain(CONTENT_OK.slice(0, 20));
  });

  it('free plans are open to everyone', async () => {
    const id = await publish(0);
    expect((await detail(id, await t.token())).data).toMatchObject({ content: CONTENT_OK, locked: false });
  });

  it('an active subscriber reads every plan of the expert; others do not', async () => {
    const id = await publish(28);
    const sub = await t.loginByPhone('62220004');
    await fund(t.db, sub.userId, 500);
    const pk = await t.call('GET', `/mdr/api/v1/user/expert-subs/${expert.userId}`, { token: sub.token });
    expect(pk.code).toBe(0);
    expect(pk.data.packages).toEqual([]);
    await t.db.execute(
      `insert into sub_packages (expert_id, days, price) values (${expert.userId}, 7, 88)` as never,
    );
    const pk2 = await t.call('GET', `/mdr/api/v1/user/expert-subs/${expert.userId}`, { token: sub.token });
    const order = await t.call(
      'POST',
      `/mdr/api/v1/user/expert-subscriptions/${pk2.data.packages[0].id}/orders`,
      {
        token: sub.token,
        body: { idempotency_key: key('sub'), auto_renew: true },
      },
    );
    expect(order.code).toBe(0);
    expect(order.data.active).toBe(true);
    expect((await detail(id, sub.token)).data).toMatchObject({ content: CONTENT_OK, subscribed: true });
    expect((await getBalances(t.db, sub.userId)).coins).toBe(500 - 88);

    // another user's subscriptions and purchases are not theirs to read or cancel
    const mine = await t.call('GET', '/mdr/api/v1/user/expert-subscriptions', { token: other.token });
    expect(mine.data.total).toBe(0);
    const cancel = await t.call('POST', `/mdr/api/v1/user/expert-subscriptions/${order.data.id}/cancel`, {
      token: other.token,
    });
    expect(cancel.code).toBe(100404);
    const theirPurchases = await t.call('GET', '/mdr/api/v1/user/expert-plan/purchases', {
      token: other.token,
    });
    expect(theirPurchases.data.total).toBe(0);
    const experts = await t.call('GET', '/mdr/api/v1/user/expert-subscription/experts', { token: sub.token });
    expect(experts.data.list[0].id).toBe(expert.userId);
    // cancelling auto-renew keeps access until the period ends
    const off = await t.call('POST', `/mdr/api/v1/user/expert-subscriptions/${order.data.id}/cancel`, {
      token: sub.token,
    });
    expect(off.data).toMatchObject({ auto_renew: false, active: true });
    expect((await detail(id, sub.token)).data.locked).toBe(false);
  });
});

describe('buying', () => {
  it('110300 when the coins are short, and nothing is recorded', async () => {
    const id = await publish(88);
    const poor = await t.loginByPhone('62220005');
    await fund(t.db, poor.userId, 10);
    const r = await buy(id, poor.token);
    expect(r.code).toBe(110300);
    expect((await getBalances(t.db, poor.userId)).coins).toBe(10);
    expect((await detail(id, poor.token)).data.locked).toBe(true);
    expect(
      (await t.call('GET', '/mdr/api/v1/user/expert-plan/purchases', { token: poor.token })).data.total,
    ).toBe(0);
  });

  it('a retry (same key) and a second purchase (new key) never charge twice', async () => {
    const id = await publish(18);
    const u = await t.loginByPhone('62220006');
    await fund(t.db, u.userId, 50);
    const k = key('same');
    const [a, b] = await Promise.all([buy(id, u.token, k), buy(id, u.token, k)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect([a.data.already_purchased, b.data.already_purchased].sort()).toEqual([false, true]);
    const c = await buy(id, u.token);
    expect(c.data.already_purchased).toBe(true);
    expect((await getBalances(t.db, u.userId)).coins).toBe(32);
    const list = await t.call('GET', '/mdr/api/v1/user/expert-plan/purchases', { token: u.token });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].plan.id).toBe(id);
  });

  it('not your own plan, not after kick-off, not a missing plan, not as a visitor', async () => {
    const id = await publish(18, m[3]);
    expect((await buy(id, expert.token)).code).toBe(130117);
    await setStatus(t.db, m[3], 2);
    await t.db.execute(`update plans set close_at = now() - interval '1 minute' where id = ${id}` as never);
    expect((await buy(id, buyer.token)).code).toBe(130118);
    expect((await buy(99999999, buyer.token)).code).toBe(100404);
    expect((await buy(id, await t.token())).code).toBe(110000);
  });

  it('200 concurrent purchases from a wallet that affords 100: exactly 100 succeed, balance 0, ledger holds', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) ids.push(await publish(18, m[i % 3]));
    const rich = await t.loginByPhone('62220007');
    await fund(t.db, rich.userId, 1800);
    const results = await Promise.all(ids.map((id) => buy(id, rich.token)));
    expect(results.filter((r) => r.status >= 500)).toHaveLength(0);
    expect(results.filter((r) => r.code === 0)).toHaveLength(100);
    expect(results.filter((r) => r.code === 110300)).toHaveLength(100);
    expect((await getBalances(t.db, rich.userId)).coins).toBe(0);
    const purchases = await t.call('GET', '/mdr/api/v1/user/expert-plan/purchases?size=1', {
      token: rich.token,
    });
    expect(purchases.data.total).toBe(100);
    const inv = await checkLedgerInvariant(t.db);
    expect(inv.mismatches).toEqual([]);
  }, 60_000);
});
