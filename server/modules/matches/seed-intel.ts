/**
 * Pre-match intelligence for fixtures: absences (suspensions from cards, doubts from injuries, as
 * played by the feed or seeded as history), each side's form and season numbers, the head-to-head
 * record, and a venue note, in the three Chinese variants (intel-facts.ts writes the texts). The seed
 * runs it for every fixture of the window once results are in; the daily top-up for the next days.
 * Only named players are reported absent: an unnamed squad slot (seed-squads.ts) is not a person.
 */
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { EV } from '../../../contracts/match';
import type { Db } from '../../db';
import { matchEvents, matches, matchIntel, people, teams } from '../../db/schema';
import { type CardOrKnock, intelFor, type Names, type PlayedMatch } from './intel-facts';
import { DAY_MS } from './seed-calendar';

/** how far back results matter: last season and this one */
const HISTORY_DAYS = 800;

export async function ensureIntel(db: Db, now: Date, from: Date = now): Promise<number> {
  const fixtures = await db
    .select({
      id: matches.id,
      competitionId: matches.competitionId,
      season: matches.season,
      startAt: matches.startAt,
      home: matches.homeTeamId,
      away: matches.awayTeamId,
    })
    .from(matches)
    .where(
      and(
        gte(matches.startAt, from),
        lt(matches.startAt, new Date(now.getTime() + 3 * DAY_MS)),
        ne(matches.status, 14),
      ),
    );
  if (!fixtures.length) return 0;
  const done = new Set(
    (
      await db
        .selectDistinct({ id: matchIntel.matchId })
        .from(matchIntel)
        .where(
          inArray(
            matchIntel.matchId,
            fixtures.map((m) => m.id),
          ),
        )
    ).map((r) => r.id),
  );
  const todo = fixtures.filter((m) => !done.has(m.id));
  if (!todo.length) return 0;
  const teamIds = [...new Set(todo.flatMap((m) => [m.home, m.away]))];
  const earliest = new Date(Math.min(...todo.map((m) => m.startAt.getTime())) - HISTORY_DAYS * DAY_MS);
  const played: PlayedMatch[] = await db
    .select({
      id: matches.id,
      competitionId: matches.competitionId,
      season: matches.season,
      startAt: matches.startAt,
      home: matches.homeTeamId,
      away: matches.awayTeamId,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
    })
    .from(matches)
    .where(
      and(
        eq(matches.status, 10),
        gte(matches.startAt, earliest),
        sql`(${inArray(matches.homeTeamId, teamIds)} or ${inArray(matches.awayTeamId, teamIds)})`,
      ),
    );
  const byTeam = new Map<number, PlayedMatch[]>();
  for (const p of played) for (const t of [p.home, p.away]) byTeam.set(t, [...(byTeam.get(t) ?? []), p]);
  const events = (
    await db
      .select({
        matchId: matchEvents.matchId,
        code: matchEvents.code,
        playerId: matchEvents.playerId,
        related: matchEvents.relatedPlayerId,
      })
      .from(matchEvents)
      .innerJoin(matches, eq(matches.id, matchEvents.matchId))
      .where(
        and(
          inArray(matchEvents.code, [EV.YELLOW, EV.SECOND_YELLOW, EV.RED, EV.INJURY_SUB]),
          gte(matches.startAt, earliest),
          eq(matches.status, 10),
        ),
      )
  )
    // an injury substitution names the player coming on; the one hurt is the one replaced
    .map((e) => ({
      matchId: e.matchId,
      code: e.code,
      playerId: (e.code === EV.INJURY_SUB ? e.related : e.playerId)!,
    }))
    .filter((e) => e.playerId);
  const eventsByMatch = new Map<number, CardOrKnock[]>();
  for (const e of events) eventsByMatch.set(e.matchId, [...(eventsByMatch.get(e.matchId) ?? []), e]);
  const players = new Map<number, { team: number; names: Names }>();
  for (const p of await db
    .select({
      id: people.id,
      team: people.teamId,
      zhcn: people.nameZhcn,
      zhhk: people.nameZhhk,
      zhtw: people.nameZhtw,
    })
    .from(people)
    .where(and(inArray(people.teamId, teamIds), ne(people.nameZhcn, ''))))
    players.set(p.id, { team: p.team!, names: [p.zhcn, p.zhhk, p.zhtw] });
  const clubs = new Map(
    (
      await db
        .select({
          id: teams.id,
          zhcn: teams.shortZhcn,
          zhhk: teams.shortZhhk,
          zhtw: teams.shortZhtw,
          vzhcn: teams.venueZhcn,
          vzhhk: teams.venueZhhk,
          vzhtw: teams.venueZhtw,
          cap: teams.venueCapacity,
        })
        .from(teams)
        .where(inArray(teams.id, teamIds))
    ).map((t) => [t.id, t]),
  );
  const rows: (typeof matchIntel.$inferInsert)[] = [];
  for (const m of todo) {
    const both = [
      ...new Map(
        [...(byTeam.get(m.home) ?? []), ...(byTeam.get(m.away) ?? [])].map((p) => [p.id, p]),
      ).values(),
    ];
    const facts = intelFor({
      match: m,
      played: both,
      events: both.flatMap((p) => eventsByMatch.get(p.id) ?? []),
      player: (id) => players.get(id),
      team: (id) => {
        const t = clubs.get(id);
        return t ? [t.zhcn, t.zhhk, t.zhtw] : ['', '', ''];
      },
    });
    for (const f of facts)
      rows.push({
        matchId: m.id,
        side: f.side,
        kind: f.kind,
        playerId: f.playerId,
        textZhcn: f.text[0],
        textZhhk: f.text[1],
        textZhtw: f.text[2],
      });
    const v = clubs.get(m.home);
    if (v?.vzhcn) {
      const cap = v.cap ? v.cap.toLocaleString('en-US') : '';
      rows.push({
        matchId: m.id,
        side: 0,
        kind: 'note',
        playerId: null,
        textZhcn: cap ? `本场比赛在${v.vzhcn}进行，球场可容纳${cap}名观众` : `本场比赛在${v.vzhcn}进行`,
        textZhhk: cap ? `本場賽事在${v.vzhhk}舉行，球場可容納${cap}名觀眾` : `本場賽事在${v.vzhhk}舉行`,
        textZhtw: cap ? `本場比賽在${v.vzhtw}進行，球場可容納${cap}名觀眾` : `本場比賽在${v.vzhtw}進行`,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await db.insert(matchIntel).values(rows.slice(i, i + 2000));
  return rows.length;
}
