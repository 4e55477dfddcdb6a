import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { settleDue } from '../plans';
import { finishMatch, makeMatches, withPlansExpert } from '../plans/test-support';

let t: TestApp;
let expert: { token: string; userId: number };
const { publish, buyers } = withPlansExpert({ phonePrefix: '6444', title: '專家中心測試' }, (app, ex) => {
  t = app;
  expert = ex;
});

const home = (token: string) => t.call('GET', '/mdr/api/v1/user/expert/home', { token });
const settlements = (token: string, q = '') =>
  t.call('GET', `/mdr/api/v1/user/expert/settlements${q}`, { token });

describe('expert centre', () => {
  it('shows what each plan sold, refunded and paid, and the totals, after settlement', async () => {
    const [m1, m2, m3] = await makeMatches(t.db, 3);
    const red = await publish([m1], ['3'], 28, true); // home win picked, home wins: red; 3 × 28 sold, 70% paid
    const refunded = await publish([m2], ['3'], 18, true); // not red with the refund flag
    const open = await publish([m3], ['1'], 38, false); // its match has not been played
    await buyers(red, 3);
    await buyers(refunded, 2);
    await buyers(open, 1);
    await finishMatch(t.db, m1, [2, 0]);
    await finishMatch(t.db, m2, [0, 1]);
    await settleDue(t.db);

    const list = await settlements(expert.token);
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(3);
    const byId = new Map(list.data.list.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(red)).toMatchObject({
      result: 'red',
      settle_state: 1,
      sales: 84,
      refunded: 0,
      income: 58,
    });
    expect(byId.get(refunded)).toMatchObject({
      result: 'black',
      sales: 36,
      refunded: 2,
      refunded_amount: 36,
      income: 0,
    });
    expect(byId.get(open)).toMatchObject({ result: 'pending', on_sale: true, sales: 38, income: 0 });
    // newest first, no paid content in the list
    expect(list.data.list[0].id).toBe(open);
    expect(list.data.list[0]).not.toHaveProperty('content');

    const h = await home(expert.token);
    expect(h.code).toBe(0);
    expect(h.data).toMatchObject({
      expert_status: 1,
      income: 58,
      earned: 58,
      from_plans: 58,
      withdrawn: 0,
      plans: { published: 3, on_sale: 1, settled: 2, red: 1, expired: 0, buyers: 6 },
    });
    expect(h.data.statistics).toMatchObject({ predicted_count: 2, predicted_hits: 1 });
  });

  it('pages the settlement list', async () => {
    const p1 = await settlements(expert.token, '?page=1&size=2');
    const p2 = await settlements(expert.token, '?page=2&size=2');
    expect(p1.data.list).toHaveLength(2);
    expect(p2.data.list).toHaveLength(1);
    expect(p1.data.list.map((p: { id: number }) => p.id)).not.toContain(p2.data.list[0].id);
  });

  it('is the caller own: another user sees their own empty centre, not the expert one', async () => {
    const other = await t.loginByPhone('64449999');
    const h = await home(other.token);
    expect(h.data).toMatchObject({
      expert_status: 'none',
      income: 0,
      plans: { published: 0 },
      statistics: null,
    });
    expect((await settlements(other.token)).data).toMatchObject({ list: [], total: 0 });
  });

  it('needs a login, and bad paging answers a clear error, never a 5xx', async () => {
    for (const path of ['/mdr/api/v1/user/expert/home', '/mdr/api/v1/user/expert/settlements']) {
      const r = await t.call('GET', path, { token: await t.token() });
      expect(r.code).toBe(110000);
    }
    for (const q of ['?page=0', '?size=1000', '?page=x', '?size=-1', '?page=1e9', '?size=1.5']) {
      const r = await settlements(expert.token, q);
      expect(r.status, q).toBeLessThan(500);
      expect(r.code, q).not.toBe(0);
    }
  });
});
