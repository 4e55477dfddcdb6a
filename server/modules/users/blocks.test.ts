/** A block hides both ways: chat history (and the chat widget's live filter list) and profiles. */
import { describe, expect, it } from 'vitest';
import { matches } from '../../db/schema';
import { type TestApp, withTestApp } from '../../test/harness';

let t: TestApp;
let room: string;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let carol: { token: string; userId: number };
withTestApp(async (app) => {
  t = app;
  alice = await app.loginByPhone('68880001');
  bob = await app.loginByPhone('68880002');
  carol = await app.loginByPhone('68880003');
  const [m] = await app.db
    .insert(matches)
    .values({ competitionId: 1, season: '2026', homeTeamId: 1, awayTeamId: 2, startAt: new Date() })
    .returning({ id: matches.id });
  room = `match-${m.id}`;
});

const say = (who: { token: string }, text: string) =>
  t.call('POST', `/mdr/api/v1/chat/rooms/${room}/messages`, { token: who.token, body: { text } });
const texts = async (who: { token: string }) =>
  (await t.call('GET', `/mdr/api/v1/chat/rooms/${room}/messages`, { token: who.token })).data.list.map(
    (m: { text: string }) => m.text,
  );
const profile = (who: { token: string }, of: { userId: number }) =>
  t.call('GET', `/mdr/api/v1/users/${of.userId}/profiles`, { token: who.token });

describe('blacklist both ways', () => {
  it('hides the messages and profiles of both sides; others see everything; unblock restores', async () => {
    expect((await say(alice, 'from alice')).code).toBe(0);
    expect((await say(bob, 'from bob')).code).toBe(0);
    const block = await t.call('POST', '/mdr/api/v1/users/me/blacklists', {
      token: alice.token,
      body: { user_id: bob.userId },
    });
    expect(block.code).toBe(0);

    expect(await texts(alice)).toEqual(['from alice']);
    // the blocked side no longer sees the blocker either
    expect(await texts(bob)).toEqual(['from bob']);
    expect(await texts(carol)).toEqual(['from alice', 'from bob']);

    expect((await profile(alice, bob)).code).toBe(100404);
    expect((await profile(bob, alice)).code).toBe(100404);
    expect((await profile(carol, alice)).code).toBe(0);

    // the lists the chat widget filters live messages with
    const mine = await t.call('GET', '/mdr/api/v1/users/me/blacklists', { token: alice.token });
    expect(mine.data).toMatchObject({ total: 1, hidden_user_ids: [bob.userId] });
    const theirs = await t.call('GET', '/mdr/api/v1/users/me/blacklists', { token: bob.token });
    expect(theirs.data).toMatchObject({ total: 0, list: [], hidden_user_ids: [alice.userId] });

    await t.call('DELETE', `/mdr/api/v1/users/me/blacklists/${bob.userId}`, { token: alice.token });
    expect(await texts(bob)).toEqual(['from alice', 'from bob']);
    expect((await profile(bob, alice)).code).toBe(0);
  });
});
