import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
let carol: { token: string; userId: number };
let room: string;
let otherRoom: string;

async function newMatch(): Promise<number> {
  const [m] = await t.db
    .insert(matches)
    .values({ competitionId: 1, season: '2026', homeTeamId: 1, awayTeamId: 2, startAt: new Date() })
    .returning({ id: matches.id });
  return m.id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('61110001');
  bob = await t.loginByPhone('61110002');
  carol = await t.loginByPhone('61110003');
  room = `match-${await newMatch()}`;
  otherRoom = `match-${await newMatch()}`;
});
afterAll(() => t?.close());

const send = (token: string | null, r: string, text: unknown) =>
  t.call('POST', `/mdr/api/v1/chat/rooms/${r}/messages`, { token, body: { text } });
/** null: a visitor (every API call carries at least a visitor token) */
const page = async (token: string | null, r: string, q = '') =>
  t.call('GET', `/mdr/api/v1/chat/rooms/${r}/messages${q}`, { token: token ?? (await t.token()) });
/** the rate limit counts real time: move a user's messages back so the next test starts clean */
async function forgetRecent() {
  await t.db.execute(sql.raw(`update chat_messages set created_at = created_at - interval '2 minutes'`));
}

describe('chat messages', () => {
  it('a user sends, the room hears it live, and history shows it as plain text', async () => {
    const heard: any[] = [];
    const { hub } = t.app.deps;
    // a socket-like listener on the room topic through the real hub
    const socket = {
      readyState: 1,
      send: (s: string) => heard.push(JSON.parse(s)),
      close() {},
      on(ev: string, l: (d?: unknown) => void) {
        if (ev === 'message') queueMicrotask(() => l(JSON.stringify({ type: 'sub', topic: `chat:${room}` })));
        return this;
      },
    };
    hub.attach(socket as never, { sessionId: 999_001, userId: null });
    await new Promise((r) => setTimeout(r, 50));

    const text = '<img src=x onerror=alert(1)> 入波！⚽';
    const r = await send(alice.token, room, `  ${text}\u202e  `);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ room, text, user: { id: alice.userId } });
    expect(r.data.user.nickname).toEqual(expect.any(String));

    await new Promise((res) => setTimeout(res, 50));
    const event = heard.find((m) => m.type === 'event');
    expect(event).toMatchObject({
      topic: `chat:${room}`,
      data: { kind: 'chat', item: { id: r.data.id, text } },
    });
    expect(event.seq).toBeGreaterThanOrEqual(r.data.id);

    const h = await page(null, room);
    expect(h.code).toBe(0);
    expect(h.data.list.map((m: any) => m.text)).toEqual([text]);
    expect(h.data.has_more).toBe(false);
    await forgetRecent();
  });

  it('visitors read but cannot send (110000)', async () => {
    const r = await send(await t.token(), room, 'hi');
    expect(r.code).toBe(110000);
    expect((await send(null, room, 'hi')).code).not.toBe(0);
  });

  it('refuses empty and too long messages with their own codes; 200 characters (emoji count once) pass', async () => {
    expect((await send(bob.token, room, '   ')).code).toBe(140101);
    expect((await send(bob.token, room, 'x'.repeat(201))).code).toBe(140102);
    const r = await send(bob.token, room, '⚽'.repeat(200));
    expect(r.code).toBe(0);
    await forgetRecent();
  });

  it('limits a user to one message per 2 s and 10 per minute, telling how long to wait', async () => {
    expect((await send(carol.token, room, 'one')).code).toBe(0);
    const fast = await send(carol.token, room, 'two');
    expect(fast.code).toBe(140103);
    expect(fast.data.retry_after_ms).toBeGreaterThan(0);
    expect(fast.data.retry_after_ms).toBeLessThanOrEqual(2000);
    // another user is not held up by carol
    expect((await send(bob.token, room, 'me too')).code).toBe(0);

    // ten messages spread over the last minute: the 2 s gap is fine, the minute budget is not
    await forgetRecent();
    const rows = Array.from(
      { length: 10 },
      (_, i) => `(
      '${room}', ${carol.userId}, 'm${i}', now() - interval '${50 - i * 4} seconds')`,
    );
    await t.db.execute(
      sql.raw(`insert into chat_messages (room, user_id, text, created_at) values ${rows.join(',')}`),
    );
    const over = await send(carol.token, room, 'eleventh');
    expect(over.code).toBe(140103);
    expect(over.data.retry_after_ms).toBeGreaterThan(2000);
    await forgetRecent();
  });

  it('pages history with before_id, newest page first, oldest first inside a page', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await send(alice.token, otherRoom, `p${i}`);
      expect(r.code).toBe(0);
      ids.push(r.data.id);
      await forgetRecent();
    }
    const first = await page(null, otherRoom, '?size=2');
    expect(first.data.list.map((m: any) => m.text)).toEqual(['p3', 'p4']);
    expect(first.data.has_more).toBe(true);
    const second = await page(null, otherRoom, `?size=2&before_id=${first.data.list[0].id}`);
    expect(second.data.list.map((m: any) => m.text)).toEqual(['p1', 'p2']);
    const last = await page(null, otherRoom, `?size=2&before_id=${second.data.list[0].id}`);
    expect(last.data.list.map((m: any) => m.text)).toEqual(['p0']);
    expect(last.data.has_more).toBe(false);
  });

  it('hides messages of users the viewer blacklisted, for that viewer only', async () => {
    const before = await page(bob.token, otherRoom);
    expect(before.data.list.length).toBe(5);
    const add = await t.call('POST', '/mdr/api/v1/users/me/blacklists', {
      token: bob.token,
      body: { user_id: alice.userId },
    });
    expect(add.code).toBe(0);
    expect((await page(bob.token, otherRoom)).data.list).toHaveLength(0);
    expect((await page(carol.token, otherRoom)).data.list).toHaveLength(5);
    const list = await t.call('GET', `/mdr/api/v1/users/${bob.userId}/blacklists`, { token: bob.token });
    expect(list.data).toMatchObject({ total: 1, page: 1, list: [{ id: alice.userId }] });
    // somebody else's list is not readable
    const peek = await t.call('GET', `/mdr/api/v1/users/${bob.userId}/blacklists`, { token: carol.token });
    expect(peek.code).toBe(110403);
    expect(
      (
        await t.call('POST', '/mdr/api/v1/users/me/blacklists', {
          token: bob.token,
          body: { user_id: bob.userId },
        })
      ).code,
    ).toBe(140105);
    const del = await t.call('DELETE', `/mdr/api/v1/users/me/blacklists/${alice.userId}`, {
      token: bob.token,
    });
    expect(del.code).toBe(0);
    expect((await page(bob.token, otherRoom)).data.list).toHaveLength(5);
  });

  it('reports a message once per user', async () => {
    const h = await page(null, otherRoom);
    const id = h.data.list[0].id;
    const report = (token: string) =>
      t.call('POST', `/mdr/api/v1/chat/messages/${id}/report`, { token, body: { reason: 'spam' } });
    expect((await report(bob.token)).code).toBe(0);
    expect((await report(bob.token)).code).toBe(140104);
    expect((await report(carol.token)).code).toBe(0);
    expect(
      (await t.call('POST', `/mdr/api/v1/chat/messages/${id}/report`, { token: await t.token(), body: {} }))
        .code,
    ).toBe(110000);
    expect(
      (await t.call('POST', '/mdr/api/v1/chat/messages/99999999/report', { token: bob.token, body: {} }))
        .code,
    ).toBe(100404);
  });

  it('answers bad input with a 4xx-style code, never a server error', async () => {
    const cases: Array<[string, string, unknown, string | null]> = [
      ['GET', '/mdr/api/v1/chat/rooms/nope/messages', undefined, null],
      ['GET', '/mdr/api/v1/chat/rooms/match-0/messages', undefined, null],
      ['GET', '/mdr/api/v1/chat/rooms/match-99999999/messages', undefined, null],
      ['GET', '/mdr/api/v1/chat/rooms/match-99999999999999/messages', undefined, null],
      ['GET', `/mdr/api/v1/chat/rooms/${room}/messages?before_id=abc`, undefined, null],
      ['GET', `/mdr/api/v1/chat/rooms/${room}/messages?size=0`, undefined, null],
      ['GET', `/mdr/api/v1/chat/rooms/${room}/messages?size=1000`, undefined, null],
      ['GET', `/mdr/api/v1/chat/rooms/${room}/messages?before_id=-1`, undefined, null],
      ['POST', `/mdr/api/v1/chat/rooms/${room}/messages`, {}, 'bob'],
      ['POST', `/mdr/api/v1/chat/rooms/${room}/messages`, { text: 42 }, 'bob'],
      ['POST', `/mdr/api/v1/chat/rooms/${room}/messages`, { text: ['a'] }, 'bob'],
      ['POST', `/mdr/api/v1/chat/rooms/${room}/messages`, { text: 'a', extra: 1 }, 'bob'],
      ['POST', `/mdr/api/v1/chat/rooms/${room}/messages`, { text: 'x'.repeat(5000) }, 'bob'],
      ['POST', '/mdr/api/v1/chat/rooms/match-99999999/messages', { text: 'hi' }, 'bob'],
      ['POST', '/mdr/api/v1/chat/rooms/..%2F..%2Fetc/messages', { text: 'hi' }, 'bob'],
      ['POST', '/mdr/api/v1/chat/messages/abc/report', {}, 'bob'],
      ['POST', '/mdr/api/v1/chat/messages/0/report', {}, 'bob'],
      ['POST', '/mdr/api/v1/chat/messages/1/report', { reason: 7 }, 'bob'],
      ['POST', '/mdr/api/v1/users/me/blacklists', {}, 'bob'],
      ['POST', '/mdr/api/v1/users/me/blacklists', { user_id: 'nobody-here' }, 'bob'],
      ['POST', '/mdr/api/v1/users/me/blacklists', { user_id: -5 }, 'bob'],
      ['DELETE', '/mdr/api/v1/users/me/blacklists/nobody-here', undefined, 'bob'],
      ['GET', '/mdr/api/v1/users/me/blacklists?page=0', undefined, 'bob'],
    ];
    for (const [method, url, body, who] of cases) {
      const r = await t.call(method as never, url, { token: who ? bob.token : await t.token(), body });
      expect(r.status, `${method} ${url}`).toBeLessThan(500);
      expect(r.code, `${method} ${url}`).not.toBe(0);
      expect([100400, 100404, 140101, 140102, 110000], `${method} ${url} -> ${r.code}`).toContain(r.code);
    }
    const raw = await t.call('POST', `/mdr/api/v1/chat/rooms/${room}/messages`, {
      token: bob.token,
      payload: '{"text": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBeLessThan(500);
    expect(raw.code).toBe(100400);
  });
});
