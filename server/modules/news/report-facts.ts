/**
 * Automatic match reports: written from a finished match's stored facts only (final and half-time
 * score, the goal events with their minutes and scorers, red cards and missed penalties, the final
 * statistics), in the three scripts, and labelled as automatic. Names come from the football tables;
 * an unnamed squad slot is written as its club and shirt number, never an invented name. Every piece
 * of text that comes from data is HTML-escaped, so the body is safe markup by construction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { EV } from '../../../contracts/match';
import type { Db } from '../../db';
import { matchEvents, matches, people } from '../../db/schema';
import { getRefs } from '../matches';

export type Script = 'zhhk' | 'zhcn' | 'zhtw';
export const SCRIPTS: Script[] = ['zhhk', 'zhcn', 'zhtw'];
export const FINISHED = 10;

/** The facts a report is written from (also what tests compare the text with). */
export interface ReportFacts {
  matchId: number;
  competitionId: number;
  homeId: number;
  awayId: number;
  home: Record<Script, string>;
  away: Record<Script, string>;
  competition: Record<Script, string>;
  homeScore: number;
  awayScore: number;
  homeHalf: number | null;
  awayHalf: number | null;
  startAt: Date;
  goals: {
    minute: number;
    added: number;
    side: 1 | 2;
    kind: 'goal' | 'pen' | 'own';
    scorer: Record<Script, string> | null;
    scorerId: number | null;
    home: number;
    away: number;
  }[];
  reds: { minute: number; side: 1 | 2; player: Record<Script, string> | null }[];
  penMisses: { minute: number; side: 1 | 2; player: Record<Script, string> | null }[];
  stats: Record<string, [number, number]>;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Reads a finished match's facts; null when the match is unknown or not finished. */
export async function reportFacts(db: Db, matchId: number): Promise<ReportFacts | null> {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!m || m.status !== FINISHED) return null;
  const refs = await getRefs(db, [m.homeTeamId, m.awayTeamId]);
  const comp = refs.competitions.get(m.competitionId);
  const home = refs.teams.get(m.homeTeamId);
  const away = refs.teams.get(m.awayTeamId);
  if (!comp || !home || !away) return null;
  const events = await db
    .select()
    .from(matchEvents)
    .where(
      and(
        eq(matchEvents.matchId, matchId),
        inArray(matchEvents.code, [EV.GOAL, EV.OWN_GOAL, EV.PEN_GOAL, EV.PEN_MISS, EV.RED, EV.SECOND_YELLOW]),
      ),
    )
    .orderBy(asc(matchEvents.seq));
  const ids = [...new Set(events.map((e) => e.playerId).filter((x): x is number => typeof x === 'number'))];
  const persons = ids.length
    ? await db
        .select({
          id: people.id,
          teamId: people.teamId,
          zhhk: people.nameZhhk,
          zhcn: people.nameZhcn,
          zhtw: people.nameZhtw,
          number: people.number,
        })
        .from(people)
        .where(inArray(people.id, ids))
    : [];
  const byId = new Map(persons.map((p) => [p.id, p]));
  const teamOf = (side: number) => (side === 1 ? home : away);
  /** a player in the three scripts; an unnamed slot is "club + number" */
  const named = (id: number | null, side: number): Record<Script, string> | null => {
    const p = id ? byId.get(id) : undefined;
    if (!p) return null;
    if (p.zhhk && p.zhcn && p.zhtw) return { zhhk: p.zhhk, zhcn: p.zhcn, zhtw: p.zhtw };
    const club = (p.teamId ? refs.teams.get(p.teamId) : undefined) ?? teamOf(side);
    const n = p.number ?? '';
    return {
      zhhk: `${club.short.zhhk}${n}號球員`,
      zhcn: `${club.short.zhcn}${n}号球员`,
      zhtw: `${club.short.zhtw}${n}號球員`,
    };
  };
  const sideOf = (s: number): 1 | 2 => (s === 2 ? 2 : 1);
  const goals: ReportFacts['goals'] = [];
  const reds: ReportFacts['reds'] = [];
  const penMisses: ReportFacts['penMisses'] = [];
  for (const e of events) {
    const side = sideOf(e.side);
    if (e.code === EV.GOAL || e.code === EV.PEN_GOAL || e.code === EV.OWN_GOAL) {
      // an own goal's player plays for the other side
      const playerSide = e.code === EV.OWN_GOAL ? (side === 1 ? 2 : 1) : side;
      goals.push({
        minute: e.minute,
        added: e.addedMinute,
        side,
        kind: e.code === EV.PEN_GOAL ? 'pen' : e.code === EV.OWN_GOAL ? 'own' : 'goal',
        scorer: named(e.playerId, playerSide),
        scorerId: e.playerId,
        home: e.homeScore ?? 0,
        away: e.awayScore ?? 0,
      });
    } else if (e.code === EV.RED || e.code === EV.SECOND_YELLOW) {
      reds.push({ minute: e.minute, side, player: named(e.playerId, side) });
    } else if (e.code === EV.PEN_MISS) {
      penMisses.push({ minute: e.minute, side, player: named(e.playerId, side) });
    }
  }
  const stats: Record<string, [number, number]> = {};
  for (const [k, v] of Object.entries((m.stats ?? {}) as Record<string, unknown>)) {
    if (!k.startsWith('_') && Array.isArray(v) && v.length === 2) stats[k] = [Number(v[0]), Number(v[1])];
  }
  return {
    matchId,
    competitionId: m.competitionId,
    homeId: m.homeTeamId,
    awayId: m.awayTeamId,
    home: home.name,
    away: away.name,
    competition: comp.short,
    homeScore: m.homeScore,
    awayScore: m.awayScore,
    homeHalf: m.homeHalfScore,
    awayHalf: m.awayHalfScore,
    startAt: m.startAt,
    goals,
    reds,
    penMisses,
    stats,
  };
}
