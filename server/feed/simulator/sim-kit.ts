/**
 * Small pieces of the match simulator (simulate.ts): the two sides, a side's state through a match
 * (who is on the pitch, bookings, substitutions left and when they come), a weighted draw, stats copies.
 */
import { int, type Rng } from '../../../contracts/prng';
import type { LineupPlayer } from '../../modules/matches';
import { SIM_STAT_KEYS, type Stats } from './types';

export type Side = 1 | 2;
export const other = (s: Side): Side => (s === 1 ? 2 : 1);
export const idx = (s: Side) => s - 1;

export interface SideState {
  onPitch: LineupPlayer[];
  bench: LineupPlayer[];
  booked: Set<number>;
  subsLeft: number;
  subMinutes: number[];
  injurySubMinute: number;
}

export function sideState(rng: Rng, starters: LineupPlayer[], bench: LineupPlayer[]): SideState {
  const subs = int(rng, 3, 5);
  const subMinutes: number[] = [];
  for (let i = 0; i < subs; i++) subMinutes.push(rng() < 0.2 ? 46 : int(rng, 55, 88));
  return {
    onPitch: [...starters],
    bench: [...bench],
    booked: new Set(),
    subsLeft: 5,
    subMinutes,
    injurySubMinute: rng() < 0.1 ? int(rng, 10, 80) : -1,
  };
}

export function weighted<T>(rng: Rng, list: readonly T[], weight: (x: T) => number): T | null {
  const total = list.reduce((s, x) => s + weight(x), 0);
  if (total <= 0) return list[0] ?? null;
  let r = rng() * total;
  for (const x of list) {
    r -= weight(x);
    if (r < 0) return x;
  }
  return list[list.length - 1] ?? null;
}

export function cloneStats(s: Stats): Stats {
  const out = {} as Stats;
  for (const k of SIM_STAT_KEYS) out[k] = [s[k][0], s[k][1]];
  return out;
}

export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
