/**
 * Statistics arrive as `{ possession: [55, 45], shots_on: {home: 3, away: 1}, ... }` or as a list of
 * `{ key|type, home, away }`; both become rows in a stable order (the keys named in `keys` first).
 */
import { STAT_KEYS } from '../../../contracts/match';

export interface StatRow {
  key: string;
  home: number;
  away: number;
}

/** The order a fan reads them in (the server's keys, contracts/match.ts); keys not listed follow in the order they came. */
export const DEFAULT_STAT_ORDER: readonly string[] = STAT_KEYS;

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** camelCase and snake_case keys both map to one i18n key */
export const statKey = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

function pair(v: unknown): [number, number] | null {
  if (Array.isArray(v) && v.length >= 2) return [num(v[0]), num(v[1])];
  if (v && typeof v === 'object' && 'home' in v) {
    const o = v as { home: unknown; away: unknown };
    return [num(o.home), num(o.away)];
  }
  return null;
}

export function toStatRows(stats: unknown, keys?: string[]): StatRow[] {
  let rows: StatRow[] = [];
  const src = (stats as { list?: unknown })?.list ?? stats;
  if (Array.isArray(src)) {
    for (const r of src) {
      const key = statKey(String(r?.key ?? r?.type ?? ''));
      const p = pair(r);
      if (key && p) rows.push({ key, home: p[0], away: p[1] });
    }
  } else if (src && typeof src === 'object') {
    for (const [k, v] of Object.entries(src)) {
      const p = pair(v);
      if (p) rows.push({ key: statKey(k), home: p[0], away: p[1] });
    }
  }
  const order = keys?.length ? keys.map(statKey) : DEFAULT_STAT_ORDER;
  const rank = (k: string) => {
    const i = order.indexOf(k);
    return i < 0 ? order.length : i;
  };
  rows = rows.filter((r) => !keys?.length || order.includes(r.key));
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r.key) - rank(b.r.key) || a.i - b.i)
    .map((x) => x.r);
}

/** Share of the bar for the home side, 0..100 (an even split when both are 0). */
export function homeShare(r: StatRow): number {
  const total = r.home + r.away;
  return total > 0 ? (r.home / total) * 100 : 50;
}
