import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playPastMatches } from '../../feed/catch-up';
import { loadSimRefs, timelineFor } from '../../feed/simulator/context';
import { createTestApp, type TestApp } from '../../test/harness';
import { hkDate } from './items';
import { getMatch } from './match-service';
import { type FixtureSet, insertTestFixtures } from './test-fixtures';

let t: TestApp;
let f: FixtureSet;
const now = Date.now();
const _today = hkDate(now);
const yesterday = hkDate(now - 86_400_000);
const tomorrow = hkDate(now + 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  f = await insertTestFixtures(t.db, { now, perDay: 8, days: [-3, 3], prefix: 'RT' });
  await playPastMatches(t.db, new Date(now));
});
afterAll(async () => t?.close());

const zh = { 'accept-language': 'zh-CN' };

describe('match lists', () => {
  it('instant lists today with live first and names by language', async () => {
    const r = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=instant&size=500&league_ids=${f.leagueId},${f.cupId}`,
    );
    expect(r.code).toBe(0);
    expect(r.data.total).toBeGreaterThan(0);
    const live = [2, 3, 4, 5, 7];
    const firstNonLive = r.data.list.findIndex((m: any) => !live.includes(m.status));
    if (firstNonLive >= 0)
      expect(r.data.list.slice(firstNonLive).some((m: any) => live.includes(m.status))).toBe(false);
    const m = r.data.list[0];
    for (const k of [
      'id',
      'league_name',
      'start_time',
      'start_ms',
      'home_name',
      'away_name',
      'home_support_rate',
      'seq',
      'booked',
      'supported',
    ])
      expect(m).toHaveProperty(k);
    expect(m.start_time).toMatch(/\+08:00$/);
    expect(m.home_name).toMatch(/^球隊/);
    const cn = await t.call('GET', `/mdr/api/v1/matches?tab=instant&league_ids=${f.leagueId}`, {
      headers: zh,
    });
    expect(cn.data.list[0].home_name).toMatch(/^球队/);
  });

  it('results are finished matches of the date, schedule the future ones, paging works', async () => {
    const res = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=results&date=${yesterday}&league_ids=${f.leagueId},${f.cupId}&size=500`,
    );
    expect(res.code).toBe(0);
    expect(res.data.total).toBeGreaterThan(3);
    for (const m of res.data.list) expect([10, 11]).toContain(m.status);
    const finished = res.data.list.find((m: any) => m.status === 10);
    expect(finished.home_half_score).not.toBeNull();
    const sch = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=schedule&date=${tomorrow}&league_ids=${f.leagueId},${f.cupId}&size=3&page=2`,
    );
    expect(sch.data.page).toBe(2);
    expect(sch.data.size).toBe(3);
    expect(sch.data.list.length).toBeLessThanOrEqual(3);
    for (const m of sch.data.list) expect([1, 13, 14]).toContain(m.status);
    const leagues = await t.call('GET', `/mdr/api/v1/matches/leagues?tab=results&date=${yesterday}`);
    expect(leagues.data.list.find((l: any) => l.id === f.leagueId)?.count).toBeGreaterThan(0);
  });

  it('bad input never answers 5xx', async () => {
    const bad = [
      '?tab=unknown',
      '?page=0',
      '?page=-1',
      '?size=100000',
      '?size=abc',
      '?date=2026-13-40',
      '?date=2026-02-30',
      '?date=yesterday',
      '?league_ids=1,,2',
      '?league_ids=-5',
      '?league_ids=a',
    ];
    for (const q of bad) {
      const r = await t.call('GET', `/mdr/api/v1/matches${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.code, q).toBe(100400);
    }
    for (const path of [
      '/mdr/api/v1/matches/-1',
      '/mdr/api/v1/matches/abc/events',
      '/mdr/api/v1/matches/99999999999/odds',
      '/mdr/api/v1/matches/0/data',
    ]) {
      const r = await t.call('GET', path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.code, path).toBe(100400);
    }
    const missing = await t.call('GET', '/mdr/api/v1/matches/2147483647');
    expect(missing.code).toBe(100404);
    const events = await t.call('GET', '/mdr/api/v1/matches/2147483647/events');
    expect(events.code).toBe(100404);
  });

  it('appointment tab needs login', async () => {
    const r = await t.call('GET', '/mdr/api/v1/matches?tab=appointment');
    expect(r.code).toBe(110000);
  });
});

describe('one match', () => {
  const finishedId = async () => {
    const r = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=results&date=${yesterday}&league_ids=${f.leagueId}&size=50`,
    );
    return r.data.list.find((m: any) => m.status === 10).id as number;
  };

  it('detail, events, statistics, lineups, odds, history, data, intelligence', async () => {
    const id = await finishedId();
    const d = await t.call('GET', `/mdr/api/v1/matches/${id}`);
    expect(d.code).toBe(0);
    expect(d.data.league.id).toBe(f.leagueId);
    expect(d.data.venue_name).toMatch(/球場/);
    const ev = await t.call('GET', `/mdr/api/v1/matches/${id}/events`);
    const goals = ev.data.list.filter((e: any) => [1, 2, 3].includes(e.code));
    expect(goals.filter((g: any) => g.side === 1).length).toBe(d.data.home_score);
    expect(goals.filter((g: any) => g.side === 2).length).toBe(d.data.away_score);
    expect(ev.data.list[0].code).toBe(40);
    expect(ev.data.list.at(-1).code).toBe(42);
    for (const g of goals) expect(g.player_name).toBeTruthy();
    const st = await t.call('GET', `/mdr/api/v1/matches/${id}/statistics`);
    expect(st.data.stats.corners).toEqual([d.data.home_corners, d.data.away_corners]);
    expect(st.data.stats._cursor).toBeUndefined();
    const lu = await t.call('GET', `/mdr/api/v1/matches/${id}/lineups`);
    expect(lu.data.home.starters).toHaveLength(11);
    expect(lu.data.home.starters[0].name).toBeTruthy();
    const odds = await t.call('GET', `/mdr/api/v1/matches/${id}/odds`);
    expect(odds.data.list.length).toBe(15);
    expect(odds.data.list.find((o: any) => o.market === 'eu').previous).not.toBeNull();
    const hist = await t.call('GET', `/mdr/api/v1/matches/${id}/odds/crown`);
    expect(hist.data.list.length).toBeGreaterThan(5);
    const data = await t.call('GET', `/mdr/api/v1/matches/${id}/data`);
    expect(data.data.standings.length).toBeGreaterThan(2);
    expect(data.data.standings[0].rank).toBe(1);
    // each row carries what the table needs for the club's generated crest
    expect(data.data.standings[0]).toMatchObject({
      team_short: expect.any(String),
      team_color: expect.stringMatching(/^#/),
    });
    expect(data.data.fight_records.total).toBeGreaterThan(0);
    expect(data.data.recent.home.results.length).toBeGreaterThan(0);
    const intel = await t.call('GET', `/mdr/api/v1/matches/${id}/intelligence`);
    expect(intel.code).toBe(0);
    expect(Array.isArray(intel.data.home)).toBe(true);
  });

  it('support is once per user, needs login, and is published', async () => {
    const r = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=schedule&date=${tomorrow}&league_ids=${f.leagueId}&size=50`,
    );
    const id = r.data.list.find((m: any) => m.status === 1).id;
    const anon = await t.call('POST', `/mdr/api/v1/matches/${id}/support`, {
      token: await t.token(),
      body: { side: 1 },
    });
    expect(anon.code).toBe(110000);
    const { token } = await t.loginByPhone('61230001');
    const sent: any[] = [];
    const orig = t.app.deps.hub.publish;
    t.app.deps.hub.publish = async (topic, data) => {
      sent.push({ topic, data });
      return orig.call(t.app.deps.hub, topic, data);
    };
    const bad = await t.call('POST', `/mdr/api/v1/matches/${id}/support`, { token, body: { side: 3 } });
    expect(bad.code).toBe(100400);
    const ok = await t.call('POST', `/mdr/api/v1/matches/${id}/support`, { token, body: { side: 2 } });
    expect(ok.code).toBe(0);
    expect(ok.data.support_away).toBe(1);
    expect(ok.data.away_support_rate).toBe(100);
    const again = await t.call('POST', `/mdr/api/v1/matches/${id}/support`, { token, body: { side: 1 } });
    expect(again.code).toBe(120101);
    t.app.deps.hub.publish = orig;
    expect(sent.map((s) => s.topic)).toEqual([`match:${id}`, 'matches:live']);
    expect(sent[0].data.data.support_away).toBe(1);
    const detail = await t.call('GET', `/mdr/api/v1/matches/${id}`, { token });
    expect(detail.data.supported).toBe(2);
  });

  it('appointment: book, list, unbook', async () => {
    const r = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=schedule&date=${tomorrow}&league_ids=${f.leagueId}&size=50`,
    );
    const id = r.data.list.find((m: any) => m.status === 1).id;
    expect(
      (await t.call('POST', `/mdr/api/v1/matches/${id}/appointment`, { token: await t.token() })).code,
    ).toBe(110000);
    const { token } = await t.loginByPhone('61230002');
    expect((await t.call('POST', `/mdr/api/v1/matches/${id}/appointment`, { token })).data.booked).toBe(true);
    const list = await t.call('GET', '/mdr/api/v1/matches?tab=appointment', { token });
    expect(list.data.list.map((m: any) => m.id)).toEqual([id]);
    expect(list.data.list[0].booked).toBe(true);
    const sched = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=schedule&date=${tomorrow}&league_ids=${f.leagueId}&size=50`,
      { token },
    );
    expect(sched.data.list.find((m: any) => m.id === id).booked).toBe(true);
    await t.call('DELETE', `/mdr/api/v1/matches/${id}/appointment`, { token });
    expect((await t.call('GET', '/mdr/api/v1/matches?tab=appointment', { token })).data.total).toBe(0);
    const finished = await finishedId();
    expect((await t.call('POST', `/mdr/api/v1/matches/${finished}/appointment`, { token })).code).toBe(
      120102,
    );
  });
});

describe('lottery and popular lists', () => {
  it('jczq, bjdc, ctzc, popular, news', async () => {
    const j = await t.call('GET', '/mdr/api/v1/jczq/matches?size=100');
    expect(j.code).toBe(0);
    const mine = j.data.list.find((m: any) => m.league_id === f.leagueId);
    expect(mine.odds.jczq.home).toBeGreaterThan(1);
    expect((await t.call('GET', `/mdr/api/v1/jczq/odds/${mine.id}`)).data.odds.jczq_hhad).toBeTruthy();
    const b = await t.call('GET', '/mdr/api/v1/bjdc-sf/matches?size=100');
    expect(b.data.list.find((m: any) => m.league_id === f.leagueId).odds.bjdc_sf).toBeTruthy();
    const issues = await t.call('GET', '/mdr/api/v1/ctzc/issue-nums');
    expect(issues.data.list.length).toBeGreaterThan(0);
    const issue = issues.data.list.find((i: any) => i.on_sale)?.issue_num ?? issues.data.list[0].issue_num;
    const c = await t.call('GET', `/mdr/api/v1/ctzc/matches?issue_num=${issue}`);
    expect(c.data.list.length).toBeGreaterThan(0);
    expect((await t.call('GET', '/mdr/api/v1/ctzc/matches?issue_num=<x>')).code).toBe(100400);
    const pop = await t.call('GET', '/mdr/api/v1/matches/popular?size=5');
    expect(pop.code).toBe(0);
    expect(pop.data.list.length).toBeGreaterThan(0);
    const news = await t.call('GET', '/mdr/api/v1/matches/news/popular?page=1&size=5');
    expect(news.data.list[0].title).toBeTruthy();
  });
});

describe('dev kickoff', () => {
  it('moves a scheduled match to now', async () => {
    const r = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=schedule&date=${tomorrow}&league_ids=${f.leagueId}&size=50`,
    );
    const id = r.data.list.find((m: any) => m.status === 1).id;
    const k = await t.call('POST', `/dev/matches/${id}/kickoff`);
    expect(k.code).toBe(0);
    const d = await t.call('GET', `/mdr/api/v1/matches/${id}`);
    expect(Math.abs(d.data.start_ms - Date.now())).toBeLessThan(60_000);
  });

  it('with goal_before picks a seed whose play has a goal by then (browser tests wait for one)', async () => {
    const r = await t.call(
      'GET',
      `/mdr/api/v1/matches?tab=schedule&date=${tomorrow}&league_ids=${f.leagueId}&size=50`,
    );
    const id = r.data.list.find((m: any) => m.status === 1).id;
    expect((await t.call('POST', `/dev/matches/${id}/kickoff?goal_before=0`)).code).toBe(100400);
    const k = await t.call('POST', `/dev/matches/${id}/kickoff?goal_before=12`);
    expect(k.code).toBe(0);
    const row = await getMatch(t.app.deps.db, id);
    const tl = timelineFor(await loadSimRefs(t.app.deps.db), row!, t.app.deps.config.simSeed);
    expect(tl.outcome).toBe('played');
    expect(tl.entries.some((e) => e.event && [1, 2, 3].includes(e.event.code) && e.event.minute <= 12)).toBe(
      true,
    );
  });
});
