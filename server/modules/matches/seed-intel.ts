/**
 * Pre-match intelligence for the fixtures of the next three days: absences and a venue note, in the
 * three Chinese variants. The absences are simulated (picked deterministically from the squads, like
 * everything the simulator plays) among the named players only: an unnamed squad slot (seed-squads.ts)
 * is never reported absent. The venue note comes from the club facts.
 */
import { and, gte, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, matchIntel, people, teams } from '../../db/schema';
import { DAY_MS, hash32 } from './seed-calendar';

type IntelRow = typeof matchIntel.$inferInsert;

export async function ensureIntel(db: Db, now: Date): Promise<number> {
  const upcoming = await db
    .select({ id: matches.id, home: matches.homeTeamId, away: matches.awayTeamId })
    .from(matches)
    .where(
      and(
        gte(matches.startAt, now),
        lt(matches.startAt, new Date(now.getTime() + 3 * DAY_MS)),
        inArray(matches.status, [1]),
      ),
    );
  if (!upcoming.length) return 0;
  const ids = upcoming.map((m) => m.id);
  const done = new Set(
    (
      await db
        .selectDistinct({ id: matchIntel.matchId })
        .from(matchIntel)
        .where(inArray(matchIntel.matchId, ids))
    ).map((r) => r.id),
  );
  const todo = upcoming.filter((m) => !done.has(m.id));
  if (!todo.length) return 0;
  const teamIds = [...new Set(todo.flatMap((m) => [m.home, m.away]))];
  const squad = new Map<number, (typeof people.$inferSelect)[]>();
  for (const p of await db
    .select()
    .from(people)
    .where(and(inArray(people.teamId, teamIds), ne(people.position, 10), ne(people.nameZhcn, '')))
    .orderBy(people.id)) {
    squad.set(p.teamId!, [...(squad.get(p.teamId!) ?? []), p]);
  }
  const venues = new Map(
    (
      await db
        .select({
          id: teams.id,
          zhcn: teams.venueZhcn,
          zhhk: teams.venueZhhk,
          zhtw: teams.venueZhtw,
          cap: teams.venueCapacity,
        })
        .from(teams)
        .where(inArray(teams.id, teamIds))
    ).map((v) => [v.id, v]),
  );
  const rows: IntelRow[] = [];
  for (const m of todo) {
    const h = hash32(`intel:${m.id}`);
    for (const [side, teamId, count] of [
      [1, m.home, h % 3],
      [2, m.away, (h >>> 4) % 3],
    ] as const) {
      const list = squad.get(teamId) ?? [];
      const picked = new Set<number>();
      for (let k = 0; k < count && list.length; k++)
        picked.add(hash32(`intel:${m.id}:${side}:${k}`) % list.length);
      const suspended =
        (h >>> (8 + side)) % 6 === 0 && list.length ? hash32(`susp:${m.id}:${side}`) % list.length : -1;
      for (const i of picked) {
        const p = list[i];
        if (i === suspended) continue;
        rows.push({
          matchId: m.id,
          side,
          kind: 'injury',
          playerId: p.id,
          textZhcn: `${p.nameZhcn}因伤缺阵`,
          textZhhk: `${p.nameZhhk}受傷缺陣`,
          textZhtw: `${p.nameZhtw}因傷缺陣`,
        });
      }
      if (suspended >= 0) {
        const p = list[suspended];
        rows.push({
          matchId: m.id,
          side,
          kind: 'suspension',
          playerId: p.id,
          textZhcn: `${p.nameZhcn}累积黄牌停赛`,
          textZhhk: `${p.nameZhhk}累積黃牌停賽`,
          textZhtw: `${p.nameZhtw}累積黃牌停賽`,
        });
      }
    }
    const v = venues.get(m.home);
    if (v?.zhcn) {
      const cap = v.cap ? v.cap.toLocaleString('en-US') : '';
      rows.push({
        matchId: m.id,
        side: 1,
        kind: 'note',
        playerId: null,
        textZhcn: cap ? `本场比赛在${v.zhcn}进行，球场可容纳${cap}名观众` : `本场比赛在${v.zhcn}进行`,
        textZhhk: cap ? `本場賽事在${v.zhhk}舉行，球場可容納${cap}名觀眾` : `本場賽事在${v.zhhk}舉行`,
        textZhtw: cap ? `本場比賽在${v.zhtw}進行，球場可容納${cap}名觀眾` : `本場比賽在${v.zhtw}進行`,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(matchIntel).values(rows.slice(i, i + 500));
  return rows.length;
}
