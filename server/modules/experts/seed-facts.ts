/**
 * What a pundit knows before kick-off, read from the football tables: each side's last five results
 * before the match, the head-to-head record, the lottery odds and the absences (match intel). The
 * demo plans are written from these facts only (seed-texts.ts), so what a plan says is true of its
 * match and agrees with its pick.
 */
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, matchIntel, matchOdds } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { getRefs } from '../matches';

export type Texts = Record<Lang, string>;
export type Outcome = 'W' | 'D' | 'L';

export interface SideFacts {
  teamId: number;
  name: Texts;
  /** last five results before this match, most recent first */
  form: Outcome[];
  scored: number;
  conceded: number;
  /** injured or suspended players named in the match intel */
  absent: number;
}

export interface MatchFacts {
  id: number;
  startAt: Date;
  league: Texts;
  home: SideFacts;
  away: SideFacts;
  /** previous meetings, counted for this match's home and away side */
  h2h: { home: number; draw: number; away: number };
  odds: { home: number; draw: number; away: number } | null;
  /** handicap market: line is the home side's handicap (-1 = home gives a goal) */
  hhad: { home: number; draw: number; away: number; line: number } | null;
  row: typeof matches.$inferSelect;
}

export const points = (form: Outcome[]) => form.reduce((n, o) => n + (o === 'W' ? 3 : o === 'D' ? 1 : 0), 0);
export const count = (form: Outcome[], o: Outcome) => form.filter((x) => x === o).length;

const FORM_LENGTH = 5;
const H2H_LENGTH = 6;

export async function loadFacts(db: Db, ids: number[]): Promise<Map<number, MatchFacts>> {
  const out = new Map<number, MatchFacts>();
  if (!ids.length) return out;
  const rows = await db.select().from(matches).where(inArray(matches.id, ids));
  const teamIds = [...new Set(rows.flatMap((m) => [m.homeTeamId, m.awayTeamId]))];
  const latest = new Date(Math.max(...rows.map((m) => m.startAt.getTime())));
  const [refs, played, odds, intel] = await Promise.all([
    getRefs(db, teamIds),
    db
      .select({
        home: matches.homeTeamId,
        away: matches.awayTeamId,
        hs: matches.homeScore,
        as: matches.awayScore,
        at: matches.startAt,
      })
      .from(matches)
      .where(
        and(
          eq(matches.status, 10),
          lt(matches.startAt, latest),
          or(inArray(matches.homeTeamId, teamIds), inArray(matches.awayTeamId, teamIds)),
        ),
      ),
    db
      .select()
      .from(matchOdds)
      .where(and(eq(matchOdds.bookmaker, 'lottery'), inArray(matchOdds.matchId, ids))),
    db.select().from(matchIntel).where(inArray(matchIntel.matchId, ids)),
  ]);
  played.sort((a, b) => b.at.getTime() - a.at.getTime());
  const texts = (t: { zhhk: string; zhcn: string; zhtw: string } | undefined): Texts => ({
    zhhk: t?.zhhk ?? '',
    zhcn: t?.zhcn ?? '',
    zhtw: t?.zhtw ?? '',
  });

  for (const m of rows) {
    const before = played.filter((p) => p.at < m.startAt);
    const side = (teamId: number, sideNo: 1 | 2): SideFacts => {
      const games = before.filter((p) => p.home === teamId || p.away === teamId).slice(0, FORM_LENGTH);
      let scored = 0;
      let conceded = 0;
      const form = games.map((g): Outcome => {
        const mine = g.home === teamId ? g.hs : g.as;
        const theirs = g.home === teamId ? g.as : g.hs;
        scored += mine;
        conceded += theirs;
        return mine > theirs ? 'W' : mine === theirs ? 'D' : 'L';
      });
      const absent = intel.filter(
        (i) => i.matchId === m.id && i.side === sideNo && (i.kind === 'injury' || i.kind === 'suspension'),
      ).length;
      const team = refs.teams.get(teamId);
      return { teamId, name: texts(team?.short), form, scored, conceded, absent };
    };
    const h2h = { home: 0, draw: 0, away: 0 };
    for (const g of before
      .filter(
        (p) =>
          (p.home === m.homeTeamId && p.away === m.awayTeamId) ||
          (p.home === m.awayTeamId && p.away === m.homeTeamId),
      )
      .slice(0, H2H_LENGTH)) {
      const homeGoals = g.home === m.homeTeamId ? g.hs : g.as;
      const awayGoals = g.home === m.homeTeamId ? g.as : g.hs;
      if (homeGoals > awayGoals) h2h.home++;
      else if (homeGoals < awayGoals) h2h.away++;
      else h2h.draw++;
    }
    const market = (name: string) =>
      (odds.find((o) => o.matchId === m.id && o.market === name)?.opening as Record<string, number>) ?? null;
    const eu = market('jczq');
    const hh = market('jczq_hhad');
    out.set(m.id, {
      id: m.id,
      startAt: m.startAt,
      league: texts(refs.competitions.get(m.competitionId)?.short),
      home: side(m.homeTeamId, 1),
      away: side(m.awayTeamId, 2),
      h2h,
      odds: eu ? { home: eu.home, draw: eu.draw, away: eu.away } : null,
      hhad:
        hh && typeof hh.line === 'number'
          ? { home: hh.home, draw: hh.draw, away: hh.away, line: hh.line }
          : null,
      row: m,
    });
  }
  return out;
}
