import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

let amy: { token: string; userId: number };
let ben: { token: string; userId: number };
let cat: { token: string; userId: number };

beforeAll(async () => {
  amy = await t.loginByPhone('61240001');
  ben = await t.loginByPhone('61240002');
  cat = await t.loginByPhone('61240003');
});

const state = async (viewer: string, id: number) =>
  (await t.call('GET', `/mdr/api/v1/users/${id}/follow-state`, { token: viewer })).data;

describe('follows', () => {
  it('follow gives the spec §3 codes both ways: 3 follow-him, 1 follow-me, 2 each other', async () => {
    expect((await state(amy.token, ben.userId)).relation).toBe(0);
    const f = await t.call('POST', '/dmd/api/v1/followees', {
      token: amy.token,
      body: { user_id: String(ben.userId) },
    });
    expect(f.code).toBe(0);
    expect(f.data).toMatchObject({ user_id: ben.userId, relation: 3, follower_count: 1 });
    expect((await state(ben.token, amy.userId)).relation).toBe(1);
    const back = await t.call('POST', '/dmd/api/v1/followees', {
      token: ben.token,
      body: { user_id: String(amy.userId) },
    });
    expect(back.data.relation).toBe(2);
    expect((await state(amy.token, ben.userId)).relation).toBe(2);
    // a repeated follow changes nothing
    const again = await t.call('POST', '/dmd/api/v1/followees', {
      token: amy.token,
      body: { user_id: String(ben.userId) },
    });
    expect(again.data.follower_count).toBe(1);
  });

  it('lists following and followers with the viewer relation; the public id works too', async () => {
    const following = await t.call('GET', `/dmd/api/v1/followees?type=following`, { token: amy.token });
    expect(following.code).toBe(0);
    expect(following.data.list.map((x: any) => x.id)).toEqual([ben.userId]);
    expect(following.data.list[0].relation).toBe(2);
    const ext = following.data.list[0].user_external;
    const followers = await t.call('GET', `/dmd/api/v1/followees?type=followers&user_id=${ext}`, {
      token: cat.token,
    });
    expect(followers.data.list.map((x: any) => x.id)).toEqual([amy.userId]);
    expect(followers.data.list[0].relation).toBe(0);
  });

  it('refuses following oneself, unknown users, and across a blacklist', async () => {
    const self = await t.call('POST', '/dmd/api/v1/followees', {
      token: cat.token,
      body: { user_id: String(cat.userId) },
    });
    expect(self.code).toBe(130120);
    const nobody = await t.call('POST', '/dmd/api/v1/followees', {
      token: cat.token,
      body: { user_id: '99999999' },
    });
    expect(nobody.code).toBe(100404);
    const block = await t.call('POST', `/mdr/api/v1/users/${amy.userId}/blacklists`, {
      token: amy.token,
      body: { user_id: cat.userId },
    });
    expect(block.code).toBe(0);
    const refused = await t.call('POST', '/dmd/api/v1/followees', {
      token: cat.token,
      body: { user_id: String(amy.userId) },
    });
    expect(refused.code).toBe(110403);
    expect(
      (await t.call('GET', `/mdr/api/v1/users/${amy.userId}/follow-state`, { token: cat.token })).code,
    ).toBe(100404);
  });

  it('unfollow drops the relation; visitors need a user_id; bad ids are refused', async () => {
    const un = await t.call('DELETE', `/dmd/api/v1/followees/${ben.userId}`, { token: amy.token });
    expect(un.data).toMatchObject({ relation: 1, follower_count: 0 });
    const visitor = await t.token();
    expect((await t.call('GET', '/dmd/api/v1/followees', { token: visitor })).code).toBe(110000);
    expect((await t.call('GET', '/dmd/api/v1/followees?user_id=<x>', { token: visitor })).code).toBe(100400);
    expect(
      (await t.call('POST', '/dmd/api/v1/followees', { token: visitor, body: { user_id: '1' } })).code,
    ).toBe(110000);
  });

  it('following an expert from the expert pages is the same relation', async () => {
    const experts = await t.call('GET', '/mdr/api/v1/user/experts?size=1', { token: cat.token });
    const expertId = experts.data.list[0].id ?? experts.data.list[0].expert_id;
    const before = (await state(cat.token, expertId)).follower_count;
    const f = await t.call('POST', '/mdr/api/v1/user/expert/follows', {
      token: cat.token,
      body: { expert_id: expertId },
    });
    expect(f.code).toBe(0);
    const s = await state(cat.token, expertId);
    expect(s.relation).toBe(3);
    expect(s.is_expert).toBe(true);
    expect(s.follower_count).toBe(before + 1);
    // the expert list of my follows shows experts only
    await t.call('POST', '/dmd/api/v1/followees', {
      token: cat.token,
      body: { user_id: String(ben.userId) },
    });
    const mine = await t.call('GET', '/mdr/api/v1/user/expert/follows', { token: cat.token });
    expect(mine.data.total).toBe(1);
  });
});
