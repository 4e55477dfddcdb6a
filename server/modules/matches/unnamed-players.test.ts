/**
 * Clubs without a real squad on file (the EFL tiers below the Championship, etc.) play with unnamed
 * squad slots: line-ups and events carry shirt number, position and the unnamed flag, never a name.
 */
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDb } from '../../db';
import { matches, matchLineups, people, teams } from '../../db/schema';
import { loadCompetitions, loadSquads } from '../../db/seed-data/football';
import { loadSimRefs } from '../../feed/simulator/context';
import { freshPglite } from '../../test/template-db';
import { matchEventsList, matchLineupsOf } from './match-service';
import { seedFootball } from './seed';
import { SQUAD_MINIMUM, squadChanges, squadWithSlots } from './seed-squads';

let o: OpenDb;
beforeAll(async () => {
  o = await freshPglite();
}, 180_000);
afterAll(async () => o?.close());

/** The labelled placeholders this replaced: "諾域治 7號", "Norwich #7", "諾域治主教練". */
const FAKE = /\d+\s*[號号]$|#\d+$|主教[練练]$|總教練$|head coach$/;

describe('unnamed squad slots', () => {
  it('pads a missing or short squad to the minimum with unnamed slots on free shirt numbers', () => {
    const none = squadWithSlots([]);
    expect(none).toHaveLength(18);
    expect(none.every((p) => p.slice(0, 4).every((n) => n === ''))).toBe(true);
    const real = loadSquads('EPL').ARS;
    const padded = squadWithSlots(real.slice(0, 5));
    const numbers = padded.map((p) => p[4]);
    expect(new Set(numbers).size).toBe(numbers.length);
    const count = (f: (pos: number) => boolean) => padded.filter((p) => f(p[5])).length;
    expect(count((p) => p === 5)).toBeGreaterThanOrEqual(SQUAD_MINIMUM.gk);
    expect(count((p) => p === 4)).toBeGreaterThanOrEqual(SQUAD_MINIMUM.def);
    expect(count((p) => p === 3)).toBeGreaterThanOrEqual(SQUAD_MINIMUM.mid);
    expect(count((p) => p <= 2)).toBeGreaterThanOrEqual(SQUAD_MINIMUM.fwd);
  });

  it('seeds no fabricated person: no placeholder names, no placeholder coach', async () => {
    const names = await o.db
      .select({ en: people.nameEn, hk: people.nameZhhk, cn: people.nameZhcn, tw: people.nameZhtw })
      .from(people);
    for (const n of names) for (const v of Object.values(n)) expect(v).not.toMatch(FAKE);
    const [efl2] = await o.db.select({ id: teams.id }).from(teams).where(like(teams.code, 'EFL2-%')).limit(1);
    const staff = await o.db.select().from(people).where(eq(people.teamId, efl2.id));
    expect(staff.length).toBeGreaterThanOrEqual(18);
    expect(staff.some((p) => p.position === 10)).toBe(false);
    expect(staff.every((p) => p.nameZhhk === '' && p.number !== null)).toBe(true);
  });

  it('plays an unnamed club: line-ups and events carry number + position + the unnamed flag only', async () => {
    const efl2 = (await o.db.select({ id: teams.id }).from(teams).where(like(teams.code, 'EFL2-%'))).map(
      (t) => t.id,
    );
    const [m] = await o.db
      .select({ id: matches.id, home: matches.homeTeamId })
      .from(matches)
      .innerJoin(matchLineups, eq(matchLineups.matchId, matches.id))
      .where(
        and(
          or(inArray(matches.homeTeamId, efl2), inArray(matches.awayTeamId, efl2)),
          sql`${matches.homeScore} + ${matches.awayScore} > 0`,
        ),
      )
      .limit(1);
    expect(m, 'a played EFL League Two match with goals').toBeTruthy();
    for (const lang of ['zhhk', 'zhcn', 'zhtw'] as const) {
      const lineups = await matchLineupsOf(o.db, m.id, lang);
      for (const side of [lineups.home, lineups.away]) {
        expect(side).toBeTruthy();
        expect(side!.coach_name).toBe('');
        for (const p of [...side!.starters, ...side!.bench]) {
          expect(p).toMatchObject({ name: null, unnamed: true });
          expect(p.number).toBeGreaterThan(0);
          expect([1, 2, 3, 4, 5]).toContain(p.position);
        }
      }
      const events = await matchEventsList(o.db, m.id, lang, true, 0);
      const withPlayer = events.filter((e) => e.player_id);
      expect(withPlayer.length).toBeGreaterThan(0);
      for (const e of withPlayer) {
        expect(e.player_name).toBeNull();
        expect(e.player_unnamed).toEqual({ number: expect.any(Number), position: expect.any(Number) });
      }
      for (const e of events.filter((x) => x.related_player_id)) {
        expect(e.related_player_name).toBeNull();
        expect(e.related_player_unnamed?.number).toEqual(expect.any(Number));
      }
    }
  });

  it('changes nothing for a club that matches its file, and tops up a club seeded before its squad was known', () => {
    const real = loadSquads('CSL').CDR;
    const fresh = squadWithSlots(real).map((p, i) => ({
      id: i + 1,
      nameEn: p[0],
      number: p[4],
      position: p[5],
    }));
    expect(
      squadChanges(
        [{ id: 99, nameEn: 'Seo Jung-won', number: null, position: 10 }, ...fresh],
        undefined,
        real,
      ),
    ).toEqual({
      insert: [],
      coach: null,
      detach: [],
    });
    const old = squadWithSlots([]).map((p, i) => ({ id: i + 1, nameEn: '', number: p[4], position: p[5] }));
    const change = squadChanges(
      [{ id: 99, nameEn: '', number: null, position: 10 }, ...old],
      ['C', 'c', 'c', 'c'],
      real,
    );
    expect(change.insert.map((p) => p[0])).toEqual(real.map((p) => p[0]));
    expect(change.coach?.[0]).toBe('C');
    expect(change.detach).toContain(99);
  });

  it('reseeding an older database gives a club its real squad and coach, and fields them', async () => {
    const [cdr] = await o.db.select({ id: teams.id }).from(teams).where(eq(teams.code, 'CSL-CDR'));
    // as a database seeded when Chengdu had no squad on file: unnamed slots and a (scrubbed) placeholder coach
    await o.db.update(people).set({ teamId: null }).where(eq(people.teamId, cdr.id));
    await o.db.insert(people).values([
      {
        teamId: cdr.id,
        nameEn: 'Chengdu head coach',
        nameZhcn: '成都主教练',
        nameZhhk: '成都主教練',
        nameZhtw: '成都總教練',
        position: 10,
      },
      ...squadWithSlots([]).map((p) => ({
        teamId: cdr.id,
        nameEn: '',
        nameZhcn: '',
        nameZhhk: '',
        nameZhtw: '',
        number: p[4],
        position: p[5],
      })),
    ]);
    await seedFootball(o.db);
    const staff = await o.db.select().from(people).where(eq(people.teamId, cdr.id));
    const real = loadSquads('CSL').CDR;
    expect(
      staff
        .filter((p) => p.nameEn && p.position !== 10)
        .map((p) => p.nameEn)
        .sort(),
    ).toEqual(real.map((p) => p[0]).sort());
    expect(staff.filter((p) => p.position === 10).map((p) => p.nameEn)).toEqual([
      loadCompetitions()
        .find((c) => c.code === 'CSL')!
        .clubs.find((c) => c.code === 'CDR')!.coach![0],
    ]);
    expect(staff.some((p) => p.nameEn === '')).toBe(false);
    // the simulator picks line-ups from the club's people: now only the real ones
    const fielded = (await loadSimRefs(o.db)).squads.get(cdr.id) ?? [];
    const named = new Set(staff.map((p) => p.id));
    expect(fielded.length).toBe(staff.length);
    expect(fielded.every((p) => named.has(p.id))).toBe(true);
    const again = await o.db.select().from(people);
    await seedFootball(o.db);
    expect((await o.db.select().from(people)).length).toBe(again.length);
  });
});
