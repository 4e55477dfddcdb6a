/**
 * Line-ups: a formation, eleven starters and a bench picked from a club's squad, with pitch x/y
 * (0-100 on the side's own half: x = depth from the own goal line, y = across, as the lineup-pitch widget reads them) for the line-up view.
 */

import { pick, type Rng } from '../../../contracts/prng';
import type { Lineup, LineupPlayer } from '../../modules/matches';

/** Spec §3 positions: 1 forward, 2 centre forward, 3 midfielder, 4 defender, 5 goalkeeper, 10 coach. */
export interface SimPlayer {
  id: number;
  position: number;
  number: number | null;
}

const FORMATIONS = ['4-4-2', '4-3-3', '4-2-3-1', '3-5-2', '4-1-4-1', '3-4-3', '5-3-2'];

/** Rows from defence to attack; the goalkeeper is not part of the formation string. */
function rows(formation: string): number[] {
  return formation.split('-').map(Number);
}

function rowPosition(rowIndex: number, rowCount: number): number {
  if (rowIndex === 0) return 4;
  if (rowIndex === rowCount - 1) return rowCount > 3 ? 1 : 2;
  return 3;
}

export function buildLineup(rng: Rng, side: 1 | 2, squad: readonly SimPlayer[]): Lineup {
  const formation = pick(rng, FORMATIONS);
  const coach = squad.find((p) => p.position === 10) ?? null;
  const pool = squad.filter((p) => p.position !== 10);
  const used = new Set<number>();
  const take = (wanted: number[]): SimPlayer | null => {
    for (const pos of wanted) {
      const found = pool.find((p) => p.position === pos && !used.has(p.id));
      if (found) {
        used.add(found.id);
        return found;
      }
    }
    const any = pool.find((p) => !used.has(p.id));
    if (any) used.add(any.id);
    return any ?? null;
  };
  let shirt = 30;
  const place = (p: SimPlayer, position: number, x: number, y: number): LineupPlayer => ({
    person_id: p.id,
    number: p.number ?? shirt++,
    position,
    x: Math.round(x),
    y: Math.round(y),
    captain: false,
  });
  const starters: LineupPlayer[] = [];
  const keeper = take([5]);
  if (keeper) starters.push(place(keeper, 5, 6, 50));
  const r = rows(formation);
  r.forEach((count, i) => {
    const position = rowPosition(i, r.length);
    const wanted = position === 4 ? [4, 3] : position === 3 ? [3, 4, 1] : [2, 1, 3];
    for (let k = 0; k < count; k++) {
      const p = take(wanted);
      if (!p) continue;
      const across = ((k + 1) * 100) / (count + 1);
      const depth = 22 + (i * 70) / Math.max(1, r.length - 1);
      starters.push(place(p, position, Math.min(depth, 92), across));
    }
  });
  if (starters.length > 1) starters[1 + Math.floor(rng() * (starters.length - 1))].captain = true;
  const bench = pool
    .filter((p) => !used.has(p.id))
    .slice(0, 9)
    .map((p) => place(p, p.position, 0, 0));
  return { side, formation, coach_id: coach?.id ?? null, starters, bench };
}
