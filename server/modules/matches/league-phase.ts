/**
 * The UEFA league phase (Champions League and Europa League since 2024/25): 36 clubs, 8 matchdays,
 * each club meets 8 different opponents, 4 at home and 4 away, never a club of its own association,
 * and no pair meets twice. UEFA draws it by computer; we draw it deterministically from a seed:
 * each matchday is a perfect matching of the clubs that avoids same-country and already-used pairs
 * (depth-first with seeded order, retried with a new seed on a dead end), then the 8-regular graph
 * of all pairings is oriented along Euler circuits so every club has exactly 4 home games.
 */

import { mulberry32 } from '../../../contracts/prng';
import { hash32 } from './seed-calendar';

export interface PhaseClub {
  country: string;
}

/** [matchday 0..7] -> [home index, away index][] */
export type PhaseDraw = [number, number][][];

/** A perfect matching avoiding `banned` pairs, or null; clubs with the fewest options go first. */
function matching(n: number, banned: (a: number, b: number) => boolean, rand: () => number) {
  const mate = new Array<number>(n).fill(-1);
  const order = Array.from({ length: n }, (_, i) => i).sort(() => rand() - 0.5);
  let budget = 20_000; // a dead end is cheaper to retry with another seed than to search out
  const solve = (): boolean => {
    if (--budget < 0) return false;
    let pick = -1;
    let options: number[] = [];
    for (const a of order) {
      if (mate[a] >= 0) continue;
      const opts = order.filter((b) => b !== a && mate[b] < 0 && !banned(a, b));
      if (pick < 0 || opts.length < options.length) {
        pick = a;
        options = opts;
      }
      if (options.length === 0) return false;
    }
    if (pick < 0) return true;
    for (const b of options) {
      mate[pick] = b;
      mate[b] = pick;
      if (solve()) return true;
      mate[pick] = -1;
      mate[b] = -1;
    }
    return false;
  };
  return solve() ? mate : null;
}

/** Orients each edge so every vertex of an even-degree graph has as many out- as in-edges. */
function eulerOrient(n: number, edges: [number, number][]): boolean[] {
  const adj: number[][] = Array.from({ length: n }, () => []);
  edges.forEach(([a, b], i) => {
    adj[a].push(i);
    adj[b].push(i);
  });
  const used = new Array<boolean>(edges.length).fill(false);
  const forward = new Array<boolean>(edges.length).fill(true);
  const ptr = new Array<number>(n).fill(0);
  for (let s = 0; s < n; s++) {
    // Hierholzer: every edge is walked once, leaving the vertex it was entered from
    const stack = [s];
    while (stack.length) {
      const v = stack[stack.length - 1];
      while (ptr[v] < adj[v].length && used[adj[v][ptr[v]]]) ptr[v]++;
      if (ptr[v] === adj[v].length) {
        stack.pop();
        continue;
      }
      const e = adj[v][ptr[v]];
      used[e] = true;
      forward[e] = edges[e][0] === v;
      stack.push(edges[e][0] === v ? edges[e][1] : edges[e][0]);
    }
  }
  return forward;
}

export function drawLeaguePhase(clubs: PhaseClub[], key: string, matchdays = 8): PhaseDraw {
  const n = clubs.length;
  for (let attempt = 0; attempt < 200; attempt++) {
    const rand = mulberry32(hash32(`${key}:${attempt}`));
    const met = new Set<number>();
    const banned = (a: number, b: number) => clubs[a].country === clubs[b].country || met.has(a * n + b);
    const days: [number, number][][] = [];
    for (let md = 0; md < matchdays; md++) {
      const mate = matching(n, banned, rand);
      if (!mate) break;
      const pairs: [number, number][] = [];
      mate.forEach((b, a) => {
        if (a < b) {
          pairs.push([a, b]);
          met.add(a * n + b);
          met.add(b * n + a);
        }
      });
      days.push(pairs);
    }
    if (days.length < matchdays) continue;
    const edges = days.flat();
    const forward = eulerOrient(n, edges);
    let i = 0;
    return days.map((pairs) =>
      pairs.map(([a, b]) => (forward[i++] ? ([a, b] as [number, number]) : ([b, a] as [number, number]))),
    );
  }
  throw new Error(`no league-phase draw for ${key}`);
}
