import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, matches, people, teams } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { type EventLite, type LineupLite, playerLines, totals } from './player-stats';
import { seedDatabase } from './seed';
import { zonesFor } from './zones';

let t: TestApp;
const API = '/mdr/api/v1/database';
let epl: { id: number; season: string };
/** the league with the most finished matches this season (whatever the date: some league is playing) */
let busy: { id: number; season: string; clubs: number };

beforeAll(async () => {
  t = await createTestApp();
  const [c] = await t.db.select().from(competitions).where(eq(competitions.code, 'EPL'));
  epl = { id: c.id, season: c.season };
  const counts = (await t.db.execute(sql`
    select c.id, c.season, count(m.id)::int as n,
      (select count(*)::int from teams where competition_id = c.id) as clubs
    from competitions c join matches m on m.competition_id = c.id and m.season = c.season and m.status = 10
    where c.kind = 'league' group by c.id order by n desc, c.id limit 1`)) as unknown as {
    rows: { id: number; season: string; n: number; clubs: number }[];
  };
  busy = counts.rows[0];
}, 120_000);
afterAll(async () => t?.close());

const goalsInTimelines = async (playerId: number, matchIds: number[]) => {
  let n = 0;
  for (const id of matchIds) {
    const r = await t.call('GET', `/mdr/api/v1/matches/${id}/events?all=true`);
    expect(r.code).toBe(0);
    n += r.data.list.filter((e: any) => (e.code === 1 || e.code === 3) && e.player_id === playerId).length;
  }
  return n;
};

describe('database: competitions', () => {
  it("lists competitions by region, hot ones first, with today's matches", async () => {
    const r = await t.call('GET', `${API}/competitions`);
    expect(r.code).toBe(0);
    expect(r.data.hot.map((c: any) => c.code)).toContain('EPL');
    expect(r.data.hot.every((c: any) => c.hot)).toBe(true);
    const europe = r.data.regions.find((g: any) => g.key === 'europe');
    const firstCold = europe.list.findIndex((c: any) => !c.hot);
    expect(europe.list.slice(firstCold).every((c: any) => !c.hot)).toBe(true);
    expect(r.data.regions.map((g: any) => g.key)[0]).toBe('hk');
    expect(Array.isArray(r.data.today)).toBe(true);
  });

  it('answers a league table whose points are 3W+D and played are the finished matches', async () => {
    const r = await t.call('GET', `${API}/competitions/${busy.id}`);
    expect(r.code).toBe(0);
    expect(r.data.standings).toHaveLength(busy.clubs);
    const finished = await t.db
      .select()
      .from(matches)
      .where(
        and(eq(matches.competitionId, busy.id), eq(matches.season, busy.season), eq(matches.status, 10)),
      );
    expect(finished.length).toBeGreaterThan(0);
    for (const row of r.data.standings) {
      expect(row.points).toBe(3 * row.win + row.draw);
      expect(row.played).toBe(row.win + row.draw + row.lose);
      const own = finished.filter((m) => m.homeTeamId === row.team_id || m.awayTeamId === row.team_id);
      expect(row.played).toBe(own.length);
    }
    // the table the match data tab shows is the same one
    const m = finished[0];
    const data = await t.call('GET', `/mdr/api/v1/matches/${m.id}/data`);
    const pick = (rows: any[]) => rows.map((x) => [x.team_id, x.played, x.points]);
    expect(pick(data.data.standings)).toEqual(pick(r.data.standings).filter((x) => x[1] > 0));
  });

  // between seasons (July to mid-August) a competition may have no fixture of its new season yet: the
  // zones are then checked on the rule alone, the table once it has its clubs
  it('marks the Premier League zones: top four to the Champions League, the last three down', async () => {
    expect(zonesFor('EPL', 20).map((z) => [z.key, z.from, z.to])).toEqual([
      ['ucl', 1, 4],
      ['uel', 5, 5],
      ['uecl', 6, 6],
      ['relegation', 18, 20],
    ]);
    const r = await t.call('GET', `${API}/competitions/${epl.id}`);
    expect(r.code).toBe(0);
    if (!r.data.standings.length) return;
    expect(r.data.standings).toHaveLength(20);
    expect(r.data.standings.slice(0, 4).every((x: any) => x.zone === 'ucl')).toBe(true);
    expect(r.data.standings.slice(17).every((x: any) => x.zone === 'relegation')).toBe(true);
    expect(r.data.zones.map((z: any) => z.key)).toEqual(['ucl', 'uel', 'uecl', 'relegation']);
  });

  it('gives the Champions League its league-phase zones', async () => {
    const [c] = await t.db.select().from(competitions).where(eq(competitions.code, 'UCL'));
    expect(zonesFor('UCL', 36).map((z) => [z.key, z.from, z.to])).toEqual([
      ['r16', 1, 8],
      ['ko_playoff', 9, 24],
      ['eliminated', 25, 36],
    ]);
    const r = await t.call('GET', `${API}/competitions/${c.id}`);
    expect(r.code).toBe(0);
    if (!r.data.standings.length) return;
    expect(r.data.standings).toHaveLength(36);
    expect(r.data.zones).toEqual([
      { key: 'r16', color: expect.any(String), from: 1, to: 8 },
      { key: 'ko_playoff', color: expect.any(String), from: 9, to: 24 },
      { key: 'eliminated', color: expect.any(String), from: 25, to: 36 },
    ]);
  });

  it("counts a scorer's goals from the timelines of the league's matches", async () => {
    const r = await t.call('GET', `${API}/competitions/${busy.id}`);
    const top = r.data.scorers[0];
    expect(top.goals).toBeGreaterThan(0);
    const ids = (
      await t.db
        .select({ id: matches.id })
        .from(matches)
        .where(
          and(
            eq(matches.competitionId, busy.id),
            eq(matches.season, busy.season),
            eq(matches.status, 10),
            or(eq(matches.homeTeamId, top.team_id), eq(matches.awayTeamId, top.team_id)),
          ),
        )
    ).map((m) => m.id);
    expect(await goalsInTimelines(top.player_id, ids)).toBe(top.goals);
    expect(r.data.assists.length).toBeGreaterThan(0);
  });

  it('serves fixtures and results by round', async () => {
    const r = await t.call('GET', `${API}/competitions/${busy.id}/matches?round=1`);
    expect(r.code).toBe(0);
    expect(r.data.list).toHaveLength(Math.floor(busy.clubs / 2));
    expect(r.data.list.every((m: any) => m.round === '1')).toBe(true);
    expect(r.data.list.some((m: any) => m.status === 10)).toBe(true);
    const cur = await t.call('GET', `${API}/competitions/${busy.id}/matches`);
    expect(cur.data.round).toBe(cur.data.current_round);
    expect((await t.call('GET', `${API}/competitions/${epl.id}/matches?round=99`)).code).toBe(100404);
    expect((await t.call('GET', `${API}/competitions/${epl.id}/matches?round=x`)).code).toBe(100400);
  });

  it('answers 100404 for an unknown competition and 100400 for a malformed id', async () => {
    expect((await t.call('GET', `${API}/competitions/999999`)).code).toBe(100404);
    expect((await t.call('GET', `${API}/competitions/abc`)).code).toBe(100400);
    expect((await t.call('GET', `${API}/competitions/0`)).code).toBe(100400);
    expect((await t.call('GET', `${API}/competitions/-1`)).code).toBe(100400);
  });
});

describe('database: clubs, players, coaches, transfers', () => {
  let ars: number;
  beforeAll(async () => {
    const [row] = await t.db.select().from(teams).where(eq(teams.code, 'EPL-ARS'));
    ars = row.id;
  });

  it('shows a club: squad by position, coach, venue, season numbers, transfers', async () => {
    const r = await t.call('GET', `${API}/teams/${ars}`);
    expect(r.code).toBe(0);
    expect(r.data.squad.map((g: any) => g.position)).toEqual([5, 4, 3, 2, 1]);
    expect(r.data.coach.position).toBe(10);
    expect(r.data.venue.name).toBe('酋長球場');
    expect(r.data.stats.played).toBe(r.data.stats.win + r.data.stats.draw + r.data.stats.lose);
    expect(r.data.standing.points).toBe(3 * r.data.standing.win + r.data.standing.draw);
    expect(r.data.transfers.some((x: any) => x.type === 3 && x.to?.id === ars)).toBe(true);
    expect(
      r.data.results.every((m: any) => m.status === 10 && ['win', 'draw', 'lose'].includes(m.result)),
    ).toBe(true);
  });

  it("a player's goals equal the goals in his match timelines", async () => {
    // the busiest league's top scorer, and his club's squad list
    const league = await t.call('GET', `${API}/competitions/${busy.id}`);
    const clubId = league.data.scorers[0].team_id;
    const team = await t.call('GET', `${API}/teams/${clubId}`);
    const all = team.data.squad.flatMap((g: any) => g.list);
    const scorer = all.find((p: any) => p.id === league.data.scorers[0].player_id);
    expect(scorer.goals).toBeGreaterThan(0);
    const r = await t.call('GET', `${API}/players/${scorer.id}`);
    expect(r.code).toBe(0);
    expect(r.data.stats.goals).toBe(scorer.goals);
    const seasonIds = (
      await t.db
        .select({ id: matches.id })
        .from(matches)
        .where(
          and(
            eq(matches.season, r.data.season),
            eq(matches.status, 10),
            or(eq(matches.homeTeamId, clubId), eq(matches.awayTeamId, clubId)),
          ),
        )
    ).map((m) => m.id);
    expect(await goalsInTimelines(scorer.id, seasonIds)).toBe(r.data.stats.goals);
    // the per-match lines add up, and each names a match of his
    const sum = r.data.matches.reduce((s: number, l: any) => s + l.goals, 0);
    expect(sum).toBe(r.data.stats.goals);
    expect(r.data.competitions.reduce((s: number, c: any) => s + c.goals, 0)).toBe(r.data.stats.goals);
    // every goal comes from a match he played (the line-ups name him), older rounds included
    const scored = r.data.matches.filter((l: any) => l.goals > 0);
    expect(scored.every((l: any) => l.minutes !== null && l.minutes > 0)).toBe(true);
    expect(r.data.stats.appearances).toBeGreaterThanOrEqual(scored.length);
  });

  it("shows a player's profile and transfer history", async () => {
    const [p] = await t.db.select().from(people).where(eq(people.nameEn, 'Viktor Gyökeres'));
    const r = await t.call('GET', `${API}/players/${p.id}`);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      number: 14,
      position: 2,
      team: { id: ars },
      nationality: 'SWE',
      birth_date: '1998-06-04',
    });
    expect(r.data.age).toBeGreaterThanOrEqual(27);
    expect(r.data.transfers).toEqual([
      expect.objectContaining({ type: 3, month: '2025-07', to: expect.objectContaining({ id: ars }) }),
    ]);
    const tr = await t.call('GET', `${API}/transfers?player_id=${p.id}`);
    expect(tr.data.list).toHaveLength(1);
    const club = await t.call('GET', `${API}/transfers?team_id=${ars}`);
    expect(club.data.list.length).toBeGreaterThanOrEqual(7);
  });

  it('seeds every transfer on file to a seeded player and clubs, once', async () => {
    // the seed ran at start: a second run inserts nothing and finds every player and club
    expect(await seedDatabase(t.db)).toEqual({ inserted: 0, skipped: [] });
  });

  it('shows a coach, and keeps coaches and players apart', async () => {
    const team = await t.call('GET', `${API}/teams/${ars}`);
    const coachId = team.data.coach.id;
    const r = await t.call('GET', `${API}/coaches/${coachId}`);
    expect(r.code).toBe(0);
    expect(r.data.team.id).toBe(ars);
    expect(r.data.record.played).toBe(team.data.stats.played);
    expect(r.data).toMatchObject({ name_en: 'Mikel Arteta', nationality: 'ESP', birth_date: '1982-03-26' });
    expect((await t.call('GET', `${API}/players/${coachId}`)).code).toBe(100404);
    const player = team.data.squad[0].list[0].id;
    expect((await t.call('GET', `${API}/coaches/${player}`)).code).toBe(100404);
  });

  it("gives the headline competitions' coaches a nationality, and an age only where the date is known", async () => {
    const headline = ['EPL', 'LALIGA', 'SERIEA', 'BUNDES', 'LIGUE1', 'UCL', 'HKPL', 'CSL', 'J1', 'KL1'];
    const rows = (await t.db.execute(sql`
      select p.name_en, p.nationality, p.birth_date, c.code as comp
      from people p join teams tm on tm.id = p.team_id join competitions c on c.id = tm.competition_id
      where p.position = 10 and p.name_en <> '' and c.code in (${sql.join(
        headline.map((h) => sql`${h}`),
        sql`, `,
      )})`)) as unknown as {
      rows: { name_en: string; nationality: string; birth_date: string | null; comp: string }[];
    };
    expect(rows.rows.length).toBeGreaterThanOrEqual(150);
    // Kairat's coach: nationality not known with confidence, so not on file (the page says 未有資料)
    expect(rows.rows.filter((r) => !r.nationality).map((r) => r.name_en)).toEqual(['Rafael Urazbakhtin']);
    // the big five: a coach's age is on file for most of them
    const big = rows.rows.filter((r) => ['EPL', 'SERIEA', 'BUNDES'].includes(r.comp));
    expect(big.filter((r) => r.birth_date).length).toBeGreaterThan(big.length * 0.8);
    const [valverde] = await t.db.select().from(people).where(eq(people.nameEn, 'Ernesto Valverde'));
    const known = await t.call('GET', `${API}/coaches/${valverde.id}`);
    expect(known.data).toMatchObject({ nationality: 'ESP', birth_date: '1964-02-09' });
    expect(known.data.age).toBeGreaterThanOrEqual(61);
    // not known with confidence: the nationality shows, the age stays empty (the page says 未有資料)
    const [yoshida] = await t.db.select().from(people).where(eq(people.nameEn, 'Takayuki Yoshida'));
    const unknown = await t.call('GET', `${API}/coaches/${yoshida.id}`);
    expect(unknown.data).toMatchObject({ nationality: 'JPN', birth_date: null, age: null });
  });

  it('answers unknown ids with 100404 and bad input with 100400', async () => {
    for (const path of ['teams', 'players', 'coaches']) {
      expect((await t.call('GET', `${API}/${path}/2147480000`)).code).toBe(100404);
      expect((await t.call('GET', `${API}/${path}/1.5`)).code).toBe(100400);
      expect((await t.call('GET', `${API}/${path}/99999999999`)).code).toBe(100400);
    }
    expect((await t.call('GET', `${API}/transfers`)).code).toBe(100400);
    expect((await t.call('GET', `${API}/transfers?team_id=1&player_id=1`)).code).toBe(100400);
    expect((await t.call('GET', `${API}/transfers?team_id=abc`)).code).toBe(100400);
    expect((await t.call('GET', `${API}/transfers?player_id=2147480000`)).code).toBe(100404);
    expect((await t.call('GET', `${API}/transfers?team_id=2147480000`)).code).toBe(100404);
  });
});

describe('player numbers (pure)', () => {
  const ev = (e: Partial<EventLite> & { code: number }): EventLite => ({
    matchId: 1,
    minute: 10,
    side: 1,
    playerId: null,
    relatedPlayerId: null,
    ...e,
  });
  const lineup: LineupLite[] = [
    { matchId: 1, side: 1, starters: [{ person_id: 7 }], bench: [{ person_id: 8 }] },
    { matchId: 1, side: 2, starters: [{ person_id: 9 }], bench: [] },
  ];
  const match = [{ id: 1, homeScore: 2, awayScore: 0 }];

  it('counts goals, penalties, assists, cards and minutes', () => {
    const events = [
      ev({ code: 1, playerId: 7, relatedPlayerId: 8, minute: 70 }),
      ev({ code: 3, playerId: 7, minute: 80 }),
      ev({ code: 26, playerId: 8, relatedPlayerId: 5, minute: 60 }),
      ev({ code: 20, playerId: 7, minute: 30 }),
      ev({ code: 26, playerId: 4, relatedPlayerId: 7, minute: 85 }),
    ];
    const [a] = playerLines(7, 2, match, events, lineup);
    expect(a).toMatchObject({
      goals: 2,
      penalty_goals: 1,
      assists: 0,
      yellow: 1,
      minutes: 85,
      started: true,
    });
    const [b] = playerLines(8, 3, match, events, lineup);
    expect(b).toMatchObject({ goals: 0, assists: 1, minutes: 30, started: false, side: 1 });
    expect(totals([a, b])).toMatchObject({ appearances: 2, starts: 1, goals: 2, assists: 1, minutes: 115 });
  });

  it('counts goals of a match without line-ups but no appearance', () => {
    const [l] = playerLines(7, 2, match, [ev({ code: 1, playerId: 7 })], []);
    expect(l).toMatchObject({ goals: 1, minutes: null, rating: null });
    expect(totals([l])).toMatchObject({ appearances: 0, goals: 1 });
  });

  it('does not credit an own goal as a goal', () => {
    const [l] = playerLines(9, 4, match, [ev({ code: 2, playerId: 9, side: 1 })], lineup);
    expect(l).toMatchObject({ goals: 0, own_goals: 1, side: 2 });
  });

  it('places zones from the bottom for short tables', () => {
    expect(zonesFor('EPL', 20).at(-1)).toMatchObject({ key: 'relegation', from: 18, to: 20 });
    expect(zonesFor('MLS', 30)).toEqual([]);
  });
});
