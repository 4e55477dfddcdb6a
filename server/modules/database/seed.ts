/**
 * Transfers of the seeded players (server/db/seed-data/football/transfers.json): real moves only,
 * resolved to the seeded person by English name within the clubs of the move. Insert-only, keyed by
 * player, type and date; a row whose player or club is not seeded is skipped (and reported).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { people, teams, transfers } from '../../db/schema';
import { loadTransfers } from '../../db/seed-data/football';

export async function seedDatabase(db: Db): Promise<{ inserted: number; skipped: string[] }> {
  const list = loadTransfers();
  const codes = [...new Set(list.flatMap(([, , , from, to]) => [from, to]).filter((c): c is string => !!c))];
  const teamRows = codes.length
    ? await db.select({ id: teams.id, code: teams.code }).from(teams).where(inArray(teams.code, codes))
    : [];
  const teamId = new Map(teamRows.map((t) => [t.code, t.id]));
  const names = [...new Set(list.map(([name]) => name))];
  const persons = await db
    .select({ id: people.id, name: people.nameEn, teamId: people.teamId })
    .from(people)
    .where(inArray(people.nameEn, names));
  const skipped: string[] = [];
  const values = list.flatMap(([name, type, date, from, to]) => {
    const clubs = [from, to].map((c) => (c ? teamId.get(c) : undefined));
    // the player of the move: same name, at one of its clubs (today's squads), else the only one of that name
    const same = persons.filter((p) => p.name === name);
    const person =
      same.find((p) => p.teamId !== null && clubs.includes(p.teamId)) ??
      (same.length === 1 ? same[0] : undefined);
    if (!person || (from && !clubs[0]) || (to && !clubs[1])) {
      skipped.push(name);
      return [];
    }
    return [
      {
        seedKey: `${name}|${type}|${date}`,
        personId: person.id,
        type,
        date,
        fromTeamId: clubs[0] ?? null,
        toTeamId: clubs[1] ?? null,
      },
    ];
  });
  if (!values.length) return { inserted: 0, skipped };
  const inserted = await db
    .insert(transfers)
    .values(values)
    .onConflictDoNothing({ target: transfers.seedKey })
    .returning({ id: transfers.id });
  return { inserted: inserted.length, skipped };
}

/** for tests: the transfers of one person */
export const transfersOf = (db: Db, personId: number) =>
  db.select().from(transfers).where(eq(transfers.personId, personId));
