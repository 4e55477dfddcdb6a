/**
 * Reads of one match (detail, events, statistics, line-ups, odds) and the per-user actions (support
 * once, book / unbook). Other modules import getMatch and isFinished from here.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { LineupPlayerWire } from '../../../contracts/match';
import type { Db } from '../../db';
import {
  matchAppointments,
  matchEvents,
  matches,
  matchLineups,
  matchOdds,
  matchSupports,
} from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import type { Hub } from '../../realtime/hub';
import { type MatchItem, type MatchRow, supportRates, toItem } from './items';
import type { LineupPlayer } from './live-contract';
import { eventPeople, getRefs, personRefs } from './names';
import { applied } from './update-service';

export const FINAL_STATUSES = [10, 11, 13, 14, 16, 20];

export function isFinished(status: number): boolean {
  return status === 10;
}

export async function getMatch(db: Db, id: number): Promise<MatchRow | null> {
  const [row] = await db.select().from(matches).where(eq(matches.id, id)).limit(1);
  return row ?? null;
}

async function mustMatch(db: Db, id: number): Promise<MatchRow> {
  const m = await getMatch(db, id);
  if (!m || m.status === 20) throw new ApiError(E.NOT_FOUND);
  return m;
}

/** booked / supported of one user for the given matches */
export async function userMarks(db: Db, userId: number | null, ids: number[]) {
  const booked = new Set<number>();
  const supported = new Map<number, number>();
  if (userId === null || !ids.length) return { booked, supported };
  const [a, s] = await Promise.all([
    db
      .select({ id: matchAppointments.matchId })
      .from(matchAppointments)
      .where(and(eq(matchAppointments.userId, userId), inArray(matchAppointments.matchId, ids))),
    db
      .select({ id: matchSupports.matchId, side: matchSupports.side })
      .from(matchSupports)
      .where(and(eq(matchSupports.userId, userId), inArray(matchSupports.matchId, ids))),
  ]);
  for (const r of a) booked.add(r.id);
  for (const r of s) supported.set(r.id, r.side);
  return { booked, supported };
}

export function withMarks(items: MatchItem[], marks: Awaited<ReturnType<typeof userMarks>>): MatchItem[] {
  if (!marks.booked.size && !marks.supported.size) return items;
  return items.map((it) => ({
    ...it,
    booked: marks.booked.has(it.id),
    supported: marks.supported.get(it.id) ?? 0,
  }));
}

export async function matchDetail(db: Db, id: number, lang: Lang, userId: number | null, clockSpeed: number) {
  const m = await mustMatch(db, id);
  const refs = await getRefs(db, [m.homeTeamId, m.awayTeamId]);
  const [item] = withMarks([toItem(m, refs, lang, clockSpeed)], await userMarks(db, userId, [id]));
  const comp = refs.competitions.get(m.competitionId);
  const home = refs.teams.get(m.homeTeamId);
  return {
    ...item,
    season: m.season,
    venue_name: home?.venue[lang] ?? '',
    venue_capacity: home?.venueCapacity ?? null,
    city: home?.city ?? '',
    league: comp
      ? {
          id: comp.id,
          code: comp.code,
          name: comp.name[lang],
          short: comp.short[lang],
          kind: comp.kind,
          country: comp.country,
          season: comp.season,
          color: comp.color,
          logo: comp.logo,
        }
      : null,
  };
}

const ANIMATION_CODES = [13, 14, 15];

export async function matchEventsList(db: Db, id: number, lang: Lang, all: boolean, afterSeq: number) {
  await mustMatch(db, id);
  const conditions = [eq(matchEvents.matchId, id), sql`${matchEvents.seq} > ${afterSeq}`];
  if (!all) conditions.push(notInArray(matchEvents.code, ANIMATION_CODES));
  const rows = await db
    .select()
    .from(matchEvents)
    .where(and(...conditions))
    .orderBy(asc(matchEvents.seq))
    .limit(2000);
  const refs = await personRefs(
    db,
    rows.flatMap((r) => [r.playerId, r.relatedPlayerId]),
    lang,
  );
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    code: r.code,
    minute: r.minute,
    added_minute: r.addedMinute,
    side: r.side,
    player_id: r.playerId,
    related_player_id: r.relatedPlayerId,
    ...eventPeople(refs, { player_id: r.playerId, related_player_id: r.relatedPlayerId }),
    home_score: r.homeScore,
    away_score: r.awayScore,
    x: r.x,
    y: r.y,
    text: r.text,
  }));
}

export async function matchStatistics(db: Db, id: number) {
  const m = await mustMatch(db, id);
  const stats = Object.fromEntries(
    Object.entries((m.stats ?? {}) as Record<string, unknown>).filter(([k]) => !k.startsWith('_')),
  );
  return {
    id,
    seq: m.seq,
    status: m.status,
    stats,
    list: Object.entries(stats).map(([key, v]) => ({
      key,
      home: (v as number[])[0],
      away: (v as number[])[1],
    })),
  };
}

export async function matchLineupsOf(db: Db, id: number, lang: Lang) {
  await mustMatch(db, id);
  const rows = await db
    .select()
    .from(matchLineups)
    .where(eq(matchLineups.matchId, id))
    .orderBy(asc(matchLineups.side));
  const all = rows.flatMap((r) => [...(r.starters as LineupPlayer[]), ...(r.bench as LineupPlayer[])]);
  const names = await personRefs(db, [...all.map((p) => p.person_id), ...rows.map((r) => r.coachId)], lang);
  const named = (p: LineupPlayer): LineupPlayerWire => {
    const name = names.get(p.person_id)?.name ?? null;
    return { ...p, player_id: p.person_id, name, unnamed: name === null };
  };
  const side = (s: number) => {
    const r = rows.find((x) => x.side === s);
    if (!r) return null;
    return {
      side: s,
      formation: r.formation,
      confirmed: r.confirmed,
      coach_id: r.coachId,
      coach_name: r.coachId ? (names.get(r.coachId)?.name ?? '') : '',
      starters: (r.starters as LineupPlayer[]).map(named),
      bench: (r.bench as LineupPlayer[]).map(named),
    };
  };
  return { id, home: side(1), away: side(2) };
}

export const BOOKMAKER_NAMES: Record<string, Record<Lang, string>> = {
  crown: { zhhk: '皇冠', zhcn: '皇冠', zhtw: '皇冠' },
  bet365: { zhhk: 'Bet365', zhcn: 'Bet365', zhtw: 'Bet365' },
  macau: { zhhk: '澳門', zhcn: '澳门', zhtw: '澳門' },
  william_hill: { zhhk: '威廉希爾', zhcn: '威廉希尔', zhtw: '威廉希爾' },
  hkjc: { zhhk: '香港馬會', zhcn: '香港马会', zhtw: '香港賽馬會' },
  lottery: { zhhk: '體彩', zhcn: '体彩', zhtw: '體彩' },
};

export async function matchOddsOf(db: Db, id: number, lang: Lang, bookmaker?: string) {
  await mustMatch(db, id);
  const where = [eq(matchOdds.matchId, id)];
  if (bookmaker) where.push(eq(matchOdds.bookmaker, bookmaker));
  const rows = await db
    .select()
    .from(matchOdds)
    .where(and(...where))
    .orderBy(asc(matchOdds.bookmaker), asc(matchOdds.market));
  return rows.map((r) => ({
    bookmaker: r.bookmaker,
    bookmaker_name: BOOKMAKER_NAMES[r.bookmaker]?.[lang] ?? r.bookmaker,
    market: r.market,
    opening: r.opening,
    current: r.current,
    previous: r.previous,
    updated_ms: r.updatedAt.getTime(),
  }));
}

/** One side per user, never changed (spec §4); the new rates are pushed to the match's watchers. */
export async function supportMatch(db: Db, hub: Hub | null, id: number, userId: number, side: 1 | 2) {
  const m = await mustMatch(db, id);
  if (FINAL_STATUSES.includes(m.status)) throw new ApiError(E.MATCH_CLOSED);
  const updated = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(matchSupports)
      .values({ matchId: id, userId, side })
      .onConflictDoNothing()
      .returning({ side: matchSupports.side });
    if (!inserted.length) throw new ApiError(E.MATCH_SUPPORTED_ALREADY);
    const [row] = await tx
      .update(matches)
      .set(
        side === 1
          ? { supportHome: sql`${matches.supportHome} + 1`, seq: sql`${matches.seq} + 1` }
          : { supportAway: sql`${matches.supportAway} + 1`, seq: sql`${matches.seq} + 1` },
      )
      .where(eq(matches.id, id))
      .returning();
    return row;
  });
  const [hr, ar] = supportRates(updated.supportHome, updated.supportAway);
  const patch = {
    id,
    support_home: updated.supportHome,
    support_away: updated.supportAway,
    home_support_rate: hr,
    away_support_rate: ar,
    seq: updated.seq,
  };
  const messages = [{ kind: 'match' as const, seq: updated.seq, data: patch }];
  await applied(db, hub, { matchId: id, row: updated, statusChanged: false, messages });
  return { ...patch, supported: side };
}

export async function bookMatch(db: Db, id: number, userId: number, on: boolean) {
  const m = await mustMatch(db, id);
  if (on) {
    if (FINAL_STATUSES.includes(m.status)) throw new ApiError(E.MATCH_CLOSED);
    await db.insert(matchAppointments).values({ matchId: id, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(matchAppointments)
      .where(and(eq(matchAppointments.matchId, id), eq(matchAppointments.userId, userId)));
  }
  return { id, booked: on };
}

/** The user's booked matches, soonest first (appointment tab). */
export async function bookedRows(db: Db, userId: number): Promise<MatchRow[]> {
  const rows = await db
    .select({ m: matches })
    .from(matchAppointments)
    .innerJoin(matches, eq(matches.id, matchAppointments.matchId))
    .where(eq(matchAppointments.userId, userId))
    .orderBy(asc(matches.startAt))
    .limit(1000);
  return rows.map((r) => r.m);
}
