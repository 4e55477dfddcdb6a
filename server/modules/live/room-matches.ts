/**
 * The linked match of each room in a list (the discover feed's rows and the match page name it):
 * both clubs in the reader's language and the kickoff in Hong Kong time. One query per page.
 */
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { matches, teams } from '../../db/schema';
import { hkKickoff } from './rooms-service';

export interface RoomMatch {
  id: number;
  home: string;
  away: string;
  kickoff: string;
}

export async function withMatches<T extends { match_id: number | null }>(
  db: Db,
  rooms: T[],
  lang: 'zhhk' | 'zhcn' | 'zhtw',
): Promise<(T & { match: RoomMatch | null })[]> {
  const ids = [...new Set(rooms.map((r) => r.match_id).filter((id): id is number => id !== null))];
  const byId = new Map<number, RoomMatch>();
  if (ids.length) {
    const home = alias(teams, 'home');
    const away = alias(teams, 'away');
    const rows = await db
      .select({
        id: matches.id,
        startAt: matches.startAt,
        home: { zhhk: home.nameZhhk, zhcn: home.nameZhcn, zhtw: home.nameZhtw },
        away: { zhhk: away.nameZhhk, zhcn: away.nameZhcn, zhtw: away.nameZhtw },
      })
      .from(matches)
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(inArray(matches.id, ids));
    for (const r of rows)
      byId.set(r.id, { id: r.id, home: r.home[lang], away: r.away[lang], kickoff: hkKickoff(r.startAt) });
  }
  return rooms.map((r) => ({ ...r, match: r.match_id === null ? null : (byId.get(r.match_id) ?? null) }));
}
