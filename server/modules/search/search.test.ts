import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, matches, teams } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { invalidateRefs } from '../matches';

let t: TestApp;
const ids: { home: number; away: number; other: number } = { home: 0, away: 0, other: 0 };
const HOUR = 3_600_000;

const names = (hk: string, cn: string, en: string) => ({
  nameZhhk: hk,
  nameZhtw: hk,
  nameZhcn: cn,
  nameEn: en,
  shortZhhk: hk,
  shortZhtw: hk,
  shortZhcn: cn,
  shortEn: en,
});

beforeAll(async () => {
  t = await createTestApp();
  // own fixtures with made-up names, so the test does not depend on the seeded football data
  const [comp] = await t.db
    .insert(competitions)
    .values({
      code: 'SRCHL',
      ...names('搜尋聯賽', '搜索联赛', 'Search League'),
      country: 'HK',
      season: '2026',
      hot: true,
      sort: -1,
    })
    .returning();
  const [home, away, other] = await t.db
    .insert(teams)
    .values([
      { competitionId: comp.id, code: 'SRCH1', ...names('銀河流浪者', '银河流浪者', 'Qwyzzle Rovers') },
      { competitionId: comp.id, code: 'SRCH2', ...names('星光聯', '星光联', 'Starlight United') },
      { competitionId: comp.id, code: 'SRCH3', ...names('100%_隊', '100%_队', 'Percent FC') },
    ])
    .returning();
  Object.assign(ids, { home: home.id, away: away.id, other: other.id });
  const now = Date.now();
  await t.db.insert(matches).values([
    // finished yesterday, live now, next week, and one far in the past that is not "around now"
    {
      competitionId: comp.id,
      season: '2026',
      homeTeamId: home.id,
      awayTeamId: away.id,
      startAt: new Date(now - 26 * HOUR),
      status: 10,
      homeScore: 2,
      awayScore: 1,
    },
    {
      competitionId: comp.id,
      season: '2026',
      homeTeamId: away.id,
      awayTeamId: home.id,
      startAt: new Date(now - HOUR),
      status: 4,
      minute: 60,
      homeScore: 0,
      awayScore: 1,
    },
    {
      competitionId: comp.id,
      season: '2026',
      homeTeamId: home.id,
      awayTeamId: other.id,
      startAt: new Date(now + 5 * 24 * HOUR),
      status: 1,
    },
    {
      competitionId: comp.id,
      season: '2026',
      homeTeamId: home.id,
      awayTeamId: other.id,
      startAt: new Date(now - 60 * 24 * HOUR),
      status: 10,
    },
  ]);
  invalidateRefs(t.db);
});

afterAll(async () => {
  await t?.close();
});

const search = (q: string, lang = 'zh-HK') =>
  t.call('GET', `/mdr/api/v1/search/matches?${q}`, { headers: { 'accept-language': lang } });

describe('GET /mdr/api/v1/search/matches', () => {
  it('finds a team by its English name and lists its matches around now, live first', async () => {
    const r = await search(`keyword=${encodeURIComponent('qwyzzle')}&size=10`);
    expect(r.code).toBe(0);
    expect(r.data.teams.map((x: any) => x.name)).toEqual(['銀河流浪者']);
    expect(r.data.total).toBe(3);
    const list = r.data.list;
    expect(list[0]).toMatchObject({ status: 4, home_name: '星光聯', away_name: '銀河流浪者', away_score: 1 });
    expect(list.map((m: any) => m.status)).toEqual([4, 10, 1]);
    expect(list[0]).toHaveProperty('period_started_ms');
    expect(list[0]).toHaveProperty('league_short', '搜尋聯賽');
  });

  it('answers in the caller language and matches simplified names too', async () => {
    const r = await search(`keyword=${encodeURIComponent('星光联')}`, 'zh-CN');
    expect(r.code).toBe(0);
    expect(r.data.teams[0].name).toBe('星光联');
    expect(r.data.list[0].home_name).toBe('星光联');
  });

  it('pages the matches', async () => {
    const p2 = await search('keyword=Qwyzzle&page=2&size=2');
    expect(p2.code).toBe(0);
    expect(p2.data).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(p2.data.list).toHaveLength(1);
  });

  it('treats % and _ literally and finds nothing for unknown names', async () => {
    const pct = await search(`keyword=${encodeURIComponent('100%_')}`);
    expect(pct.data.teams.map((x: any) => x.id)).toEqual([ids.other]);
    const none = await search(`keyword=${encodeURIComponent('%')}`);
    expect(none.data.teams.map((x: any) => x.id)).toEqual([ids.other]);
    const nothing = await search(`keyword=${encodeURIComponent('zzz-no-such-team')}`);
    expect(nothing).toMatchObject({ code: 0, data: { teams: [], list: [], total: 0 } });
  });

  it('refuses missing, blank, too long and malformed input with a 4xx code, never a 5xx', async () => {
    for (const q of [
      '',
      'keyword=',
      'keyword=%20%20',
      `keyword=${'x'.repeat(31)}`,
      'keyword=a&page=0',
      'keyword=a&size=999',
      'keyword=a&page=abc',
    ]) {
      const r = await search(q);
      expect(r.status, q).toBeLessThan(500);
      expect(r.code, q).toBe(100400);
    }
  });
});

describe('GET /mdr/api/v1/search/hot', () => {
  it('puts the most searched keywords that found teams first, then fills with hot teams', async () => {
    // one keyword in two spellings: counted together, shown as most fans typed it
    for (let i = 0; i < 2; i++) await search('keyword=Starlight');
    await search('keyword=starlight');
    await search('keyword=zzz-no-such-team');
    await search('keyword=zzz-no-such-team');
    await search('keyword=zzz-no-such-team');
    await search('keyword=zzz-no-such-team');
    // a typo that the fuzzy match rescued found the club, but it is nobody's name: never hot
    for (let i = 0; i < 4; i++)
      expect((await search('keyword=Starlght')).data.teams.length).toBeGreaterThan(0);
    const r = await t.call('GET', '/mdr/api/v1/search/hot?size=5');
    expect(r.code).toBe(0);
    expect(r.data.list[0]).toBe('Starlight');
    expect(r.data.list).not.toContain('starlight');
    expect(r.data.list).not.toContain('zzz-no-such-team');
    expect(r.data.list).not.toContain('Starlght');
    expect(r.data.list).toHaveLength(5);
    expect(new Set(r.data.list).size).toBe(5);
  });

  it('refuses a bad size', async () => {
    const r = await t.call('GET', '/mdr/api/v1/search/hot?size=0');
    expect(r.status).toBeLessThan(500);
    expect(r.code).toBe(100400);
  });
});
