/**
 * Clubs, players, coaches and transfers. A player's numbers come from the events and line-ups of the
 * season's finished matches (player-stats.ts), the very rows the match pages show, so a player page
 * and the timelines of his matches always agree.
 */
import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db';
import { matchEvents, matches, matchLineups, people, teams, transfers } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { getRefs, type MatchRow, type Refs, toItem } from '../matches';
import { ageAt, FINAL, FINISHED, type PersonRow, personName } from './common';
import { seasonTable } from './competition-service';
import { type LineupLite, playerLines, totals } from './player-stats';

const LIST_MAX = 10;
/** positions in squad order: goalkeepers, defenders, midfielders, centre forwards, forwards */
const SQUAD_ORDER = [5, 4, 3, 2, 1];
const COACH = 10;

function teamBrief(refs: Refs, id: number | null, lang: Lang) {
  const t = id ? refs.teams.get(id) : undefined;
  if (!t) return null;
  return { id: t.id, name: t.name[lang], short: t.short[lang], color: t.color, logo: t.logo };
}

const personBrief = (p: PersonRow, lang: Lang) => ({
  id: p.id,
  name: personName(p, lang),
  number: p.number,
  position: p.position,
});

/** The league a club plays in and that league's season label. */
function leagueOf(refs: Refs, teamId: number) {
  const team = refs.teams.get(teamId);
  const league = team ? refs.competitions.get(team.competitionId) : undefined;
  if (!team || !league) throw new ApiError(E.NOT_FOUND);
  return { team, league };
}

/** Every match of the club this season, in every competition, oldest first. */
async function clubSeason(db: Db, teamId: number, season: string): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(
      and(eq(matches.season, season), or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId))),
    )
    .orderBy(asc(matches.startAt), asc(matches.id));
}

async function transferRows(db: Db, where: ReturnType<typeof eq>, refs: Refs, lang: Lang) {
  const rows = await db
    .select({ t: transfers, p: people })
    .from(transfers)
    .innerJoin(people, eq(people.id, transfers.personId))
    .where(where)
    .orderBy(desc(transfers.date), desc(transfers.id));
  return rows.map(({ t, p }) => ({
    id: t.id,
    type: t.type,
    date: t.date,
    month: t.date.slice(0, 7),
    player: personBrief(p, lang),
    from: teamBrief(refs, t.fromTeamId, lang),
    to: teamBrief(refs, t.toTeamId, lang),
  }));
}

function resultFor(m: MatchRow, teamId: number): 'win' | 'draw' | 'lose' {
  const own = m.homeTeamId === teamId ? m.homeScore : m.awayScore;
  const other = m.homeTeamId === teamId ? m.awayScore : m.homeScore;
  return own > other ? 'win' : own < other ? 'lose' : 'draw';
}

/** Results and fixtures of a club: the last LIST_MAX finished, newest first; the next LIST_MAX to play. */
function splitMatches(rows: MatchRow[], teamId: number, refs: Refs, lang: Lang, speed: number) {
  const results = rows
    .filter((m) => m.status === FINISHED)
    .reverse()
    .slice(0, LIST_MAX)
    .map((m) => ({ ...toItem(m, refs, lang, speed), result: resultFor(m, teamId) }));
  const fixtures = rows
    .filter((m) => !FINAL.has(m.status))
    .slice(0, LIST_MAX)
    .map((m) => toItem(m, refs, lang, speed));
  return { results, fixtures };
}

/** Goals, assists and appearances of many players at once, for squad lists. */
async function seasonNumbers(db: Db, ids: number[], matchIds: number[]) {
  const out = new Map<number, { goals: number; assists: number; yellow: number; red: number }>();
  if (!ids.length || !matchIds.length) return out;
  const evs = await db
    .select({ code: matchEvents.code, playerId: matchEvents.playerId, related: matchEvents.relatedPlayerId })
    .from(matchEvents)
    .where(and(inArray(matchEvents.matchId, matchIds), inArray(matchEvents.code, [1, 3, 20, 21, 22])));
  const get = (id: number) => {
    let s = out.get(id);
    if (!s) {
      s = { goals: 0, assists: 0, yellow: 0, red: 0 };
      out.set(id, s);
    }
    return s;
  };
  const wanted = new Set(ids);
  for (const e of evs) {
    if (e.playerId && wanted.has(e.playerId)) {
      const s = get(e.playerId);
      if (e.code === 1 || e.code === 3) s.goals++;
      else if (e.code === 20) s.yellow++;
      else s.red++;
    }
    if (e.code === 1 && e.related && wanted.has(e.related)) get(e.related).assists++;
  }
  return out;
}

export async function teamDetail(db: Db, id: number, lang: Lang, speed: number) {
  const refs = await getRefs(db);
  if (!refs.teams.has(id)) throw new ApiError(E.NOT_FOUND);
  const { team, league } = leagueOf(refs, id);
  const [squad, rows, leagueRows, [teamRow]] = await Promise.all([
    db.select().from(people).where(eq(people.teamId, id)).orderBy(asc(people.number), asc(people.id)),
    clubSeason(db, id, league.season),
    db
      .select()
      .from(matches)
      .where(and(eq(matches.competitionId, league.id), eq(matches.season, league.season))),
    db.select({ founded: teams.founded }).from(teams).where(eq(teams.id, id)),
  ]);
  const finishedIds = rows.filter((m) => m.status === FINISHED).map((m) => m.id);
  const players = squad.filter((p) => p.position !== COACH);
  const numbers = await seasonNumbers(
    db,
    players.map((p) => p.id),
    finishedIds,
  );
  const coach = squad.find((p) => p.position === COACH) ?? null;
  const table = seasonTable(league.code, leagueRows, refs, lang);
  const standing = table.list.find((r) => r.team_id === id) ?? null;
  const finished = rows.filter((m) => m.status === FINISHED);
  const own = (m: MatchRow) => (m.homeTeamId === id ? m.homeScore : m.awayScore);
  const other = (m: MatchRow) => (m.homeTeamId === id ? m.awayScore : m.homeScore);
  const { results, fixtures } = splitMatches(rows, id, refs, lang, speed);
  return {
    id,
    name: team.name[lang],
    short: team.short[lang],
    color: team.color,
    logo: team.logo,
    city: team.city,
    founded: teamRow?.founded ?? null,
    league: { id: league.id, name: league.name[lang], short: league.short[lang], season: league.season },
    venue: { name: team.venue[lang] || null, capacity: team.venueCapacity, city: team.city || null },
    coach: coach ? personBrief(coach, lang) : null,
    squad: SQUAD_ORDER.map((position) => ({
      position,
      list: players
        .filter((p) => p.position === position)
        .map((p) => ({
          ...personBrief(p, lang),
          ...(numbers.get(p.id) ?? { goals: 0, assists: 0, yellow: 0, red: 0 }),
        })),
    })).filter((g) => g.list.length),
    standing,
    stats: {
      played: finished.length,
      win: finished.filter((m) => own(m) > other(m)).length,
      draw: finished.filter((m) => own(m) === other(m)).length,
      lose: finished.filter((m) => own(m) < other(m)).length,
      goals_for: finished.reduce((s, m) => s + own(m), 0),
      goals_against: finished.reduce((s, m) => s + other(m), 0),
      clean_sheets: finished.filter((m) => other(m) === 0).length,
      yellow: finished.reduce((s, m) => s + (m.homeTeamId === id ? m.homeYellow : m.awayYellow), 0),
      red: finished.reduce((s, m) => s + (m.homeTeamId === id ? m.homeRed : m.awayRed), 0),
      form: finished
        .slice(-5)
        .reverse()
        .map((m) => resultFor(m, id)),
    },
    results,
    fixtures,
    transfers: await transferRows(
      db,
      or(eq(transfers.toTeamId, id), eq(transfers.fromTeamId, id)) as ReturnType<typeof eq>,
      refs,
      lang,
    ),
  };
}

async function personOr404(db: Db, id: number, coach: boolean): Promise<PersonRow> {
  const [p] = await db
    .select()
    .from(people)
    .where(and(eq(people.id, id), coach ? eq(people.position, COACH) : ne(people.position, COACH)));
  if (!p) throw new ApiError(E.NOT_FOUND);
  return p;
}

export async function playerDetail(db: Db, id: number, lang: Lang, speed: number, nowMs: number) {
  const p = await personOr404(db, id, false);
  const refs = await getRefs(db);
  const team = p.teamId ? refs.teams.get(p.teamId) : undefined;
  const league = team ? refs.competitions.get(team.competitionId) : undefined;
  const rows = team && league ? await clubSeason(db, team.id, league.season) : [];
  const finished = rows.filter((m) => m.status === FINISHED);
  const ids = finished.map((m) => m.id);
  const [events, lineups] = ids.length
    ? await Promise.all([
        db
          .select({
            matchId: matchEvents.matchId,
            code: matchEvents.code,
            minute: matchEvents.minute,
            side: matchEvents.side,
            playerId: matchEvents.playerId,
            relatedPlayerId: matchEvents.relatedPlayerId,
          })
          .from(matchEvents)
          .where(
            and(
              inArray(matchEvents.matchId, ids),
              or(eq(matchEvents.playerId, id), eq(matchEvents.relatedPlayerId, id)),
            ),
          ),
        db
          .select({
            matchId: matchLineups.matchId,
            side: matchLineups.side,
            starters: matchLineups.starters,
            bench: matchLineups.bench,
          })
          .from(matchLineups)
          .where(inArray(matchLineups.matchId, ids)),
      ])
    : [[], []];
  const lines = playerLines(id, p.position, finished, events, lineups as LineupLite[]);
  const byMatch = new Map(finished.map((m) => [m.id, m]));
  const byCompetition = [...new Set(lines.map((l) => byMatch.get(l.match_id)?.competitionId ?? 0))]
    .filter(Boolean)
    .map((cid) => {
      const c = refs.competitions.get(cid);
      return {
        league_id: cid,
        league_name: c?.name[lang] ?? '',
        league_short: c?.short[lang] ?? '',
        ...totals(lines.filter((l) => byMatch.get(l.match_id)?.competitionId === cid)),
      };
    });
  return {
    id,
    name: personName(p, lang),
    name_en: p.nameEn || null,
    number: p.number,
    position: p.position,
    nationality: p.nationality || null,
    birth_date: p.birthDate,
    age: ageAt(p.birthDate, nowMs),
    height_cm: p.heightCm,
    team: teamBrief(refs, p.teamId, lang),
    season: league?.season ?? null,
    stats: totals(lines),
    competitions: byCompetition,
    matches: lines
      .slice()
      .reverse()
      .map((l) => {
        const m = byMatch.get(l.match_id) as MatchRow;
        return { ...l, match: toItem(m, refs, lang, speed) };
      }),
    transfers: await transferRows(db, eq(transfers.personId, id), refs, lang),
  };
}

export async function coachDetail(db: Db, id: number, lang: Lang, speed: number, nowMs: number) {
  const p = await personOr404(db, id, true);
  const refs = await getRefs(db);
  const team = p.teamId ? refs.teams.get(p.teamId) : undefined;
  const league = team ? refs.competitions.get(team.competitionId) : undefined;
  const rows = team && league ? await clubSeason(db, team.id, league.season) : [];
  const finished = rows.filter((m) => m.status === FINISHED);
  const results = team ? finished.map((m) => resultFor(m, team.id)) : [];
  const split = team ? splitMatches(rows, team.id, refs, lang, speed) : { results: [], fixtures: [] };
  return {
    id,
    name: personName(p, lang),
    name_en: p.nameEn || null,
    position: p.position,
    nationality: p.nationality || null,
    birth_date: p.birthDate,
    age: ageAt(p.birthDate, nowMs),
    team: teamBrief(refs, p.teamId, lang),
    season: league?.season ?? null,
    record: {
      played: results.length,
      win: results.filter((r) => r === 'win').length,
      draw: results.filter((r) => r === 'draw').length,
      lose: results.filter((r) => r === 'lose').length,
    },
    results: split.results,
    fixtures: split.fixtures,
  };
}

export async function transferList(db: Db, q: { team_id?: number; player_id?: number }, lang: Lang) {
  const refs = await getRefs(db);
  if (q.player_id !== undefined) {
    const [p] = await db.select().from(people).where(eq(people.id, q.player_id));
    if (!p) throw new ApiError(E.NOT_FOUND);
    return {
      player: personBrief(p, lang),
      team: null,
      list: await transferRows(db, eq(transfers.personId, q.player_id), refs, lang),
    };
  }
  const teamId = q.team_id as number;
  if (!refs.teams.has(teamId)) throw new ApiError(E.NOT_FOUND);
  return {
    player: null,
    team: teamBrief(refs, teamId, lang),
    list: await transferRows(
      db,
      or(eq(transfers.toTeamId, teamId), eq(transfers.fromTeamId, teamId)) as ReturnType<typeof eq>,
      refs,
      lang,
    ),
  };
}
