/**
 * Automatic match reports: written from a finished match's stored facts only (final and half-time
 * score, the goal events with their minutes and scorers, red cards and missed penalties, the final
 * statistics), in the three scripts, and labelled as automatic. Names come from the football tables;
 * an unnamed squad slot (a club whose real squad is not on file) is written as the line-ups show it, club,
 * shirt number and position ("7號（前鋒）" on a line that names the club), flagged `unnamed` so the text never treats it as a
 * person (no brace or winner headline for it, and a note saying the club's squad is not on file). Every piece
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
    /** the scorer is an unnamed squad slot: `scorer` is its number-and-position label, not a name */
    scorerUnnamed: boolean;
    scorerId: number | null;
    home: number;
    away: number;
  }[];
  reds: { minute: number; side: 1 | 2; player: Record<Script, string> | null; unnamed: boolean }[];
  penMisses: { minute: number; side: 1 | 2; player: Record<Script, string> | null; unnamed: boolean }[];
  /** clubs (by side) with a player in the text labelled by shirt number because no squad names are on file */
  unnamedSides: (1 | 2)[];
  stats: Record<string, [number, number]>;
}

/** Spec §3 positions as the line-ups name them (match.player.position in the locales). */
const POSITION: Record<Script, Record<number, string>> = {
  zhhk: { 1: '前鋒', 2: '中鋒', 3: '中場', 4: '後衛', 5: '門將' },
  zhcn: { 1: '前锋', 2: '中锋', 3: '中场', 4: '后卫', 5: '门将' },
  zhtw: { 1: '前鋒', 2: '中鋒', 3: '中場', 4: '後衛', 5: '門將' },
};

/**
 * An unnamed squad slot as the line-ups label it ("7號 · 前鋒"), in prose "7號（前鋒）"; every line of the
 * report that names it also names the club ("63' 7號（前鋒），諾域治 1:0").
 */
export function unnamedLabel(number: number | null, position: number): Record<Script, string> {
  const label = (s: Script) => {
    const no = number === null ? '' : s === 'zhcn' ? `${number}号` : `${number}號`;
    const pos = POSITION[s][position] ?? '';
    return `${no}${pos ? `（${pos}）` : ''}` || (s === 'zhcn' ? '球员' : '球員');
  };
  return { zhhk: label('zhhk'), zhcn: label('zhcn'), zhtw: label('zhtw') };
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
          position: people.position,
        })
        .from(people)
        .where(inArray(people.id, ids))
    : [];
  const byId = new Map(persons.map((p) => [p.id, p]));
  const teamOf = (side: number) => (side === 1 ? home : away);
  const unnamedSides = new Set<1 | 2>();
  /** a player in the three scripts; an unnamed slot is labelled "club number (position)", flagged */
  const named = (
    id: number | null,
    side: 1 | 2,
  ): { who: Record<Script, string> | null; unnamed: boolean } => {
    const p = id ? byId.get(id) : undefined;
    if (!p) return { who: null, unnamed: false };
    if (p.zhhk && p.zhcn && p.zhtw)
      return { who: { zhhk: p.zhhk, zhcn: p.zhcn, zhtw: p.zhtw }, unnamed: false };
    const club = (p.teamId ? refs.teams.get(p.teamId) : undefined) ?? teamOf(side);
    unnamedSides.add(club.id === away.id ? 2 : club.id === home.id ? 1 : side);
    return { who: unnamedLabel(p.number, p.position), unnamed: true };
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
      const who = named(e.playerId, playerSide);
      goals.push({
        minute: e.minute,
        added: e.addedMinute,
        side,
        kind: e.code === EV.PEN_GOAL ? 'pen' : e.code === EV.OWN_GOAL ? 'own' : 'goal',
        scorer: who.who,
        scorerUnnamed: who.unnamed,
        scorerId: e.playerId,
        home: e.homeScore ?? 0,
        away: e.awayScore ?? 0,
      });
    } else if (e.code === EV.RED || e.code === EV.SECOND_YELLOW) {
      const who = named(e.playerId, side);
      reds.push({ minute: e.minute, side, player: who.who, unnamed: who.unnamed });
    } else if (e.code === EV.PEN_MISS) {
      const who = named(e.playerId, side);
      penMisses.push({ minute: e.minute, side, player: who.who, unnamed: who.unnamed });
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
    unnamedSides: [...unnamedSides].sort(),
    stats,
  };
}
