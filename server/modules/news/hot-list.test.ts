import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsPraises, newsViews } from '../../db/schema';
import { resetClock, setClock } from '../../http/clock';
import { type TestApp, withTestApp } from '../../test/harness';
import { operatorLogin, verifiedUser } from '../ops/test-helpers';
import { hkDay, hkHour } from './items';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

const HOUR = 3_600_000;
// the server clock is set by the test (from now, so seeded news is published): the 48 hours are its
let clockMs = Date.now();
const at = (ms: number) => {
  clockMs = ms;
  setClock(() => clockMs);
};
afterAll(() => resetClock());

type Item = { rank: number; type: string; score: number; news: any; activity: any };
const hot = async (token?: string) => {
  const r = await t.call('GET', '/mdr/api/v1/hot-list?size=50', { token });
  expect(r.code).toBe(0);
  return r.data as { list: Item[]; total: number; window_hours: number };
};

let ops: { token: string };
let poster: { token: string; userId: number };
let activityId: number;
let newsId: number;
const T0 = clockMs;

beforeAll(async () => {
  at(T0);
  ops = await operatorLogin(t);
  poster = await verifiedUser(t, '61290001', ops.token);
  const post = await t.call('POST', '/mdr/api/v1/activities', {
    token: poster.token,
    body: { text: '今晚北倫敦打吡，酋長球場全場爆滿！' },
  });
  expect(post.code).toBe(0);
  activityId = post.data.id;
  const feed = await t.call('GET', '/mdr/api/v1/news?tab=news&size=1');
  newsId = feed.data.list[0].id;
});

describe('GET /mdr/api/v1/hot-list', () => {
  it('ranks news and activities together by comments, praise and collects of the last 48 hours', async () => {
    const fans = [await t.loginByPhone('61290002'), await t.loginByPhone('61290003')];
    at(T0 + 60_000);
    for (const f of fans) {
      expect(
        (await t.call('POST', `/mdr/api/v1/activities/${activityId}/praise`, { token: f.token })).code,
      ).toBe(0);
    }
    const c = await t.call('POST', `/mdr/api/v1/activities/${activityId}/comments`, {
      token: fans[0].token,
      body: { text: '我都喺現場！' },
    });
    expect(c.code).toBe(0);
    await t.call('POST', `/mdr/api/v1/activities/${activityId}/collect`, { token: fans[1].token });
    await t.call('POST', `/mdr/api/v1/news/${newsId}/praise`, { token: fans[0].token });
    // a praise three days old does not count
    await t.db.insert(newsPraises).values({
      userId: poster.userId,
      targetType: 'news',
      targetId: newsId,
      createdAt: new Date(T0 - 72 * HOUR),
    });
    at(T0 + 2 * HOUR);
    const h = await hot();
    expect(h.window_hours).toBe(48);
    const act = h.list.find((x) => x.type === 'activity' && x.activity.id === activityId);
    expect(act).toMatchObject({ score: 4 + 3 + 3 + 2, news: null });
    expect(act?.activity.text).toBe('今晚北倫敦打吡，酋長球場全場爆滿！');
    const news = h.list.find((x) => x.type === 'news' && x.news.id === newsId);
    expect(news?.score).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < h.list.length; i++) {
      expect(h.list[i - 1].score).toBeGreaterThanOrEqual(h.list[i].score);
      expect(h.list[i].rank).toBe(i + 1);
    }
  });

  it('hides what moderation hid and what the viewer blocked; empty once the 48 hours have passed', async () => {
    at(T0 + 3 * HOUR);
    const viewer = await t.loginByPhone('61290004');
    await t.call('POST', `/mdr/api/v1/users/${viewer.userId}/blacklists`, {
      token: viewer.token,
      body: { user_id: poster.userId },
    });
    const mine = await hot(viewer.token);
    expect(mine.list.some((x) => x.activity?.id === activityId)).toBe(false);
    expect((await hot()).list.some((x) => x.activity?.id === activityId)).toBe(true);
    await t.call('POST', `/mdr/api/v1/ops/activities/${activityId}/hide`, { token: ops.token, body: {} });
    expect((await hot()).list.some((x) => x.activity?.id === activityId)).toBe(false);
    at(T0 + 60 * HOUR);
    const later = await hot();
    expect(later.list.some((x) => x.news?.id === newsId && x.score >= 3)).toBe(false);
  });

  it('counts views only from the hours that began inside the 48 hours (views are kept per hour)', async () => {
    // half past an hour, four days on: nothing the earlier tests made is inside the window
    const base = Math.floor((T0 + 100 * HOUR) / HOUR) * HOUR + HOUR / 2;
    at(base);
    const feed = await t.call('GET', '/mdr/api/v1/news?tab=news&size=2');
    const target = feed.data.list[1].id as number;
    const bucket = (ms: number, views: number) => ({
      articleId: target,
      day: hkDay(ms),
      hour: hkHour(ms),
      views,
    });
    await t.db.insert(newsViews).values([
      bucket(base - 50 * HOUR, 1000), // two hours before the window
      bucket(base - 48 * HOUR, 500), // the hour the window's start cuts (began 30 minutes before it)
      bucket(base - 47 * HOUR, 7),
      bucket(base - HOUR, 5),
    ]);
    const h = await hot();
    expect(h.list.find((x) => x.type === 'news' && x.news.id === target)?.score).toBe(12);
    // 46 hours later only the newest hour (begun 90 minutes before base) is left
    at(base + 46 * HOUR);
    expect((await hot()).list.find((x) => x.type === 'news' && x.news.id === target)?.score).toBe(5);
  });

  it('rejects bad paging', async () => {
    expect((await t.call('GET', '/mdr/api/v1/hot-list?size=0')).code).toBe(100400);
    expect((await t.call('GET', '/mdr/api/v1/hot-list?nope=1')).code).toBe(100400);
  });
});
