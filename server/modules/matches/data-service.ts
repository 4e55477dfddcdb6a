/**
 * The match "data" tab: league table computed from the finished matches of the competition's season,
 * head-to-head (`fight_records`) and recent form of each side; plus pre-match intelligence.
 */
import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, matchIntel, people } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { hkIso, type MatchRow } from './items';
import { getMatch } from './match-service';
import { getRefs, type Refs } from './names';

interface Row {
  team_id: number;
  team_name: string;
  /** short name and colour: the table draws each club's generated crest from them */
  team_short: string;
  team_color: string;
  played: number;
  win: number;
  draw: number;
  lose: number;
  goals_for: number;
  goals_against: number;
  goal_diff: number;
  points: number;
  rank: number;
}

export function standings(rows: MatchRow[], refs: Refs, lang: Lang): Row[] {
  const table = new Map<number, Row>();
  const get = (id: number) => {
    let r = table.get(id);
    if (!r) {
      r = {
        team_id: id,
        team_name: refs.teams.get(id)?.name[lang] ?? '',
        team_short: refs.teams.get(id)?.short[lang] ?? '',
        team_color: refs.teams.get(id)?.color ?? '',
        played: 0,
        win: 0,
        draw: 0,
        lose: 0,
        goals_for: 0,
        goals_against: 0,
        goal_diff: 0,
        points: 0,
        rank: 0,
      };
      table.set(id, r);
    }
    return r;
  };
  for (const m of rows) {
    const h = get(m.homeTeamId);
    const a = get(m.awayTeamId);
    h.played++;
    a.played++;
    h.goals_for += m.homeScore;
    h.goals_against += m.awayScore;
    a.goals_for += m.awayScore;
    a.goals_against += m.homeScore;
    if (m.homeScore > m.awayScore) {
      h.win++;
      a.lose++;
    } else if (m.homeScore < m.awayScore) {
      a.win++;
      h.lose++;
    } else {
      h.draw++;
      a.draw++;
    }
  }
  const list = [...table.values()];
  for (const r of list) {
    r.goal_diff = r.goals_for - r.goals_against;
    r.points = r.win * 3 + r.draw;
  }
  list.sort(
    (x, y) =>
      y.points - x.points || y.goal_diff - x.goal_diff || y.goals_for - x.goals_for || x.team_id - y.team_id,
  );
  list.forEach((r, i) => {
    r.rank = i + 1;
  });
  return list;
}

function result(m: MatchRow, teamId: number): 'win' | 'draw' | 'lose' {
  const own = m.homeTeamId === teamId ? m.homeScore : m.awayScore;
  const other = m.homeTeamId === teamId ? m.awayScore : m.homeScore;
  return own > other ? 'win' : own < other ? 'lose' : 'draw';
}

function brief(m: MatchRow, refs: Refs, lang: Lang) {
  return {
    id: m.id,
    league_id: m.competitionId,
    league_short: refs.competitions.get(m.competitionId)?.short[lang] ?? '',
    start_time: hkIso(m.startAt.getTime()),
    start_ms: m.startAt.getTime(),
    home_id: m.homeTeamId,
    home_name: refs.teams.get(m.homeTeamId)?.name[lang] ?? '',
    away_id: m.awayTeamId,
    away_name: refs.teams.get(m.awayTeamId)?.name[lang] ?? '',
    home_score: m.homeScore,
    away_score: m.awayScore,
    home_half_score: m.homeHalfScore,
    away_half_score: m.awayHalfScore,
  };
}

export async function matchData(db: Db, id: number, lang: Lang) {
  const m = await getMatch(db, id);
  if (!m) throw new ApiError(E.NOT_FOUND);
  const refs = await getRefs(db, [m.homeTeamId, m.awayTeamId]);
  const finished = eq(matches.status, 10);
  // head-to-head and form are what came before this match: never the match itself, nor later ones
  const before = lt(matches.startAt, m.startAt);
  const [season, h2h, recent] = await Promise.all([
    db
      .select()
      .from(matches)
      .where(and(finished, eq(matches.competitionId, m.competitionId), eq(matches.season, m.season))),
    db
      .select()
      .from(matches)
      .where(
        and(
          finished,
          before,
          or(
            and(eq(matches.homeTeamId, m.homeTeamId), eq(matches.awayTeamId, m.awayTeamId)),
            and(eq(matches.homeTeamId, m.awayTeamId), eq(matches.awayTeamId, m.homeTeamId)),
          ),
        ),
      )
      .orderBy(desc(matches.startAt))
      .limit(10),
    db
      .select()
      .from(matches)
      .where(
        and(
          finished,
          before,
          or(
            inArray(matches.homeTeamId, [m.homeTeamId, m.awayTeamId]),
            inArray(matches.awayTeamId, [m.homeTeamId, m.awayTeamId]),
          ),
        ),
      )
      .orderBy(desc(matches.startAt))
      .limit(60),
  ]);
  const form = (teamId: number) => {
    const list = recent.filter((r) => r.homeTeamId === teamId || r.awayTeamId === teamId).slice(0, 10);
    const results = list.map((r) => result(r, teamId));
    return {
      team_id: teamId,
      team_name: refs.teams.get(teamId)?.name[lang] ?? '',
      win: results.filter((r) => r === 'win').length,
      draw: results.filter((r) => r === 'draw').length,
      lose: results.filter((r) => r === 'lose').length,
      results,
      matches: list.map((r) => ({ ...brief(r, refs, lang), result: result(r, teamId) })),
    };
  };
  const h2hResults = h2h.map((r) => result(r, m.homeTeamId));
  return {
    id,
    standings: standings(season, refs, lang),
    fight_records: {
      total: h2h.length,
      home_win: h2hResults.filter((r) => r === 'win').length,
      draw: h2hResults.filter((r) => r === 'draw').length,
      away_win: h2hResults.filter((r) => r === 'lose').length,
      list: h2h.map((r) => brief(r, refs, lang)),
    },
    recent: { home: form(m.homeTeamId), away: form(m.awayTeamId) },
  };
}

export async function matchIntelligence(db: Db, id: number, lang: Lang) {
  const m = await getMatch(db, id);
  if (!m) throw new ApiError(E.NOT_FOUND);
  const rows = await db
    .select({ intel: matchIntel, zhhk: people.nameZhhk, zhcn: people.nameZhcn, zhtw: people.nameZhtw })
    .from(matchIntel)
    .leftJoin(people, eq(people.id, matchIntel.playerId))
    .where(eq(matchIntel.matchId, id))
    .orderBy(matchIntel.side, matchIntel.id);
  const col = lang === 'zhcn' ? 'textZhcn' : lang === 'zhtw' ? 'textZhtw' : 'textZhhk';
  const items = rows.map((r) => ({
    id: r.intel.id,
    side: r.intel.side,
    kind: r.intel.kind,
    player_id: r.intel.playerId,
    player_name: r.intel.playerId ? r[lang] || null : null,
    text: r.intel[col],
  }));
  return {
    id,
    home: items.filter((i) => i.side === 1),
    away: items.filter((i) => i.side === 2),
    neutral: items.filter((i) => i.side !== 1 && i.side !== 2),
  };
}
