import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../../test/harness';
import { verifiedUser } from '../ops/test-helpers';

let t: TestApp;
withTestApp((app) => {
  t = app;
});

const search = (keyword: string, lang = 'zh-HK', extra = '', token?: string) =>
  t.call('GET', `/mdr/api/v1/search?keyword=${encodeURIComponent(keyword)}${extra}`, {
    headers: { 'accept-language': lang },
    token,
  });

describe('global search', () => {
  it('finds Arsenal by each of its four names, shown in the caller’s script', async () => {
    const ids = new Set<number>();
    for (const [kw, lang] of [
      ['阿仙奴', 'zh-HK'],
      ['兵工廠', 'zh-TW'],
      ['阿森纳', 'zh-CN'],
      ['arsenal', 'zh-HK'],
    ]) {
      const r = await search(kw, lang);
      expect(r.code).toBe(0);
      const club = r.data.teams.list[0];
      expect(club).toBeDefined();
      ids.add(club.id);
      if (lang === 'zh-CN') expect(club.name).toBe('阿森纳');
    }
    expect(ids.size).toBe(1);
  });

  it('利物浦 / Liverpool: the club first, its players, its matches; exact names rank first', async () => {
    for (const kw of ['利物浦', 'Liverpool']) {
      const r = await search(kw);
      expect(r.data.teams.list[0].name).toBe('利物浦');
      expect(r.data.total).toBeGreaterThan(0);
    }
    const salah = await search('沙拿');
    expect(salah.data.players.list[0]).toMatchObject({
      name: '沙拿',
      name_en: 'Mohamed Salah',
      team: { name: '利物浦' },
    });
    const cn = await search('萨拉赫', 'zh-CN');
    expect(cn.data.players.list[0].name).toBe('萨拉赫');
    const comp = await search('英超');
    expect(comp.data.competitions.list.length).toBeGreaterThan(0);
  });

  it('forgives a typo: Arsnal, Liverpol, Haalnd find the club or player, ranked after literal hits', async () => {
    const arsenal = (await search('阿仙奴')).data.teams.list[0].id;
    const typo = await search('Arsnal');
    expect(typo.code).toBe(0);
    expect(typo.data.teams.list[0].id).toBe(arsenal);
    // the match search reads the same index
    const m = await t.call('GET', '/mdr/api/v1/search/matches?keyword=Arsnal');
    expect(m.data.teams[0].id).toBe(arsenal);
    expect((await search('Liverpol')).data.teams.list[0].name).toBe('利物浦');
    const haaland = await search('Haalnd', 'zh-HK', '&type=players');
    expect(haaland.data.players.list[0].name_en).toBe('Erling Haaland');
    // a literal substring outranks a typo: "Chelsea" lists 車路士 before anything merely close to it
    expect((await search('Chelsea')).data.teams.list[0].name).toBe('車路士');
    // three characters are too few to guess from: "Ars" is a literal prefix only
    const short = await search('Asr');
    expect(short.data.teams.total).toBe(0);
  });

  it('one group with a larger size; wildcards typed by a user are literal; nonsense finds nothing', async () => {
    const r = await search('a', 'zh-HK', '&type=players&size=20');
    expect(r.data.players.list.length).toBe(20);
    expect(r.data.teams.list).toEqual([]);
    const pct = await search('%');
    expect(pct.data.total).toBe(0);
    const none = await search('zzqxj');
    expect(none.data.total).toBe(0);
    expect((await search('   ')).code).toBe(100400);
    expect((await search('x', 'zh-HK', '&type=nope')).code).toBe(100400);
  });

  it('finds a fan’s activity and the fan, but not hidden posts or people the viewer blocked', async () => {
    const ops = await t.loginByPhone('90000000');
    const poster = await verifiedUser(t, '61270001', ops.token);
    await t.call('PUT', '/mdr/api/v1/users', { token: poster.token, body: { nickname: '紅軍阿強' } });
    const post = await t.call('POST', '/mdr/api/v1/activities', {
      token: poster.token,
      body: { text: '安菲爾德今晚氣氛一流 <script>alert(1)</script>' },
    });
    expect(post.code).toBe(0);
    const found = await search('安菲爾德');
    expect(found.data.activities.list[0]).toMatchObject({ id: post.data.id, nickname: '紅軍阿強' });
    expect((await search('紅軍阿強')).data.users.list[0].id).toBe(poster.userId);
    const viewer = await t.loginByPhone('61270002');
    await t.call('POST', `/mdr/api/v1/users/${viewer.userId}/blacklists`, {
      token: viewer.token,
      body: { user_id: poster.userId },
    });
    const blocked = await search('安菲爾德', 'zh-HK', '', viewer.token);
    expect(blocked.data.activities.total).toBe(0);
    expect((await search('紅軍阿強', 'zh-HK', '', viewer.token)).data.users.total).toBe(0);
    await t.call('POST', `/mdr/api/v1/ops/activities/${post.data.id}/hide`, {
      token: ops.token,
      body: {},
    });
    const hidden = await search('安菲爾德');
    expect(hidden.data.activities.total).toBe(0);
  });
});
