/**
 * Football facts from server/db/seed-data/football: competitions, clubs, coaches, squads, then the
 * fixtures around today (fixtures.ts) and the results of the past ones (catch-up.ts, from the provider
 * the bootstrap hands over: the simulator).
 * Insert-only: a competition, club or squad that exists is left alone, so a reseed never duplicates.
 * Squads are the real players on file plus unnamed slots (seed-squads.ts); no coach is invented.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, people, teams } from '../../db/schema';
import {
  type CompetitionSeed,
  loadCompetitions,
  loadPeopleFacts,
  loadSquads,
  type NameTuple,
  teamCode,
} from '../../db/seed-data/football';
import { catchUpMatches } from './catch-up';
import { ensureFixtures, startSomeMatchesNow, WINDOW_BEFORE_DAYS } from './fixtures';
import type { MatchFeed } from './live-contract';
import { DAY_MS } from './seed-calendar';
import { seedHistory } from './seed-history';
import { ensureIntel } from './seed-intel';
import { reconcileSquads, scrubPlaceholderNames } from './seed-squads';

const names = (n: NameTuple) => ({ nameEn: n[0], nameZhcn: n[1], nameZhhk: n[2], nameZhtw: n[3] });
const shorts = (n: NameTuple) => ({ shortEn: n[0], shortZhcn: n[1], shortZhhk: n[2], shortZhtw: n[3] });

/** Season label of a date: "2026/27" for August-May leagues, "2026" for calendar-year leagues. */
export function seasonLabel(calendar: CompetitionSeed['calendar'], at: Date): string {
  const y = at.getUTCFullYear();
  if (calendar === 'asia') return String(y);
  const start = at.getUTCMonth() >= 6 ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
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
  const squads = loadSquads(c.code);
  // real players and coach on file, padded with unnamed slots; no coach known: no coach (never an invented one)
  const values = await reconcileSquads(
    db,
    c.clubs.flatMap((club) => {
      const teamId = idByCode.get(teamCode(c.code, club.code));
      return teamId ? [{ teamId, coach: club.coach, real: squads[club.code] }] : [];
    }),
  );
  for (let i = 0; i < values.length; i += 500) await db.insert(people).values(values.slice(i, i + 500));
}

/**
 * Nationality and date of birth of the people people-facts.json lists (well documented ones only);
 * fills blanks, never overwrites. Returns the entries that matched nobody (the test expects none).
 */
export async function applyPeopleFacts(db: Db): Promise<string[]> {
  const facts = loadPeopleFacts();
  const rows = await db
    .select({ id: teams.id, code: teams.code })
    .from(teams)
    .where(inArray(teams.code, Object.keys(facts)));
  const teamId = new Map(rows.map((r) => [r.code, r.id]));
  const unmatched: string[] = [];
  for (const [code, list] of Object.entries(facts)) {
    const id = teamId.get(code);
    for (const [name, [nationality, birth]] of Object.entries(list)) {
      // an empty date of birth is "not known": only the nationality is filled (the app says 未有資料)
      const hit = id
        ? await db
            .update(people)
            .set(birth ? { nationality, birthDate: birth } : { nationality })
            .where(
              and(
                eq(people.teamId, id),
                eq(people.nameEn, name),
                birth ? or(eq(people.nationality, ''), isNull(people.birthDate)) : eq(people.nationality, ''),
              ),
            )
            .returning({ id: people.id })
        : [];
      if (!hit.length) {
        const [known] = id
          ? await db
              .select({ id: people.id })
              .from(people)
              .where(and(eq(people.teamId, id), eq(people.nameEn, name)))
          : [];
        if (!known) unmatched.push(`${code} ${name}`);
      }
    }
  }
  return unmatched;
}

/** Without a feed the past fixtures stay unplayed (tests of the calendar alone). */
export async function seedFootball(db: Db, now: Date = new Date(), feed?: MatchFeed): Promise<void> {
  // before the squads are reconciled: a placeholder of an older seed is an unnamed slot, not a person
  await scrubPlaceholderNames(db);
  for (const c of loadCompetitions()) await seedCompetition(db, c, now);
  await applyPeopleFacts(db);
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
