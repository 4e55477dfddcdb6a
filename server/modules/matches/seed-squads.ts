/**
 * Who a club fields: the real players of its squad file, and where a squad is missing or short of the
 * 2 GK / 6 DEF / 6 MID / 4 FWD every line-up needs, unnamed squad slots - a shirt number and a position
 * with empty names. Nothing invented is ever given a name: the read side sends an unnamed slot as
 * `name: null, unnamed: true` and the app shows "7號 · 前鋒". A club without a known coach gets no coach.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { people } from '../../db/schema';
import type { NameTuple, PlayerTuple } from '../../db/seed-data/football';

/** The minimum squad by spec §3 position (5 goalkeeper, 4 defender, 3 midfielder, 1/2 forward). */
export const SQUAD_MINIMUM = { gk: 2, def: 6, mid: 6, fwd: 4 } as const;

/** Shirt numbers tried for unnamed slots, per line, in order. */
const SLOT_NUMBERS: Record<'gk' | 'def' | 'mid' | 'fwd', number[]> = {
  gk: [1, 13, 12, 25, 31, 30, 40, 41],
  def: [2, 3, 4, 5, 15, 22, 23, 24, 26, 27, 28, 29, 32, 33, 34, 35],
  mid: [6, 8, 10, 14, 16, 18, 17, 20, 21, 36, 37, 38, 39, 42, 43, 44],
  fwd: [7, 9, 11, 19, 45, 46, 47, 48, 49, 50, 51, 52],
};
const LINE_POSITION = { gk: 5, def: 4, mid: 3, fwd: 2 } as const;
const lineOf = (position: number): keyof typeof SLOT_NUMBERS =>
  position === 5 ? 'gk' : position === 4 ? 'def' : position === 3 ? 'mid' : 'fwd';

/** True for a squad entry without a name (no real player known for that slot). */
export const isUnnamed = (p: { 1: string } | { nameZhcn: string }) =>
  ('nameZhcn' in p ? p.nameZhcn : p[1]) === '';

/** An unnamed squad slot: empty names, a shirt number and a position. */
export const unnamedSlot = (number: number, position: number): PlayerTuple => [
  '',
  '',
  '',
  '',
  number,
  position,
];

/**
 * The squad a club is seeded with: its real players, then unnamed slots up to the minimum per line,
 * on shirt numbers no real player wears.
 */
export function squadWithSlots(real: readonly PlayerTuple[] = []): PlayerTuple[] {
  const out = [...real];
  const used = new Set(real.map((p) => p[4]));
  for (const line of Object.keys(SQUAD_MINIMUM) as (keyof typeof SQUAD_MINIMUM)[]) {
    let have = real.filter((p) => lineOf(p[5]) === line).length;
    for (const no of SLOT_NUMBERS[line]) {
      if (have >= SQUAD_MINIMUM[line]) break;
      if (used.has(no)) continue;
      used.add(no);
      out.push(unnamedSlot(no, LINE_POSITION[line]));
      have++;
    }
  }
  return out;
}

/**
 * Databases seeded before unnamed slots existed hold labelled placeholder people ("Norwich #7",
 * "諾域治 7號", coach "Norwich head coach"): their names are emptied, so they read as unnamed slots
 * (and a placeholder coach as no coach). Idempotent and cheap: it matches nothing once done.
 */
export async function scrubPlaceholderNames(db: Db): Promise<void> {
  await db
    .update(people)
    .set({ nameEn: '', nameZhcn: '', nameZhhk: '', nameZhtw: '' })
    .where(
      or(
        and(sql`${people.position} <> 10`, sql`${people.nameEn} ~ ' #[0-9]+$'`),
        and(eq(people.position, 10), sql`${people.nameEn} ~ ' head coach$'`),
      ),
    );
}

/** A person of a club as the database holds it (enough to reconcile with the squad file). */
export interface StaffRow {
  id: number;
  nameEn: string;
  number: number | null;
  position: number;
}

/**
 * What to change so a club's people match its squad file, never dropping a real person: real players
 * and the coach missing from the database are added (a database seeded before they were on file), and
 * the unnamed slots become exactly the padding the real squad still needs - surplus slots are detached
 * from the club (team_id null: old line-ups still resolve them, the simulator no longer picks them).
 * Insert-only for a fresh club; nothing at all on a second run.
 */
export function squadChanges(
  existing: readonly StaffRow[],
  coach: NameTuple | undefined,
  real: readonly PlayerTuple[] = [],
): { insert: PlayerTuple[]; coach: NameTuple | null; detach: number[] } {
  const named = existing.filter((p) => p.nameEn !== '');
  const known = new Set(named.map((p) => p.nameEn));
  const insert = real.filter((p) => !known.has(p[0]));
  const namedPlayers: PlayerTuple[] = [
    ...named
      .filter((p) => p.position !== 10)
      .map((p): PlayerTuple => [p.nameEn, '-', '-', '-', p.number ?? 0, p.position]),
    ...insert,
  ];
  const wanted = squadWithSlots(namedPlayers).slice(namedPlayers.length);
  const detach: number[] = [];
  for (const p of existing.filter((x) => x.nameEn === '')) {
    const i = wanted.findIndex((w) => p.position !== 10 && w[4] === p.number && w[5] === p.position);
    if (i >= 0) wanted.splice(i, 1);
    else detach.push(p.id);
  }
  const hasCoach = named.some((p) => p.position === 10);
  return { insert: [...insert, ...wanted], coach: coach && !hasCoach ? coach : null, detach };
}

/** Applies squadChanges for clubs (team id -> file facts); returns the rows to insert, detaches at once. */
export async function reconcileSquads(
  db: Db,
  clubs: { teamId: number; coach?: NameTuple; real?: PlayerTuple[] }[],
): Promise<(typeof people.$inferInsert)[]> {
  const ids = clubs.map((c) => c.teamId);
  const rows = ids.length
    ? await db
        .select({
          id: people.id,
          teamId: people.teamId,
          nameEn: people.nameEn,
          number: people.number,
          position: people.position,
        })
        .from(people)
        .where(inArray(people.teamId, ids))
    : [];
  const byTeam = new Map<number, StaffRow[]>();
  for (const r of rows) byTeam.set(r.teamId!, [...(byTeam.get(r.teamId!) ?? []), r]);
  const values: (typeof people.$inferInsert)[] = [];
  const detach: number[] = [];
  const names = (n: NameTuple) => ({ nameEn: n[0], nameZhcn: n[1], nameZhhk: n[2], nameZhtw: n[3] });
  for (const club of clubs) {
    const change = squadChanges(byTeam.get(club.teamId) ?? [], club.coach, club.real);
    if (change.coach)
      values.push({ teamId: club.teamId, ...names(change.coach), position: 10, number: null });
    for (const p of change.insert)
      values.push({ teamId: club.teamId, ...names([p[0], p[1], p[2], p[3]]), number: p[4], position: p[5] });
    detach.push(...change.detach);
  }
  if (detach.length) await db.update(people).set({ teamId: null }).where(inArray(people.id, detach));
  return values;
}
