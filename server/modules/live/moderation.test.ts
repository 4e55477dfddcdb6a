/** Chat moderation in live rooms: mute enforced on send, ban on join (room page and chat), revoke, owner-or-operator only, audited. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, liveCreators, opsAudit, users } from '../../db/schema';
import { fakeClock } from '../../http/clock';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let owner: { token: string; userId: number };
let fan: { token: string; userId: number };
let other: { token: string; userId: number };
let op: { token: string; userId: number };
let roomId: number;

/** the chat's rate limit counts real time: move a user's earlier messages two minutes back */
const rested = (userId: number) =>
  t.db
    .update(chatMessages)
    .set({ createdAt: sql`${chatMessages.createdAt} - interval '2 minutes'` })
    .where(eq(chatMessages.userId, userId));
const say = (token: string, text: string) =>
  t.call('POST', `/mdr/api/v1/chat/rooms/live-${roomId}/messages`, { token, body: { text } });
const sanction = (token: string, body: Record<string, unknown>) =>
  t.call('POST', `/mdr/api/v1/live/rooms/${roomId}/sanctions`, { token, body });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.loginByPhone('62174001');
  fan = await t.loginByPhone('62174002');
  other = await t.loginByPhone('62174003');
  op = await t.loginByPhone('62174004');
  await t.db
    .update(users)
    .set({ role: 'operator', opsRoles: ['reviewer'] })
    .where(eq(users.id, op.userId));
  await t.db.insert(liveCreators).values({ userId: owner.userId });
  const r = await t.call('POST', '/mdr/api/v1/live/rooms', {
    token: owner.token,
    body: { title: '英超焦點傾偈', category: 'football' },
  });
  roomId = r.data.id;
});
afterAll(async () => t?.close());

describe('live chat moderation', () => {
  it('a live room has a chat; an unknown room does not', async () => {
    expect((await say(fan.token, '開波喇')).code).toBe(0);
    const none = await t.call('POST', '/mdr/api/v1/chat/rooms/live-999999/messages', {
      token: fan.token,
      body: { text: 'hi' },
    });
    expect(none.code).toBe(100404);
  });

  it('only the owner or an operator moderates; the owner cannot be sanctioned', async () => {
    expect((await sanction(other.token, { user_id: fan.userId, kind: 'mute', minutes: 10 })).code).toBe(
      110403,
    );
    expect(
      (await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}/sanctions`, { token: fan.token })).code,
    ).toBe(110403);
    expect((await sanction(op.token, { user_id: owner.userId, kind: 'ban' })).code).toBe(170403);
    const asOwner = await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}`, { token: owner.token });
    expect(asOwner.data.moderator).toBe(true);
    const asOp = await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}`, { token: op.token });
    expect(asOp.data.moderator).toBe(true);
    const asFan = await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}`, { token: fan.token });
    expect(asFan.data.moderator).toBe(false);
  });

  it('a mute refuses sending until it ends (with the end time), and is listed and audited', async () => {
    const clock = fakeClock();
    try {
      const muted = await sanction(owner.token, { user_id: fan.userId, kind: 'mute', minutes: 60 });
      expect(muted.code).toBe(0);
      expect(muted.data).toMatchObject({ user_id: fan.userId, kind: 'mute' });
      const refused = await say(fan.token, '球證眼瞎');
      expect(refused.code).toBe(170401);
      expect(refused.data.until).toBe(muted.data.until);
      // reading is still allowed, and others still talk
      expect(
        (await t.call('GET', `/mdr/api/v1/chat/rooms/live-${roomId}/messages`, { token: fan.token })).code,
      ).toBe(0);
      expect((await say(other.token, '冷靜啲')).code).toBe(0);
      const list = await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}/sanctions`, { token: owner.token });
      expect(list.data.list).toEqual([
        expect.objectContaining({ user_id: fan.userId, kind: 'mute', until: muted.data.until }),
      ]);
      const audit = await t.db
        .select()
        .from(opsAudit)
        .where(and(eq(opsAudit.operatorId, owner.userId), eq(opsAudit.action, 'live.chat.mute')));
      expect(audit).toHaveLength(1);
      expect(audit[0].targetId).toBe(`${roomId}:${fan.userId}`);
      // an hour later the mute is over
      clock.advance(61 * 60_000);
      await rested(fan.userId);
      expect((await say(fan.token, '我返嚟喇')).code).toBe(0);
      const after = await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}/sanctions`, { token: owner.token });
      expect(after.data.list).toEqual([]);
    } finally {
      clock.restore();
    }
  });

  it('a ban keeps the viewer out of the room page and its chat until revoked', async () => {
    const banned = await sanction(op.token, { user_id: other.userId, kind: 'ban' });
    expect(banned.code).toBe(0);
    expect(banned.data.until).toBeNull();
    const page = await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}`, { token: other.token });
    expect(page.code).toBe(170402);
    expect(page.data).toEqual({ until: null });
    expect(
      (await t.call('GET', `/mdr/api/v1/chat/rooms/live-${roomId}/messages`, { token: other.token })).code,
    ).toBe(170402);
    expect((await say(other.token, '點解封我')).code).toBe(170402);
    // the owner revokes the operator's ban
    const revoked = await t.call('DELETE', `/mdr/api/v1/live/rooms/${roomId}/sanctions/${other.userId}`, {
      token: owner.token,
    });
    expect(revoked.code).toBe(0);
    expect(revoked.data.revoked).toEqual(['ban']);
    expect((await t.call('GET', `/mdr/api/v1/live/rooms/${roomId}`, { token: other.token })).code).toBe(0);
    await rested(other.userId);
    expect((await say(other.token, '多謝主播')).code).toBe(0);
    const audit = await t.db
      .select()
      .from(opsAudit)
      .where(eq(opsAudit.targetId, `${roomId}:${other.userId}`));
    expect(audit.map((a) => a.action).sort()).toEqual(['live.chat.ban', 'live.chat.revoke']);
  });

  it('a revoke by someone else is refused', async () => {
    await sanction(owner.token, { user_id: fan.userId, kind: 'mute', minutes: 10 });
    const refused = await t.call('DELETE', `/mdr/api/v1/live/rooms/${roomId}/sanctions/${fan.userId}`, {
      token: other.token,
    });
    expect(refused.code).toBe(110403);
    expect((await say(fan.token, '仲係唔得')).code).toBe(170401);
    const byOp = await t.call(
      'DELETE',
      `/mdr/api/v1/live/rooms/${roomId}/sanctions/${fan.userId}?kind=mute`,
      {
        token: op.token,
      },
    );
    expect(byOp.data.revoked).toEqual(['mute']);
  });
});

describe('generated covers', () => {
  it('draws the room from its title, the same every time, text inert; the owner picks one', async () => {
    const a = await t.app.inject({ method: 'GET', url: `/live-covers/${roomId}-split.svg` });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toContain('image/svg+xml');
    expect(a.body).toContain('英超焦點傾偈');
    const b = await t.app.inject({ method: 'GET', url: `/live-covers/${roomId}-split.svg` });
    expect(b.body).toBe(a.body);
    expect((await t.app.inject({ method: 'GET', url: `/live-covers/${roomId}-nope.svg` })).json().code).toBe(
      100404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/live-covers/999999-pitch.svg' })).json().code).toBe(
      100404,
    );
    const refused = await t.call('POST', `/mdr/api/v1/live/rooms/${roomId}/cover`, {
      token: fan.token,
      body: { style: 'pitch' },
    });
    expect(refused.code).toBe(170101);
    const chosen = await t.call('POST', `/mdr/api/v1/live/rooms/${roomId}/cover`, {
      token: owner.token,
      body: { style: 'stripes' },
    });
    expect(chosen.code).toBe(0);
    expect(chosen.data.cover).toBe(`/live-covers/${roomId}-stripes.svg`);
  });

  it('draws a linked match with both clubs; markup in a title stays text', async () => {
    const { coverSvg } = await import('./covers');
    const svg = coverSvg(
      {
        title: '<script>alert(1)</script>',
        match: {
          home: '阿仙奴',
          away: '曼城',
          homeColor: '#ef0107',
          awayColor: '#6cabdd',
          kickoff: '28/11 20:30',
        },
      },
      'pitch',
    );
    expect(svg).toContain('阿仙奴');
    expect(svg).toContain('曼城');
    expect(svg).toContain('#ef0107');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
  });
});
