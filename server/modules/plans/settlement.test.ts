import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, plans, userMessages } from '../../db/schema';
import { fakeClock } from '../../http/clock';
import type { TestApp } from '../../test/harness';
import { checkLedgerInvariant, getBalances } from '../wallet';
import { renewDue } from './renewal';
import { settleDue } from './settlement';
import { finishMatch, fund, makeExpert, makeMatches, setStatus, withPlansExpert } from './test-support';

let t: TestApp;
let expert: { token: string; userId: number };
const { publish, buyers, key } = withPlansExpert({ phonePrefix: '6333', title: '結算測試' }, (app, ex) => {
  t = app;
  expert = ex;
});

const state = async (id: number) => (await t.db.select().from(plans).where(eq(plans.id, id)))[0];
/** the system messages a buyer got about a plan (kind and params) */
const told = async (userId: number, planId: number) =>
  (
    await t.db
      .select({ kind: userMessages.kind, params: userMessages.params, actor: userMessages.actorId })
      .from(userMessages)
      .where(
        and(
          eq(userMessages.userId, userId),
          eq(userMessages.category, 'system'),
          eq(userMessages.targetType, 'plan'),
          eq(userMessages.targetId, planId),
        ),
      )
  ).map((m) => ({ ...m, params: m.params as Record<string, unknown> }));

describe('settlement', () => {
  it('red: the expert is credited 70% of sales; buyers keep their content; stats record the hit', async () => {
    const [mid] = await makeMatches(t.db, 1);
    const id = await publish([mid], ['3'], 28, true);
    const bs = await buyers(id, 3);
    expect((await settleDue(t.db, { matchId: mid })).settled).toBe(0); // not finished yet
    await finishMatch(t.db, mid, [2, 1]);
    const before = (await getBalances(t.db, expert.userId)).income;
    const r = await settleDue(t.db, { matchId: mid });
    expect(r.settled).toBe(1);
    const p = await state(id);
    expect(p).toMatchObject({ settleState: 1, hit: true });
    expect((await getBalances(t.db, expert.userId)).income - before).toBe(Math.floor((28 * 3 * 70) / 100));
    for (const b of bs) expect((await getBalances(t.db, b)).coins).toBe(72);
    // each buyer is told, once, by a system message naming the expert and the plan
    for (const b of bs)
      expect(await told(b, id)).toEqual([
        {
          kind: 'plan_red',
          actor: expert.userId,
          // the title as the expert typed it, for readers of every script (free text is not converted)
          params: { title: expect.any(String), coins: 0 },
        },
      ]);
    expect(r.told).toEqual(expect.arrayContaining(bs));
    const stats = await t.call('GET', `/mdr/api/v1/user/expert-statistics?expert_id=${expert.userId}`, {
      token: await t.token(),
    });
    expect(stats.data).toMatchObject({
      predicted_count: 1,
      predicted_hits: 1,
      current_streak: 1,
      best_streak: 1,
    });
    const card = await t.call('GET', `/mdr/api/v1/user/expert-plans/${id}`, { token: await t.token() });
    expect(card.data).toMatchObject({ result: 'red', settle_state: 1 });
  });

  it('not red with the refund flag: every buyer is refunded and the expert gets nothing', async () => {
    const [mid] = await makeMatches(t.db, 1);
    const id = await publish([mid], ['3'], 38, true);
    const bs = await buyers(id, 4);
    await finishMatch(t.db, mid, [0, 1]);
    const before = (await getBalances(t.db, expert.userId)).income;
    await settleDue(t.db);
    expect(await state(id)).toMatchObject({ settleState: 1, hit: false });
    for (const b of bs) expect((await getBalances(t.db, b)).coins).toBe(100);
    for (const b of bs)
      expect((await told(b, id)).map((m) => [m.kind, m.params.coins])).toEqual([['plan_black_refund', 38]]);
    expect((await getBalances(t.db, expert.userId)).income).toBe(before);
    const s = await t.call('GET', `/mdr/api/v1/user/expert-statistics?expert_id=${expert.userId}`, {
      token: await t.token(),
    });
    expect(s.data).toMatchObject({
      predicted_count: 2,
      predicted_hits: 1,
      current_streak: 0,
      best_streak: 1,
    });
  });

  it('not red without the refund flag: the expert is still paid', async () => {
    const [mid] = await makeMatches(t.db, 1);
    const id = await publish([mid], ['1'], 18, false);
    const bs = await buyers(id, 2);
    await finishMatch(t.db, mid, [3, 0]);
    const before = (await getBalances(t.db, expert.userId)).income;
    await settleDue(t.db);
    for (const b of bs) expect((await told(b, id)).map((m) => m.kind)).toEqual(['plan_black']);
    expect((await getBalances(t.db, expert.userId)).income - before).toBe(Math.floor((36 * 70) / 100));
  });

  it('a postponed match expires the plan (state 2) and refunds every buyer', async () => {
    const ms = await makeMatches(t.db, 2);
    const id = await publish(ms, ['3'], 58, false);
    const bs = await buyers(id, 2);
    await finishMatch(t.db, ms[0], [1, 0]);
    await setStatus(t.db, ms[1], 13);
    await settleDue(t.db);
    expect(await state(id)).toMatchObject({ settleState: 2, hit: null });
    for (const b of bs) expect((await getBalances(t.db, b)).coins).toBe(100);
    for (const b of bs)
      expect((await told(b, id)).map((m) => [m.kind, m.params.coins])).toEqual([['plan_void', 58]]);
  });

  it('a combination is red only when every match hits; grading covers handicap, half/full time, goals, score', async () => {
    const ms = await makeMatches(t.db, 6);
    const combo = await publish(ms.slice(0, 2), ['3'], 0, false);
    const bqc = await publish([ms[2]], ['1-3', '3-3'], 0, false, 'bqc');
    const zjq = await publish([ms[3]], ['3'], 0, false, 'zjq');
    const bf = await publish([ms[4]], ['2:1'], 0, false, 'bf');
    await finishMatch(t.db, ms[0], [1, 0]);
    await finishMatch(t.db, ms[1], [0, 0]);
    await finishMatch(t.db, ms[2], [2, 1], [0, 0]);
    await finishMatch(t.db, ms[3], [2, 1]);
    await finishMatch(t.db, ms[4], [2, 1]);
    await settleDue(t.db);
    expect((await state(combo)).hit).toBe(false);
    expect((await state(bqc)).hit).toBe(true);
    expect((await state(zjq)).hit).toBe(true);
    expect((await state(bf)).hit).toBe(true);
  });

  it('two settlement runs at once settle each plan once (one income entry per plan)', async () => {
    const ms = await makeMatches(t.db, 3);
    const ids = [await publish([ms[0]], ['3'], 18, false), await publish([ms[1]], ['3'], 18, true)];
    await buyers(ids[0], 2);
    await buyers(ids[1], 2);
    await finishMatch(t.db, ms, [1, 0]);
    const before = (await getBalances(t.db, expert.userId)).income;
    const [a, b] = await Promise.all([settleDue(t.db), settleDue(t.db, { matchId: ms[0] })]);
    expect(a.settled + b.settled).toBe(2);
    expect((await getBalances(t.db, expert.userId)).income - before).toBe(2 * Math.floor((36 * 70) / 100));
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.idempotencyKey} in (${`plan-income:${ids[0]}`}, ${`plan-income:${ids[1]}`})`,
      );
    expect(entries).toHaveLength(2);
    expect((await settleDue(t.db)).settled).toBe(0);
    expect((await checkLedgerInvariant(t.db)).mismatches).toEqual([]);
  });
});

describe('subscription renewal', () => {
  it('charges the next period when one ends, and lapses with a notice when the coins are short', async () => {
    const ex2 = await t.loginByPhone('63339001');
    await makeExpert(t.db, ex2.userId);
    await t.db.execute(sql`insert into sub_packages (expert_id, days, price) values (${ex2.userId}, 7, 50)`);
    const pk = await t.call('GET', `/mdr/api/v1/user/expert-subs/${ex2.userId}`, { token: await t.token() });
    const pkg = pk.data.packages[0].id;
    const rich = await t.loginByPhone('63339002');
    const poor = await t.loginByPhone('63339003');
    await fund(t.db, rich.userId, 200);
    await fund(t.db, poor.userId, 60);
    for (const u of [rich, poor]) {
      const r = await t.call('POST', `/mdr/api/v1/user/expert-subscriptions/${pkg}/orders`, {
        token: u.token,
        body: { idempotency_key: key('s'), auto_renew: true },
      });
      expect(r.code).toBe(0);
    }
    const published: unknown[] = [];
    const hub = { publish: async (topic: string, data: unknown) => published.push({ topic, data }) };
    const clock = fakeClock(Date.now() + 8 * 86_400_000);
    try {
      const r1 = await renewDue({ db: t.db, hub: hub as never });
      const r2 = await renewDue({ db: t.db, hub: hub as never }); // a second run finds nothing due
      expect(r1.renewed).toBeGreaterThanOrEqual(1);
      expect(r1.lapsed).toBeGreaterThanOrEqual(1);
      expect(r2).toEqual({ renewed: 0, lapsed: 0 });
    } finally {
      clock.restore();
    }
    expect((await getBalances(t.db, rich.userId)).coins).toBe(100);
    expect((await getBalances(t.db, poor.userId)).coins).toBe(10);
    const subsRich = await t.call('GET', '/mdr/api/v1/user/expert-subscriptions', { token: rich.token });
    expect(subsRich.data.list[0]).toMatchObject({ period: 2, status: 'active' });
    const subsPoor = await t.call('GET', '/mdr/api/v1/user/expert-subscriptions', { token: poor.token });
    expect(subsPoor.data.list[0]).toMatchObject({ status: 'lapsed', active: false });
    expect(published).toContainEqual({
      topic: `user:${poor.userId}`,
      data: expect.objectContaining({
        kind: 'notice',
        type: 'subscription_lapsed',
        reason: 'insufficient_coins',
      }),
    });
    const notices = await t.db.execute(sql`select kind from expert_notices where user_id = ${poor.userId}`);
    expect((notices as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // the lapse is a system message (spec §7's operation-record messages) and the badge count is pushed
    const sys = await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', {
      token: poor.token,
    });
    expect(sys.data.list[0]).toMatchObject({
      kind: 'subscription_insufficient_coins',
      actor: { id: ex2.userId },
      target_type: 'expert',
    });
    expect(published).toContainEqual({
      topic: `user:${poor.userId}`,
      data: { kind: 'messages', data: expect.objectContaining({ system: 1 }) },
    });
    const richSys = await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', {
      token: rich.token,
    });
    expect(richSys.data.list.filter((m: { kind: string }) => m.kind.startsWith('subscription_'))).toEqual([]);
  });
});
