import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { liveCreators } from '../../db/schema';
import { fakeClock, resetClock } from '../../http/clock';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkLedgerInvariant, getBalances, postLedger } from '../wallet';
import { drawBag, drawDueBags, splitBag } from './lucky-bag-service';

let t: TestApp;
let creator: { token: string; userId: number };
const fans: { token: string; userId: number }[] = [];
let n = 0;
const tap = () => `bag-${Date.now()}-${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  creator = await t.loginByPhone('62171001');
  for (let i = 0; i < 5; i++) fans.push(await t.loginByPhone(`6217110${i}`));
  await t.db.insert(liveCreators).values({ userId: creator.userId });
  // the creator's income: what bags are paid from
  await postLedger(t.db, {
    userId: creator.userId,
    account: 'income',
    amount: 1000,
    type: 'expert_income',
    idempotencyKey: 'bag-test-income',
  });
});
afterAll(async () => t?.close());
afterEach(() => resetClock());

/** Every coin and income balance of the users in this test, summed. */
async function money(): Promise<number> {
  const ids = [creator.userId, ...fans.map((f) => f.userId)];
  let sum = 0;
  for (const id of ids) {
    const b = await getBalances(t.db, id);
    sum += b.coins + b.income;
  }
  return sum;
}

async function openRoom(): Promise<number> {
  const r = await t.call('POST', '/mdr/api/v1/live/rooms', {
    token: creator.token,
    body: { title: '福袋測試：曼城對利物浦賽前', category: 'football' },
  });
  if (r.code === 170104) return r.data.room_id as number;
  return r.data.id as number;
}

const drop = (room: number, body: Record<string, unknown>, token = creator.token) =>
  t.call('POST', `/mdr/api/v1/live/rooms/${room}/lucky-bags`, {
    token,
    body: { total: 100, shares: 3, mode: 'random', seconds: 60, tap_id: tap(), ...body },
  });
const join = (bag: number, token: string) =>
  t.call('POST', `/mdr/api/v1/live/lucky-bags/${bag}/join`, { token });

describe('lucky bag split', () => {
  it('random parts are each at least one coin and sum to the total; even parts are equal', () => {
    for (let i = 0; i < 200; i++) {
      const parts = splitBag(100, 7, 'random');
      expect(parts).toHaveLength(7);
      expect(parts.every((p) => p >= 1)).toBe(true);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
    }
    expect(splitBag(5, 5, 'random')).toEqual([1, 1, 1, 1, 1]);
    expect(splitBag(100, 3, 'even')).toEqual([33, 33, 33]);
  });
});

describe('lucky bags', () => {
  it('moves coins only through the ledger: sum before == sum after, one claim each, refunds the rest', async () => {
    const clock = fakeClock();
    const room = await openRoom();
    const before = await money();
    const made = await drop(room, { total: 100, shares: 3, mode: 'random', tap_id: 'bag-tap-one' });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ status: 'open', total: 100, shares: 3, entrants: 0, mine: true });
    // a retried tap makes no second bag and takes no more income
    const again = await drop(room, { total: 100, shares: 3, mode: 'random', tap_id: 'bag-tap-one' });
    expect(again.data.id).toBe(made.data.id);
    expect((await getBalances(t.db, creator.userId)).income).toBe(900);
    // one open bag per room
    expect((await drop(room, {})).code).toBe(170303);
    // only the room's creator drops, and the creator cannot join
    expect((await drop(room, {}, fans[0].token)).code).toBe(170101);
    expect((await join(made.data.id, creator.token)).code).toBe(170302);

    const bag = made.data.id as number;
    const joined = await join(bag, fans[0].token);
    expect(joined.data).toMatchObject({ joined: true, entrants: 1, my_amount: null });
    expect((await join(bag, fans[0].token)).data.entrants).toBe(1); // once per user
    expect((await join(bag, fans[1].token)).data.entrants).toBe(2);
    expect(await drawBag(t.db, bag)).toBeNull(); // not before the countdown ends

    clock.advance(61_000);
    expect((await join(bag, fans[2].token)).code).toBe(170301); // too late
    const drawn = await drawDueBags(t.db);
    expect(drawn.map((d) => d.id)).toContain(bag);
    expect(await drawBag(t.db, bag)).toBeNull(); // never twice
    const seen = await t.call('GET', `/mdr/api/v1/live/rooms/${room}/lucky-bag`, { token: fans[0].token });
    expect(seen.data.bag).toMatchObject({ id: bag, status: 'drawn', entrants: 2, joined: true });
    // two entrants, three shares: both win one share; the third share goes back to the creator
    expect(seen.data.bag.winners).toHaveLength(2);
    const won = seen.data.bag.winners.reduce((a: number, w: { amount: number }) => a + w.amount, 0);
    expect(seen.data.bag.paid).toBe(won);
    expect(seen.data.bag.refunded).toBe(100 - won);
    expect(won).toBeGreaterThanOrEqual(2);
    expect(won).toBeLessThanOrEqual(99);
    expect((await getBalances(t.db, creator.userId)).income).toBe(900 + 100 - won);
    const f0 = (await getBalances(t.db, fans[0].userId)).coins;
    const f1 = (await getBalances(t.db, fans[1].userId)).coins;
    expect(f0 + f1).toBe(won);
    expect(f0).toBe(seen.data.bag.my_amount);
    expect(await money()).toBe(before);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
    clock.restore();
  });

  it('an even bag with more entrants than shares pays shares winners; the odd coins go back', async () => {
    const clock = fakeClock();
    const room = await openRoom();
    const before = await money();
    const made = await drop(room, { total: 100, shares: 3, mode: 'even', seconds: 180 });
    expect(made.code).toBe(0);
    const bag = made.data.id as number;
    // five viewers join at once
    await Promise.all(fans.map((f) => join(bag, f.token)));
    clock.advance(181_000);
    // two draws racing: one pays
    await Promise.all([drawBag(t.db, bag), drawBag(t.db, bag)]);
    const seen = await t.call('GET', `/mdr/api/v1/live/rooms/${room}/lucky-bag`, { token: creator.token });
    expect(seen.data.bag).toMatchObject({ status: 'drawn', entrants: 5, paid: 99, refunded: 1 });
    expect(seen.data.bag.winners.map((w: { amount: number }) => w.amount)).toEqual([33, 33, 33]);
    const [{ n: entries }] = await rows(
      t.db,
      sql`select count(*)::int as n from ledger_entries where ref_type = 'live_lucky_bag' and ref_id = ${String(bag)}`,
    );
    expect(entries).toBe(1 + 3 + 1); // the debit, three prizes, one refund
    expect(await money()).toBe(before);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
    clock.restore();
  });

  it('an empty bag goes back whole; too little income is refused with nothing moved', async () => {
    const clock = fakeClock();
    const room = await openRoom();
    const income = (await getBalances(t.db, creator.userId)).income;
    const poor = await drop(room, { total: income + 1, shares: 1 });
    expect(poor.code).toBe(110301);
    const none = await t.call('GET', `/mdr/api/v1/live/rooms/${room}/lucky-bag`, { token: fans[0].token });
    expect(none.data.bag?.status).not.toBe('open');
    expect((await drop(room, { total: 10, shares: 11 })).code).toBe(170304);
    const made = await drop(room, { total: 50, shares: 5 });
    expect((await getBalances(t.db, creator.userId)).income).toBe(income - 50);
    clock.advance(61_000);
    // the room's page draws a due bag on sight
    const seen = await t.call('GET', `/mdr/api/v1/live/rooms/${room}/lucky-bag`, { token: fans[0].token });
    expect(seen.data.bag).toMatchObject({ id: made.data.id, status: 'drawn', paid: 0, refunded: 50 });
    expect((await getBalances(t.db, creator.userId)).income).toBe(income);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
    clock.restore();
  });

  it('refuses bad input with 100400 and unknown ids with 100404', async () => {
    const room = await openRoom();
    for (const body of [
      { total: 5 },
      { shares: 0 },
      { shares: 1000 },
      { mode: 'loud' },
      { seconds: 61 },
      { tap_id: 'x' },
      { extra: 1 },
    ])
      expect((await drop(room, body)).code).toBe(100400);
    expect((await drop(2147480000, {})).code).toBe(100404);
    expect((await join(2147480000, fans[0].token)).code).toBe(100404);
    const g = await t.call('GET', '/mdr/api/v1/live/rooms/2147480000/lucky-bag', { token: fans[0].token });
    expect(g.code).toBe(100404);
    const visitor = await t.call('POST', '/mdr/api/v1/live/lucky-bags/1/join', { token: await t.token() });
    expect(visitor.code).toBe(110000);
  });
});

describe('the creation form (same app: the creator above)', () => {
  it('offers the coming week of matches to link, to creators only; an empty cover is no cover', async () => {
    const opts = await t.call('GET', '/mdr/api/v1/live/match-options', { token: creator.token });
    expect(opts.code).toBe(0);
    expect(Array.isArray(opts.data.list)).toBe(true);
    for (const o of opts.data.list) expect(o.label).toMatch(/ vs .+ · \d\d\/\d\d \d\d:\d\d$/);
    expect((await t.call('GET', '/mdr/api/v1/live/match-options', { token: fans[0].token })).code).toBe(
      170101,
    );
    const room = await openRoom();
    await t.call('POST', `/mdr/api/v1/live/rooms/${room}/end`, { token: creator.token });
    const made = await t.call('POST', '/mdr/api/v1/live/rooms', {
      token: creator.token,
      body: {
        title: '英超焦點賽前分析',
        category: 'analysis',
        cover: '',
        ...(opts.data.list[0] ? { match_id: opts.data.list[0].value } : {}),
      },
    });
    expect(made.code).toBe(0);
    expect(made.data.cover).toBe('');
    expect(made.data.match_id).toBe(opts.data.list[0]?.value ?? null);
  });
});
