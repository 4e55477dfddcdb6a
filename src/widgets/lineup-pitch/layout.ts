/**
 * Where each starter stands on a half pitch. Positions from the feed (x = depth from the own goal line,
 * y = across, both 0-100) win; otherwise the formation string ("4-2-3-1") lays the lines out evenly,
 * goalkeeper first, then defenders, midfielders and forwards (spec §3 position codes 5, 4, 3, 2/1).
 */
import type { LineupPlayerWire } from '../../../contracts/match';

/** A starter as the server sends it (contracts/match.ts); props come from expressions, so any field may be missing. */
export type Player = Omit<Partial<LineupPlayerWire>, 'number' | 'x' | 'y'> & {
  number?: number | null;
  player_name?: string;
  x?: number | null;
  y?: number | null;
};

export interface Placed {
  player: Player;
  /** 0 = own goal line, 100 = halfway line */
  depth: number;
  /** 0 = left touchline, 100 = right touchline */
  across: number;
}

export function parseFormation(f: unknown): number[] {
  const parts = String(f ?? '')
    .split(/[-\s]+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return parts.reduce((a, b) => a + b, 0) === 10 ? parts : [4, 4, 2];
}

const has = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

export function placePlayers(starters: Player[], formation: unknown): Placed[] {
  const list = starters.slice(0, 11);
  if (list.length && list.every((p) => has(p.x) && has(p.y))) {
    return list.map((p) => ({ player: p, depth: Number(p.x), across: Number(p.y) }));
  }
  // goalkeeper first, then back to front; stable for equal positions
  const ordered = list
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (b.p.position ?? 0) - (a.p.position ?? 0) || a.i - b.i)
    .map((x) => x.p);
  const lines = [1, ...parseFormation(formation)];
  const placed: Placed[] = [];
  let k = 0;
  lines.forEach((count, li) => {
    const depth = li === 0 ? 7 : 26 + ((li - 1) * 64) / Math.max(1, lines.length - 2);
    for (let j = 0; j < count && k < ordered.length; j++, k++) {
      placed.push({ player: ordered[k], depth, across: ((j + 1) * 100) / (count + 1) });
    }
  });
  return placed;
}

/** Short label under a shirt: Chinese names stay whole up to 4 characters, Latin ones keep the surname. */
export function shortName(name: string): string {
  const n = name.trim();
  if (/^[\x20-\x7e]+$/.test(n)) return n.split(/\s+/).pop() ?? n;
  return n.length > 4 ? `${n.slice(0, 4)}…` : n;
}
