/**
 * History: the rounds of this season before the fixture window and the whole of last season, stored
 * as results in brief (the provider's `results`: score, half-time score, cards; this season's goals and
 * cards also as events, for scorer tables and suspensions, and its line-ups, for appearances). No odds
 * or play-by-play, so some fifteen thousand matches seed in a few seconds. The league tables then count every round
 * played, and head-to-head and form have past meetings. Insert-only, keyed like the fixtures.
 */
import { and, gte, lt, sql } from 'drizzle-orm';
import { EV } from '../../../contracts/match';
import type { Db } from '../../db';
import { matches } from '../../db/schema';
import type { EventRow, LineupRowDb } from './bulk';
import { insertEvents, insertLineups } from './bulk';
import type { FeedEvent, MatchFeed } from './live-contract';
import { planSeason, seasonYearOf } from './season-plan';
import { DAY_MS, dayNumber, localDate } from './seed-calendar';
import { isHot, type Planned, planInputs, plannedSimSeed, WINDOW_BEFORE_DAYS } from './seed-fixtures';

const CHUNK = 4000;
/**
 * this season's goals (scorer, assist) and cards are kept as events: the timeline of every match of the
 * season names its scorers, and the database's scorer tables and player pages count the same rows;
 * suspensions need the cards
 */
const KEPT = new Set<number>([EV.GOAL, EV.YELLOW, EV.RED]);
const keptOf = (events: FeedEvent[]) => events.filter((e) => KEPT.has(e.code));

export async function seedHistory(db: Db, now: Date, feed: MatchFeed): Promise<number> {
  if (!feed.results) return 0;
  const windowFrom = new Date(now.getTime() - WINDOW_BEFORE_DAYS * DAY_MS);
  const planned: (Planned & { current: boolean; hot: boolean })[] = [];
  let earliest = windowFrom;
  for (const input of await planInputs(db)) {
    const { c, compId, clubs } = input;
    const today = localDate(now, c.tz);
    const year = seasonYearOf(c, dayNumber(today.y, today.m, today.d));
    // cups: this season's league phase only (last season's clubs were not these 36)
    for (const y of c.kind === 'cup' ? [year] : [year - 1, year])
      for (const m of planSeason(c, clubs, y)) {
        if (m.startAt >= windowFrom) continue;
        const p = { ...m, competitionId: compId, compCode: c.code };
        planned.push({ ...p, current: y === year, hot: isHot(c, p) });
        if (m.startAt < earliest) earliest = m.startAt;
      }
  }
  const key = (cid: number, season: string, round: string, h: number, a: number) =>
    `${cid}|${season}|${round}|${h}|${a}`;
  const existing = await db
    .select({
      id: matches.id,
      cid: matches.competitionId,
      season: matches.season,
      round: matches.round,
      h: matches.homeTeamId,
      a: matches.awayTeamId,
    })
    .from(matches)
    .where(and(gte(matches.startAt, earliest), lt(matches.startAt, windowFrom)));
  const have = new Set(existing.map((e) => key(e.cid, e.season, e.round, e.h, e.a)));
  const todo = planned.filter(
    (p) => !have.has(key(p.competitionId, p.season, p.round, p.home.id, p.away.id)),
  );
  if (!todo.length) return 0;
  const results = await feed.results(
    todo.map((p) => ({
      competitionId: p.competitionId,
      round: p.round,
      homeTeamId: p.home.id,
      awayTeamId: p.away.id,
      simSeed: plannedSimSeed(p),
    })),
  );
  const rows = todo.map((p, i) => {
    const r = results[i];
    return {
      competition_id: p.competitionId,
      season: p.season,
      round: p.round,
      home_team_id: p.home.id,
      away_team_id: p.away.id,
      start_at: p.startAt.toISOString(),
      home_score: r.homeScore,
      away_score: r.awayScore,
      home_half_score: r.homeHalfScore,
      away_half_score: r.awayHalfScore,
      home_yellow: r.homeYellow,
      away_yellow: r.awayYellow,
      home_red: r.homeRed,
      away_red: r.awayRed,
      sim_seed: plannedSimSeed(p),
      hot: p.hot,
      seq: p.current ? keptOf(r.events).length : 0,
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK).map((r, k) => ({ ...r, n: k + 1 })));
    // one statement per chunk; the new ids are matched back to their rows by the fixture key
    const res = (await db.execute(sql`
      with r as (
        select * from jsonb_to_recordset(${json}::jsonb) as x(competition_id int, season text,
          round text, home_team_id int, away_team_id int, start_at timestamptz, home_score smallint,
          away_score smallint, home_half_score smallint, away_half_score smallint, home_yellow smallint,
          away_yellow smallint, home_red smallint, away_red smallint, sim_seed int, hot boolean, seq bigint, n bigint)
      ), ins as (
        insert into matches (competition_id, season, round, home_team_id, away_team_id, start_at, status, minute,
          home_score, away_score, home_half_score, away_half_score, home_yellow, away_yellow, home_red, away_red,
          sim_seed, hot, seq)
        select competition_id, season, round, home_team_id, away_team_id, start_at, 10, 90, home_score,
          away_score, home_half_score, away_half_score, home_yellow, away_yellow, home_red, away_red, sim_seed,
          hot, seq
        from r
        returning id, competition_id, season, round, home_team_id, away_team_id
      ) select ins.id, r.n from ins join r using (competition_id, season, round, home_team_id, away_team_id)
        order by r.n`)) as unknown as { rows: { id: number; n: number }[] };
    for (const row of res.rows) ids[i + Number(row.n) - 1] = row.id;
  }
  const events: EventRow[] = [];
  todo.forEach((p, i) => {
    if (!p.current) return;
    keptOf(results[i].events).forEach((e, k) => {
      events.push({
        ...e,
        match_id: ids[i],
        seq: k + 1,
        created_at: new Date(
          p.startAt.getTime() + (e.minute + (e.minute > 45 ? 15 : 0)) * 60_000,
        ).toISOString(),
      });
    });
  });
  await insertEvents(db, events);
  // this season's line-ups: appearances on the database pages count the same rows the match page shows
  const lineups: LineupRowDb[] = [];
  todo.forEach((p, i) => {
    if (!p.current) return;
    for (const l of results[i].lineups ?? [])
      lineups.push({
        match_id: ids[i],
        side: l.side,
        formation: l.formation,
        coach_id: l.coach_id,
        starters: l.starters,
        bench: l.bench,
      });
  });
  await insertLineups(db, lineups);
  return rows.length;
}
