/**
 * Competitions: the database home (by region, hot first, today's matches) and one competition's
 * season: its table (the matches module's `standings`, the same rows the match data tab shows) with
 * zones, fixtures and results by round, scorers and assists from the match events, team numbers.
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db';
import { matchEvents, matches, people } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { getRefs, type MatchRow, type Refs, standings, toItem } from '../matches';
import { byRound, FINAL, FINISHED, hkDay, personLabel, personName, REGION_ORDER, regionOf } from './common';
import { type Zone, zoneAt, zonesFor } from './zones';

const TODAY_MAX = 12;
const LEADERS_MAX = 20;

function competitionBrief(refs: Refs, id: number, lang: Lang) {
  const c = refs.competitions.get(id);
  if (!c) throw new ApiError(E.NOT_FOUND);
  return {
    id: c.id,
    code: c.code,
    name: c.name[lang],
    short: c.short[lang],
    color: c.color,
    kind: c.kind,
    country: c.country,
    region: regionOf(c.country),
    season: c.season,
    hot: c.hot,
  };
}

export async function competitionsHome(db: Db, lang: Lang, nowMs: number, speed: number) {
  const refs = await getRefs(db);
  const all = [...refs.competitions.values()]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((c) => competitionBrief(refs, c.id, lang));
  const regions = REGION_ORDER.map((key) => ({
    key,
    // hot ones first inside each region too
    list: all.filter((c) => c.region === key).sort((a, b) => Number(b.hot) - Number(a.hot)),
  })).filter((r) => r.list.length);
  const [from, to] = hkDay(nowMs);
  const hotIds = all.filter((c) => c.hot).map((c) => c.id);
  const today = hotIds.length
    ? await db
        .select()
        .from(matches)
        .where(
          and(inArray(matches.competitionId, hotIds), gte(matches.startAt, from), lt(matches.startAt, to)),
        )
        .orderBy(asc(matches.startAt), asc(matches.id))
        .limit(TODAY_MAX)
    : [];
  return {
    hot: all.filter((c) => c.hot),
    regions,
    today: today.map((m) => toItem(m, refs, lang, speed)),
  };
}

async function seasonRows(db: Db, competitionId: number, season: string): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(and(eq(matches.competitionId, competitionId), eq(matches.season, season)))
    .orderBy(asc(matches.startAt), asc(matches.id));
}

/** The round to open on: the first round with a match still to be played, else the last one. */
export function currentRound(rows: MatchRow[]): string {
  const next = rows.find((m) => !FINAL.has(m.status));
  return next?.round ?? rows[rows.length - 1]?.round ?? '';
}

type StandingRow = ReturnType<typeof standings>[number];
export type TableRow = StandingRow & { zone: Zone['key'] | null; zone_color: string | null };

/** The season's table with every club of the season (a club yet to play has a row of zeros) and zones. */
export function seasonTable(code: string, rows: MatchRow[], refs: Refs, lang: Lang) {
  const finished = rows.filter((m) => m.status === FINISHED);
  const table = standings(finished, refs, lang);
  const seen = new Set(table.map((r) => r.team_id));
  const rest = [...new Set(rows.flatMap((m) => [m.homeTeamId, m.awayTeamId]))]
    .filter((id) => !seen.has(id))
    .sort((a, b) => a - b);
  for (const id of rest) {
    const t = refs.teams.get(id);
    table.push({
      team_id: id,
      team_name: t?.name[lang] ?? '',
      team_short: t?.short[lang] ?? '',
      team_color: t?.color ?? '',
      played: 0,
      win: 0,
      draw: 0,
      lose: 0,
      goals_for: 0,
      goals_against: 0,
      goal_diff: 0,
      points: 0,
      rank: table.length + 1,
    });
  }
  const zones = zonesFor(code, table.length);
  const list: TableRow[] = table.map((r) => {
    const z = zoneAt(zones, r.rank);
    return { ...r, zone: z?.key ?? null, zone_color: z?.color ?? null };
  });
  return { list, zones };
}

interface Leader {
  player_id: number;
  player_name: string | null;
  player_label: string;
  number: number | null;
  position: number;
  team_id: number;
  team_name: string;
  team_short: string;
  team_color: string;
  goals: number;
  penalty_goals: number;
  assists: number;
}

/** Scorers (goals, then fewer penalties) and assists of the finished matches, from their events. */
async function leaders(db: Db, rows: MatchRow[], refs: Refs, lang: Lang) {
  const finished = rows.filter((m) => m.status === FINISHED);
  const byId = new Map(finished.map((m) => [m.id, m]));
  const events = finished.length
    ? await db
        .select({
          matchId: matchEvents.matchId,
          code: matchEvents.code,
          side: matchEvents.side,
          playerId: matchEvents.playerId,
          relatedPlayerId: matchEvents.relatedPlayerId,
        })
        .from(matchEvents)
        .where(
          and(
            inArray(
              matchEvents.matchId,
              finished.map((m) => m.id),
            ),
            inArray(matchEvents.code, [1, 3]),
          ),
        )
    : [];
  const tally = new Map<number, { goals: number; pens: number; assists: number; teamId: number }>();
  const bump = (pid: number | null, teamId: number, k: 'goals' | 'pens' | 'assists') => {
    if (!pid) return;
    const t = tally.get(pid) ?? { goals: 0, pens: 0, assists: 0, teamId };
    t[k]++;
    tally.set(pid, t);
  };
  for (const e of events) {
    const m = byId.get(e.matchId);
    if (!m) continue;
    const teamId = e.side === 1 ? m.homeTeamId : m.awayTeamId;
    bump(e.playerId, teamId, 'goals');
    if (e.code === 3) bump(e.playerId, teamId, 'pens');
    if (e.code === 1) bump(e.relatedPlayerId, teamId, 'assists');
  }
  const ids = [...tally.keys()];
  const persons = ids.length ? await db.select().from(people).where(inArray(people.id, ids)) : [];
  const personById = new Map(persons.map((p) => [p.id, p]));
  const all: Leader[] = ids.map((id) => {
    const t = tally.get(id) as { goals: number; pens: number; assists: number; teamId: number };
    const p = personById.get(id);
    const team = refs.teams.get(t.teamId);
    return {
      player_id: id,
      player_name: p ? personName(p, lang) : null,
      player_label: p
        ? personLabel({ name: personName(p, lang), number: p.number, position: p.position }, lang)
        : '',
      number: p?.number ?? null,
      position: p?.position ?? 0,
      team_id: t.teamId,
      team_name: team?.name[lang] ?? '',
      team_short: team?.short[lang] ?? '',
      team_color: team?.color ?? '',
      goals: t.goals,
      penalty_goals: t.pens,
      assists: t.assists,
    };
  });
  const rank = (list: Leader[], key: 'goals' | 'assists') =>
    list
      .filter((l) => l[key] > 0)
      .sort(
        (a, b) =>
          b[key] - a[key] ||
          (key === 'goals' ? a.penalty_goals - b.penalty_goals : b.goals - a.goals) ||
          a.player_id - b.player_id,
      )
      .slice(0, LEADERS_MAX)
      .map((l, i) => ({ ...l, rank: i + 1 }));
  return { scorers: rank(all, 'goals'), assists: rank(all, 'assists') };
}

/** Per club: goals for and against, clean sheets, cards, from the finished matches' rows. */
function teamStats(rows: MatchRow[], refs: Refs, lang: Lang) {
  const stats = new Map<
    number,
    { played: number; gf: number; ga: number; clean: number; yellow: number; red: number; failed: number }
  >();
  for (const m of rows) {
    if (m.status !== FINISHED) continue;
    for (const [team, gf, ga, y, r] of [
      [m.homeTeamId, m.homeScore, m.awayScore, m.homeYellow, m.homeRed],
      [m.awayTeamId, m.awayScore, m.homeScore, m.awayYellow, m.awayRed],
    ]) {
      const s = stats.get(team) ?? { played: 0, gf: 0, ga: 0, clean: 0, yellow: 0, red: 0, failed: 0 };
      s.played++;
      s.gf += gf;
      s.ga += ga;
      if (ga === 0) s.clean++;
      if (gf === 0) s.failed++;
      s.yellow += y;
      s.red += r;
      stats.set(team, s);
    }
  }
  return [...stats.entries()]
    .map(([id, s]) => {
      const t = refs.teams.get(id);
      return {
        team_id: id,
        team_name: t?.name[lang] ?? '',
        team_short: t?.short[lang] ?? '',
        team_color: t?.color ?? '',
        played: s.played,
        goals_for: s.gf,
        goals_against: s.ga,
        goals_per_match: s.played ? Math.round((s.gf / s.played) * 100) / 100 : 0,
        clean_sheets: s.clean,
        failed_to_score: s.failed,
        yellow: s.yellow,
        red: s.red,
      };
    })
    .sort((a, b) => b.goals_for - a.goals_for || a.goals_against - b.goals_against || a.team_id - b.team_id);
}

export async function competitionDetail(db: Db, id: number, lang: Lang) {
  const refs = await getRefs(db);
  const brief = competitionBrief(refs, id, lang);
  const rows = await seasonRows(db, id, brief.season);
  const table = seasonTable(brief.code, rows, refs, lang);
  const rounds = [...new Set(rows.map((m) => m.round))].sort(byRound);
  return {
    ...brief,
    team_count: table.list.length,
    rounds,
    current_round: currentRound(rows),
    played: rows.filter((m) => m.status === FINISHED).length,
    total: rows.length,
    standings: table.list,
    zones: table.zones,
    ...(await leaders(db, rows, refs, lang)),
    team_stats: teamStats(rows, refs, lang),
  };
}

export async function competitionRound(
  db: Db,
  id: number,
  round: string | undefined,
  lang: Lang,
  speed: number,
) {
  const refs = await getRefs(db);
  const brief = competitionBrief(refs, id, lang);
  const rows = await seasonRows(db, id, brief.season);
  const rounds = [...new Set(rows.map((m) => m.round))].sort(byRound);
  const current = currentRound(rows);
  const pick = round ?? current;
  if (round !== undefined && !rounds.includes(round)) throw new ApiError(E.NOT_FOUND);
  return {
    id,
    season: brief.season,
    round: pick,
    current_round: current,
    rounds,
    list: rows.filter((m) => m.round === pick).map((m) => toItem(m, refs, lang, speed)),
  };
}
