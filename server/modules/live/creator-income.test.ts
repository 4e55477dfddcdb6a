/**
 * What the creator's pages show: the open room instead of a creation form that could only answer
 * 170104, and income that adds up for small gifts (60 % of a 1-coin gift is not simply dropped);
 * the feed's rows name a room's linked match.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCreators, matches, teams } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkLedgerInvariant, getBalances, postLedger } from '../wallet';

let t: TestApp;
let creator: { token: string; userId: number };
let fans: { token: string; userId: number }[];
let n = 0;
const tap = () => `income-tap-${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  creator = await t.loginByPhone('62176001');
  fans = [await t.loginByPhone('62176002'), await t.loginByPhone('62176003')];
  await t.db.insert(liveCreators).values({ userId: creator.userId });
  for (const fan of fans)
    await postLedger(t.db, {
      userId: fan.userId,
      account: 'coins',
      amount: 40,
      type: 'recharge',
      idempotencyKey: `creator-income-${fan.userId}`,
    });
});
afterAll(async () => t?.close());

const newRoom = () =>
  t.call('POST', '/mdr/api/v1/live/rooms', {
    token: creator.token,
    body: { title: '細禮物都計數', category: 'talk' },
  });
const whistle = (room: number, fan = fans[0]) =>
  t.call('POST', `/mdr/api/v1/live/rooms/${room}/gifts`, {
    token: fan.token,
    body: { gift_id: 'whistle', tap_id: tap() },
  });
const creatorState = async () =>
  (await t.call('GET', '/mdr/api/v1/live/creator', { token: creator.token })).data;
const roomSummary = async (room: number) =>
  (await t.call('GET', `/mdr/api/v1/live/rooms/${room}/summary`, { token: creator.token })).data;
const income = async () => (await t.call('GET', '/mdr/api/v1/live/income', { token: creator.token })).data;

describe('creator pages', () => {
  it('names the open room (until it ends) so the page can show it instead of the form', async () => {
    expect(await creatorState()).toMatchObject({ creator: true, open_room_id: null });
    const room = (await newRoom()).data.id as number;
    expect((await creatorState()).open_room_id).toBe(room);
    expect((await newRoom()).code).toBe(170104);
    await t.call('POST', `/mdr/api/v1/live/rooms/${room}/end`, { token: creator.token });
    expect((await creatorState()).open_room_id).toBeNull();
  });

  it('credits the floor of all gifts x 60 %, carrying the fraction to later gifts and rooms', async () => {
    const before = (await getBalances(t.db, creator.userId)).income;
    const room = (await newRoom()).data.id as number;
    // 1 coin x 60 % = 0.6: nothing credited yet, the 0.6 is kept
    expect((await whistle(room)).code).toBe(0);
    let summary = await roomSummary(room);
    expect(summary).toMatchObject({ coins: 1, income: 0, share_percent: 60, share_hundredths: 60 });
    expect(await income()).toMatchObject({ carry_hundredths: 60 });
    await whistle(room);
    await whistle(room);
    const ended = await t.call('POST', `/mdr/api/v1/live/rooms/${room}/end`, { token: creator.token });
    // 3 coins x 60 % = 1.8: 1 coin credited, 0.8 carried; the page's numbers add up
    expect(ended.data).toMatchObject({ coins: 3, income: 1, share_hundredths: 180 });
    expect(await income()).toMatchObject({ total_income: 1, carry_hundredths: 80 });
    // the next room's first 1-coin gift completes a coin: 0.8 + 0.6 = 1.4
    const next = (await newRoom()).data.id as number;
    await whistle(next);
    summary = await roomSummary(next);
    expect(summary).toMatchObject({ coins: 1, income: 1 });
    expect(await income()).toMatchObject({ total_income: 2, carry_hundredths: 40 });
    expect((await getBalances(t.db, creator.userId)).income - before).toBe(2);
    await t.call('POST', `/mdr/api/v1/live/rooms/${next}/end`, { token: creator.token });
  });

  it('stays exact under concurrent gifts from several fans (no fraction credited twice)', async () => {
    const before = (await getBalances(t.db, creator.userId)).income;
    const carried = (await income()).carry_hundredths as number;
    const room = (await newRoom()).data.id as number;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => whistle(room, fans[i % 2])));
    expect(results.every((r) => r.code === 0)).toBe(true);
    const credited = (await getBalances(t.db, creator.userId)).income - before;
    expect(credited).toBe(Math.floor((carried + 20 * 60) / 100));
    expect((await income()).carry_hundredths).toBe((carried + 20 * 60) % 100);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
    await t.call('POST', `/mdr/api/v1/live/rooms/${room}/end`, { token: creator.token });
  });
  it("lists a room with its linked match: both clubs in the reader's language", async () => {
    const [m] = await t.db.select().from(matches).limit(1);
    const [home] = await t.db.select().from(teams).where(eq(teams.id, m.homeTeamId));
    const made = await t.call('POST', '/mdr/api/v1/live/rooms', {
      token: creator.token,
      body: { title: '睇波傾波', category: 'football', match_id: m.id },
    });
    expect(made.code).toBe(0);
    const list = async (lang: string) =>
      (
        await t.call('GET', '/mdr/api/v1/live/rooms?status=open', {
          token: creator.token,
          headers: { 'accept-language': lang },
        })
      ).data.list as { id: number; match: { id: number; home: string; away: string } | null }[];
    const row = (await list('zh-CN')).find((r) => r.id === made.data.id);
    expect(row?.match).toMatchObject({ id: m.id, home: home.nameZhcn });
    expect((await list('zh-HK')).find((r) => r.id === made.data.id)?.match?.home).toBe(home.nameZhhk);
    await t.call('POST', `/mdr/api/v1/live/rooms/${made.data.id}/end`, { token: creator.token });
  });
});
