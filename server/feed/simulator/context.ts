/**
 * What the simulator needs from the database, loaded once per pass: team ratings, squads and which
 * competitions are cups (knock-out ties go to extra time). Turns a match row into its timeline.
 */
import { sql } from 'drizzle-orm';
import { mixSeed } from '../../../contracts/prng';
import type { Db } from '../../db';
import { competitions, people, teams } from '../../db/schema';
import type { FeedMatch } from '../../modules/matches';
import type { SimPlayer } from './lineup';
import type { Strength } from './odds';
import { simulateMatch } from './simulate';
import type { Timeline } from './types';

export interface SimRefs {
  teams: Map<number, { attack: number; defence: number }>;
  squads: Map<number, SimPlayer[]>;
  cups: Set<number>;
}

/** What a timeline is derived from: the clubs, the competition and round (cup ties), the seed. */
export type SimMatchRow = Pick<
  FeedMatch,
  'id' | 'competitionId' | 'round' | 'homeTeamId' | 'awayTeamId' | 'simSeed'
>;

export async function loadSimRefs(db: Db): Promise<SimRefs> {
  const [teamRows, peopleRows, compRows] = await Promise.all([
    db.select({ id: teams.id, attack: teams.attack, defence: teams.defence }).from(teams),
    db
      .select({ id: people.id, teamId: people.teamId, position: people.position, number: people.number })
      .from(people)
      // named players first: a club topped up with real players after unnamed slots fields them first
      .orderBy(sql`${people.nameEn} = ''`, people.id),
    db.select({ id: competitions.id, kind: competitions.kind }).from(competitions),
  ]);
  const squads = new Map<number, SimPlayer[]>();
  for (const p of peopleRows) {
    if (p.teamId === null) continue;
    let list = squads.get(p.teamId);
    if (!list) {
      list = [];
      squads.set(p.teamId, list);
    }
    list.push({ id: p.id, position: p.position, number: p.number });
  }
  return {
    teams: new Map(teamRows.map((t) => [t.id, { attack: t.attack, defence: t.defence }])),
    squads,
    cups: new Set(compRows.filter((c) => c.kind === 'cup').map((c) => c.id)),
  };
}

/**
 * Only a knock-out tie goes to extra time and penalties. Cup rounds are plain matchday numbers in the
 * league phase ("5"), so a round is a knock-out only when it is named as one (R16, QF, final...).
 */
const KNOCKOUT_ROUND = /^(ko|po|r\d+|qf|sf|f)$|playoff|knockout|final|淘汰|決賽|决赛|附加賽|附加赛/i;
export const isKnockout = (cup: boolean, round: string) => cup && KNOCKOUT_ROUND.test(round.trim());

export function strengthOf(refs: SimRefs, m: SimMatchRow): Strength {
  const h = refs.teams.get(m.homeTeamId) ?? { attack: 100, defence: 100 };
  const a = refs.teams.get(m.awayTeamId) ?? { attack: 100, defence: 100 };
  return { homeAttack: h.attack, homeDefence: h.defence, awayAttack: a.attack, awayDefence: a.defence };
}

export function matchSeed(m: SimMatchRow, globalSeed: number): number {
  return m.simSeed ? m.simSeed >>> 0 : mixSeed(globalSeed, m.id);
}

export function timelineFor(refs: SimRefs, m: SimMatchRow, globalSeed: number): Timeline {
  const h = refs.teams.get(m.homeTeamId) ?? { attack: 100, defence: 100 };
  const a = refs.teams.get(m.awayTeamId) ?? { attack: 100, defence: 100 };
  return simulateMatch({
    seed: matchSeed(m, globalSeed),
    home: { id: m.homeTeamId, ...h, players: refs.squads.get(m.homeTeamId) ?? [] },
    away: { id: m.awayTeamId, ...a, players: refs.squads.get(m.awayTeamId) ?? [] },
    knockout: isKnockout(refs.cups.has(m.competitionId), m.round),
  });
}

/** How many timeline entries are due `elapsedMs` of real time after kick-off at the given clock speed. */
export function dueCount(tl: Timeline, elapsedMs: number, speed: number): number {
  const matchSeconds = (elapsedMs / 1000) * speed;
  let k = 0;
  while (k < tl.entries.length && tl.entries[k].t <= matchSeconds) k++;
  return k;
}

/** Real time at which the period containing entry index k-1 began. */
export function periodStart(tl: Timeline, k: number, startAt: Date, speed: number): Date | null {
  for (let i = k - 1; i >= 0; i--) {
    if (tl.entries[i].period) return new Date(startAt.getTime() + (tl.entries[i].t * 1000) / speed);
  }
  return null;
}
