import { beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../http/clock';
import { type TestApp, withTestApp } from '../../test/harness';
import { verifiedUser } from '../ops/test-helpers';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

let poster: { token: string; userId: number };
let fan: { token: string; userId: number };
let ops: { token: string; userId: number };
let clockMs = Date.now();
const tick = (ms = 10_000) => {
  clockMs += ms;
  setClock(() => clockMs);
};

beforeAll(async () => {
  ops = await t.loginByPhone('90000000');
  poster = await verifiedUser(t, '61250001', ops.token);
  // the approved real-name check is a system notice: read it, so the counts below start at zero
  const sys = await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', {
    token: poster.token,
  });
  expect(sys.data.list[0].kind).toBe('ops_realname_approve');
  await t.call('POST', '/mdr/api/v1/messages/read', { token: poster.token, body: { category: 'system' } });
  fan = await t.loginByPhone('61250002');
});

const unread = async (token: string) => (await t.call('GET', '/mdr/api/v1/messages/unread', { token })).data;

describe('message centre', () => {
  it('a follow, a comment, a reply, praise and collect reach their categories; the actor never hears of their own act', async () => {
    expect(await unread(poster.token)).toEqual({ follow: 0, praise: 0, comment: 0, system: 0, total: 0 });
    await t.call('POST', '/dmd/api/v1/followees', { token: fan.token, body: { user_id: poster.userId } });
    tick();
    const post = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: '今晚曼城對利物浦，邊隊贏？' },
    });
    expect(post.code).toBe(0);
    const id = post.data.id;
    tick();
    const c = await t.call('POST', `/mdr/api/v1/activities/${id}/comments`, {
      token: fan.token,
      body: { text: '<b>利物浦</b> 2:1' },
    });
    expect(c.code).toBe(0);
    tick();
    // the poster answers on their own post: the fan hears of the reply, the poster of nothing
    const r = await t.call('POST', `/mdr/api/v1/activities/${id}/comments`, {
      token: poster.token,
      body: { text: '睇好曼城', reply_to: c.data.id },
    });
    expect(r.code).toBe(0);
    await t.call('POST', `/mdr/api/v1/activities/${id}/praise`, { token: fan.token });
    await t.call('POST', `/mdr/api/v1/activities/${id}/collect`, { token: fan.token });
    await t.call('POST', `/mdr/api/v1/activities/${id}/praise`, { token: poster.token });
    expect(await unread(poster.token)).toEqual({ follow: 1, praise: 2, comment: 1, system: 0, total: 4 });
    expect(await unread(fan.token)).toMatchObject({ comment: 1, total: 1 });

    const follows = await t.call('GET', '/mdr/api/v1/messages?category=follow', { token: poster.token });
    expect(follows.data.list[0]).toMatchObject({ kind: 'follow', read: false, actor: { id: fan.userId } });
    const comments = await t.call('GET', '/mdr/api/v1/messages?category=comment', { token: poster.token });
    expect(comments.data.list[0]).toMatchObject({
      kind: 'comment_activity',
      target_type: 'activity',
      target_id: id,
      text: '<b>利物浦</b> 2:1',
    });
    const replies = await t.call('GET', '/mdr/api/v1/messages?category=comment', { token: fan.token });
    expect(replies.data.list[0]).toMatchObject({ kind: 'reply_activity', actor: { id: poster.userId } });
    const praise = await t.call('GET', '/mdr/api/v1/messages?category=praise', { token: poster.token });
    expect(praise.data.list.map((m: any) => m.kind)).toEqual(['collect_activity', 'praise_activity']);
  });

  it('mark read per category leaves the others unread', async () => {
    const r = await t.call('POST', '/mdr/api/v1/messages/read', {
      token: poster.token,
      body: { category: 'follow' },
    });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ follow: 0, praise: 2, comment: 1, total: 3 });
    const list = await t.call('GET', '/mdr/api/v1/messages?category=follow', { token: poster.token });
    expect(list.data.list[0].read).toBe(true);
    const all = await t.call('POST', '/mdr/api/v1/messages/read', { token: poster.token, body: {} });
    expect(all.data.total).toBe(0);
  });

  it('messages from someone on the blacklist are neither listed nor counted', async () => {
    const pest = await t.loginByPhone('61250003');
    await t.call('POST', '/dmd/api/v1/followees', { token: pest.token, body: { user_id: fan.userId } });
    expect((await unread(fan.token)).follow).toBe(1);
    await t.call('POST', `/mdr/api/v1/users/${fan.userId}/blacklists`, {
      token: fan.token,
      body: { user_id: pest.userId },
    });
    expect((await unread(fan.token)).follow).toBe(0);
    const list = await t.call('GET', '/mdr/api/v1/messages?category=follow', { token: fan.token });
    expect(list.data.list.some((m: any) => m.actor?.id === pest.userId)).toBe(false);
  });

  it('needs a login and a known category; the system list is the spec call', async () => {
    const visitor = await t.token();
    expect((await t.call('GET', '/mdr/api/v1/messages/unread', { token: visitor })).code).toBe(110000);
    expect((await t.call('GET', '/mdr/api/v1/messages?category=x', { token: fan.token })).code).toBe(100400);
    const sys = await t.call('GET', '/mdr/api/v1/user/lottery/operation-record/messages', {
      token: fan.token,
    });
    expect(sys.code).toBe(0);
    expect(sys.data.list).toEqual([]);
  });
});
