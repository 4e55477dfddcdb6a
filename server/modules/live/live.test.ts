import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCreators, opsAudit, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkLedgerInvariant, getBalances, postLedger } from '../wallet';

let t: TestApp;
let creator: { token: string; userId: number };
let fan: { token: string; userId: number };
let other: { token: string; userId: number };
let n = 0;
const tap = () => `tap-${Date.now()}-${++n}`;

async function fund(userId: number, coins: number) {
  await postLedger(t.db, {
    userId,
    account: 'coins',
    amount: coins,
    type: 'recharge',
    idempotencyKey: `live-test-${userId}-${++n}`,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  creator = await t.loginByPhone('62170001');
  fan = await t.loginByPhone('62170002');
  other = await t.loginByPhone('62170003');
  await t.db.insert(liveCreators).values({ userId: creator.userId });
});
afterAll(async () => t?.close());

async function newRoom(token = creator.token) {
  const r = await t.call('POST', '/mdr/api/v1/live/rooms', {
    token,
    body: { title: '賽前傾偈', category: 'football' },
  });
  return r;
}

describe('live rooms', () => {
  it('only creators create rooms; the key is seen by the creator alone and rotates', async () => {
    const refused = await newRoom(fan.token);
    expect(refused.code).toBe(170101);
    const r = await newRoom();
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'idle', mine: true, lines: [], viewers: 0 });
    expect(r.data.stream_key).toMatch(/^gf_/);
    // one open room at a time
    expect((await newRoom()).code).toBe(170104);
    const seen = await t.call('GET', `/mdr/api/v1/live/rooms/${r.data.id}`, { token: fan.token });
    expect(seen.code).toBe(0);
    expect(seen.data.stream_key).toBeUndefined();
    expect(seen.data.mine).toBe(false);
    const rotated = await t.call('POST', `/mdr/api/v1/live/rooms/${r.data.id}/key`, { token: creator.token });
    expect(rotated.data.stream_key).not.toBe(r.data.stream_key);
    expect((await t.call('POST', `/mdr/api/v1/live/rooms/${r.data.id}/key`, { token: fan.token })).code).toBe(
      170101,
    );
    const ended = await t.call('POST', `/mdr/api/v1/live/rooms/${r.data.id}/end`, { token: creator.token });
    expect(ended.code).toBe(0);
    expect(ended.data.status).toBe('ended');
    const list = await t.call('GET', '/mdr/api/v1/live/rooms?status=ended', { token: fan.token });
    expect(list.data.list.map((x: { id: number }) => x.id)).toContain(r.data.id);
    expect((await t.call('GET', '/mdr/api/v1/live/rooms/2147480000', { token: fan.token })).code).toBe(
      100404,
    );
  });
});

describe('gifts', () => {
  it('debits through the ledger, counts a combo, is idempotent per tap and never goes negative', async () => {
    const room = (await newRoom()).data.id as number;
    await fund(fan.userId, 12);
    const send = (gift: string, id = tap(), token = fan.token) =>
      t.call('POST', `/mdr/api/v1/live/rooms/${room}/gifts`, { token, body: { gift_id: gift, tap_id: id } });
    const first = await send('ball');
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ combo: 1, balance: 7, duplicate: false });
    const again = await send('ball', first.data.tap_id);
    expect(again.data).toMatchObject({ duplicate: true, combo: 1 });
    expect((await getBalances(t.db, fan.userId)).coins).toBe(7);
    const second = await send('ball');
    expect(second.data.combo).toBe(2);
    const whistle = await send('whistle');
    expect(whistle.data.combo).toBe(1);
    expect((await send('ball')).code).toBe(110300);
    expect((await getBalances(t.db, fan.userId)).coins).toBe(1);
    expect((await send('nope')).code).toBe(170105);
    expect((await send('ball', tap(), creator.token)).code).toBe(170106);
    const ranking = await t.call('GET', `/mdr/api/v1/live/rooms/${room}/ranking`, { token: fan.token });
    expect(ranking.data.list[0]).toMatchObject({ rank: 1, coins: 11, gifts: 3 });
    const income = await t.call('GET', '/mdr/api/v1/live/income', { token: creator.token });
    expect(income.data.list.find((x: { room_id: number }) => x.room_id === room).income).toBe(3 + 3 + 0);
    await t.call('POST', `/mdr/api/v1/live/rooms/${room}/end`, { token: creator.token });
    expect((await send('whistle')).code).toBe(170103);
  });

  it('keeps the ledger invariant under concurrent gifts: exactly the affordable ones succeed', async () => {
    const room = (await newRoom()).data.id as number;
    await fund(other.userId, 50);
    const before = (await getBalances(t.db, creator.userId)).income;
    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.call('POST', `/mdr/api/v1/live/rooms/${room}/gifts`, {
          token: other.token,
          body: { gift_id: 'ball', tap_id: tap() },
        }),
      ),
    );
    const okCount = results.filter((r) => r.code === 0).length;
    expect(okCount).toBe(10);
    expect(results.filter((r) => r.code === 110300).length).toBe(6);
    expect((await getBalances(t.db, other.userId)).coins).toBe(0);
    expect((await getBalances(t.db, creator.userId)).income - before).toBe(10 * 3);
    const combos = results.filter((r) => r.code === 0).map((r) => r.data.combo as number);
    expect([...combos].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
    await t.call('POST', `/mdr/api/v1/live/rooms/${room}/end`, { token: creator.token });
  });
});

describe('operators', () => {
  it('grant needs a verified real name; a ban ends the open room and blocks new ones; all audited', async () => {
    const op = await t.loginByPhone('62170009');
    await t.db
      .update(users)
      .set({ role: 'operator', opsRoles: ['reviewer'] })
      .where(eq(users.id, op.userId));
    expect(
      (
        await t.call('POST', '/mdr/api/v1/ops/live/creators', {
          token: fan.token,
          body: { user_id: fan.userId },
        })
      ).code,
    ).toBe(110403);
    const refused = await t.call('POST', '/mdr/api/v1/ops/live/creators', {
      token: op.token,
      body: { user_id: fan.userId },
    });
    expect(refused.code).toBe(110011);
    const room = (await newRoom()).data.id as number;
    // the console: rooms with their gifts and coins; rotating the key is audited and changes the secret
    await fund(fan.userId, 500);
    const gift = await t.call('POST', `/mdr/api/v1/live/rooms/${room}/gifts`, {
      token: fan.token,
      body: { gift_id: 'ball', tap_id: tap() },
    });
    expect(gift.code).toBe(0);
    expect((await t.call('GET', '/mdr/api/v1/ops/live/rooms', { token: fan.token })).code).toBe(110403);
    const listed = await t.call('GET', '/mdr/api/v1/ops/live/rooms?status=all', { token: op.token });
    expect(listed.code).toBe(0);
    expect(listed.data.list.find((r: { id: number }) => r.id === room)).toMatchObject({
      gifts: 1,
      coins: gift.data.price,
      viewers: 0,
    });
    const keyBefore = (await t.call('GET', `/mdr/api/v1/live/rooms/${room}`, { token: creator.token })).data
      .stream_key;
    const rotated = await t.call('POST', `/mdr/api/v1/ops/live/rooms/${room}/key`, {
      token: op.token,
      body: { reason: '金鑰外洩' },
    });
    expect(rotated.data).toEqual({ id: room, status: 'idle', rotated: true });
    const keyAfter = (await t.call('GET', `/mdr/api/v1/live/rooms/${room}`, { token: creator.token })).data
      .stream_key;
    expect(keyAfter).not.toBe(keyBefore);
    // a fan's report of the room (#/home/report/live) lands in the console's report queue
    const report = await t.call('POST', '/mdr/api/v1/reports', {
      token: other.token,
      body: { kind: 'live', target_id: room, reason: 'abuse' },
    });
    expect(report.code).toBe(0);
    const queue = await t.call('GET', '/mdr/api/v1/ops/reports?status=open', { token: op.token });
    expect(queue.data.list.find((r: { id: number }) => r.id === report.data.id)).toMatchObject({
      kind: 'live',
      target_id: room,
    });
    const ended = await t.call('POST', `/mdr/api/v1/ops/live/rooms/${room}/end`, {
      token: op.token,
      body: { reason: '違反直播規範' },
    });
    expect(ended.data.status).toBe('ended');
    const again = (await newRoom()).data.id as number;
    const ban = await t.call('POST', `/mdr/api/v1/ops/live/creators/${creator.userId}/ban`, {
      token: op.token,
      body: { days: 7, reason: '違反直播規範' },
    });
    expect(ban.code).toBe(0);
    expect((await t.call('GET', `/mdr/api/v1/live/rooms/${again}`, { token: fan.token })).data.status).toBe(
      'ended',
    );
    expect((await newRoom()).code).toBe(170102);
    const audit = await t.db.select().from(opsAudit).where(eq(opsAudit.operatorId, op.userId));
    expect(audit.map((a) => a.action).sort()).toEqual(['live.creator.ban', 'live.room.end', 'live.room.key']);
    expect((await checkLedgerInvariant(t.db)).ok).toBe(true);
  });
});
