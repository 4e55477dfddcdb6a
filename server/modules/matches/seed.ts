/**
 * Football facts from server/db/seed-data/football: competitions, clubs, coaches, squads, then the
 * fixtures around today (fixtures.ts) and the results of the past ones (catch-up.ts, from the provider
 * the bootstrap hands over: the simulator).
 * Insert-only: a competition, club or squad that exists is left alone, so a reseed never duplicates.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, people, teams } from '../../db/schema';
import {
  type ClubSeed,
  type CompetitionSeed,
  loadCompetitions,
  loadSquads,
  type NameTuple,
  type PlayerTuple,
  teamCode,
} from '../../db/seed-data/football';
import { catchUpMatches } from './catch-up';
import { ensureFixtures, startSomeMatchesNow, WINDOW_BEFORE_DAYS } from './fixtures';
import type { MatchFeed } from './live-contract';
import { DAY_MS } from './seed-calendar';
import { seedHistory } from './seed-history';
import { ensureIntel } from './seed-intel';

const names = (n: NameTuple) => ({ nameEn: n[0], nameZhcn: n[1], nameZhhk: n[2], nameZhtw: n[3] });
const shorts = (n: NameTuple) => ({ shortEn: n[0], shortZhcn: n[1], shortZhhk: n[2], shortZhtw: n[3] });

/** Season label of a date: "2026/27" for August-May leagues, "2026" for calendar-year leagues. */
export function seasonLabel(calendar: CompetitionSeed['calendar'], at: Date): string {
  const y = at.getUTCFullYear();
  if (calendar === 'asia') return String(y);
  const start = at.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * Squad positions every club must field: 2 GK, 6 DEF, 6 MID, 4 FWD. Clubs whose real squad is not in
 * the seed files get clearly labelled placeholders ("傑志 23號") so lineups and events still work.
 */
const PLACEHOLDER_SLOTS: [number, number][] = [
  [1, 5],
  [13, 5],
  [2, 4],
  [3, 4],
  [4, 4],
  [5, 4],
  [15, 4],
  [22, 4],
  [6, 3],
  [8, 3],
  [10, 3],
  [14, 3],
  [16, 3],
  [18, 3],
  [7, 1],
  [9, 2],
  [11, 1],
  [19, 2],
];

export function placeholderSquad(club: ClubSeed): PlayerTuple[] {
  const s = club.short ?? club.name;
  return PLACEHOLDER_SLOTS.map(([no, pos]) => [
    `${s[0]} #${no}`,
    `${s[1]} ${no}号`,
    `${s[2]} ${no}號`,
    `${s[3]} ${no}號`,
    no,
    pos,
  ]);
}

async function seedCompetition(db: Db, c: CompetitionSeed, now: Date): Promise<void> {
  await db
    .insert(competitions)
    .values({
      code: c.code,
      ...names(c.name),
      shortEn: c.short[0],
      shortZhcn: c.short[1],
      shortZhhk: c.short[2],
      shortZhtw: c.short[3],
      kind: c.kind,
      country: c.country,
      season: seasonLabel(c.calendar, now),
      color: c.color,
      sort: c.sort,
      hot: c.hot,
    })
    .onConflictDoNothing({ target: competitions.code });
  const [comp] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(eq(competitions.code, c.code));
  if (c.clubs.length === 0) return;
  await db
    .insert(teams)
    .values(
      c.clubs.map((club) => ({
        competitionId: comp.id,
        code: teamCode(c.code, club.code),
        ...names(club.name),
        ...shorts(club.short ?? club.name),
        city: club.city ?? '',
        founded: club.founded ?? null,
        venueEn: club.venue?.[0] ?? '',
        venueZhcn: club.venue?.[1] ?? '',
        venueZhhk: club.venue?.[2] ?? '',
        venueZhtw: club.venue?.[3] ?? '',
        venueCapacity: club.cap ?? null,
        color: club.color,
        attack: club.att,
        defence: club.def,
      })),
    )
    .onConflictDoNothing({ target: teams.code });
  await seedPeople(db, c);
}

async function seedPeople(db: Db, c: CompetitionSeed): Promise<void> {
  const codes = c.clubs.map((club) => teamCode(c.code, club.code));
  const rows = await db
    .select({ id: teams.id, code: teams.code })
    .from(teams)
    .where(inArray(teams.code, codes));
  const idByCode = new Map(rows.map((r) => [r.code, r.id]));
  const staffed = await db
    .select({ teamId: people.teamId, n: sql<number>`count(*)::int` })
    .from(people)
    .where(inArray(people.teamId, [...idByCode.values()]))
    .groupBy(people.teamId);
  const done = new Set(staffed.map((s) => s.teamId));
  const squads = loadSquads(c.code);
  const values: (typeof people.$inferInsert)[] = [];
  for (const club of c.clubs) {
    const teamId = idByCode.get(teamCode(c.code, club.code));
    if (!teamId || done.has(teamId)) continue;
    const coach: NameTuple = club.coach ?? [
      `${(club.short ?? club.name)[0]} head coach`,
      `${(club.short ?? club.name)[1]}主教练`,
      `${(club.short ?? club.name)[2]}主教練`,
      `${(club.short ?? club.name)[3]}總教練`,
    ];
    values.push({ teamId, ...names(coach), position: 10, number: null });
    const squad = squads[club.code]?.length ? squads[club.code] : placeholderSquad(club);
    for (const p of squad)
      values.push({ teamId, ...names([p[0], p[1], p[2], p[3]]), number: p[4], position: p[5] });
  }
  for (let i = 0; i < values.length; i += 500) await db.insert(people).values(values.slice(i, i + 500));
}

/** Without a feed the past fixtures stay unplayed (tests of the calendar alone). */
export async function seedFootball(db: Db, now: Date = new Date(), feed?: MatchFeed): Promise<void> {
  for (const c of loadCompetitions()) await seedCompetition(db, c, now);
  await ensureFixtures(db, now, { intel: false });
  // earlier rounds of the season and last season, as results in brief (tables, head-to-head, form)
  if (feed) await seedHistory(db, now, feed);
  // a fresh database should show live football at once, whatever the hour it was created
  await startSomeMatchesNow(db, now);
  // results, events, line-ups and odds of what has kicked off come from the provider
  if (feed) await catchUpMatches(db, feed, now);
  // intelligence of every fixture in the window, from what was played before each
  await ensureIntel(db, now, new Date(now.getTime() - WINDOW_BEFORE_DAYS * DAY_MS));
}
