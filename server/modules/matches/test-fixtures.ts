/**
 * Test/bench data: a league and a cup with squads and fixtures around "now", inserted into a real
 * database when the seeded demo data has none (the DATA engineer's seed provides the real set).
 * Not a mock: every API test reads these rows through the real services.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, matches, people, teams } from '../../db/schema';

export interface FixtureSet {
  leagueId: number;
  cupId: number;
  teamIds: number[];
  matchIds: number[];
}

const tx3 = (s: string) => ({ nameZhcn: s, nameZhhk: s, nameZhtw: s, nameEn: s });

export async function insertTestFixtures(
  db: Db,
  opts: { now?: number; perDay?: number; days?: [number, number]; prefix?: string; spacingMs?: number } = {},
): Promise<FixtureSet> {
  const now = opts.now ?? Date.now();
  const perDay = opts.perDay ?? 6;
  const [fromDay, toDay] = opts.days ?? [-3, 3];
  const prefix = opts.prefix ?? `T${Math.floor(now / 1000) % 100000}`;
  const [league] = await db
    .insert(competitions)
    .values({
      code: `${prefix}L`,
      ...tx3(`測試聯賽${prefix}`),
      nameZhcn: `测试联赛${prefix}`,
      shortZhcn: '测联',
      shortZhhk: '測聯',
      shortZhtw: '測聯',
      shortEn: 'TL',
      kind: 'league',
      country: 'HK',
      season: '2026',
      hot: true,
    })
    .returning({ id: competitions.id });
  const [cup] = await db
    .insert(competitions)
    .values({
      code: `${prefix}C`,
      ...tx3(`測試盃${prefix}`),
      shortZhcn: '测杯',
      shortZhhk: '測盃',
      shortZhtw: '測盃',
      shortEn: 'TC',
      kind: 'cup',
      country: 'HK',
      season: '2026',
    })
    .returning({ id: competitions.id });
  const teamIds: number[] = [];
  for (let i = 0; i < 8; i++) {
    const [t] = await db
      .insert(teams)
      .values({
        competitionId: league.id,
        code: `${prefix}-T${i}`,
        ...tx3(`球隊${i}`),
        nameZhcn: `球队${i}`,
        shortZhcn: `队${i}`,
        shortZhhk: `隊${i}`,
        shortZhtw: `隊${i}`,
        shortEn: `T${i}`,
        attack: 80 + i * 6,
        defence: 120 - i * 5,
        venueZhhk: `球場${i}`,
      })
      .returning({ id: teams.id });
    teamIds.push(t.id);
    const squad = Array.from({ length: 22 }, (_, k) => ({
      teamId: t.id,
      ...tx3(`球員${i}-${k}`),
      nameZhcn: `球员${i}-${k}`,
      position: k === 0 || k === 20 ? 5 : k < 8 ? 4 : k < 15 ? 3 : k < 20 ? 1 : 10,
      number: k + 1,
    }));
    squad[21].position = 10;
    await db.insert(people).values(squad);
  }
  const rows: (typeof matches.$inferInsert)[] = [];
  let n = 0;
  for (let day = fromDay; day <= toDay; day++) {
    for (let k = 0; k < perDay; k++) {
      const h = (n + k) % 8;
      const a = (h + 1 + (k % 7)) % 8;
      const start = now + day * 86_400_000 + (k - perDay / 2) * (opts.spacingMs ?? 2 * 3600_000);
      rows.push({
        competitionId: k % 5 === 4 ? cup.id : league.id,
        season: '2026',
        round: k % 5 === 4 ? 'Final' : `${day + 10}`,
        homeTeamId: teamIds[h],
        awayTeamId: teamIds[a === h ? (a + 1) % 8 : a],
        startAt: new Date(start),
        simSeed: 1000 + n,
        jczqNum: `周${(n % 7) + 1}${String(n).padStart(3, '0')}`,
        bjdcNum: `2611-${String(n).padStart(3, '0')}`,
        ctzcIssue: `26${100 + day + 10}`,
        ctzcIndex: k + 1,
        hot: k === 0,
      });
      n++;
    }
  }
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const out = await db
      .insert(matches)
      .values(rows.slice(i, i + 500))
      .returning({ id: matches.id });
    ids.push(...out.map((r) => r.id));
  }
  await db.execute(sql`select 1`);
  return { leagueId: league.id, cupId: cup.id, teamIds, matchIds: ids };
}
