/**
 * Odds rows: `{ bookmaker, bookmaker_name?, market, opening, current, previous? }` where each line is
 * an object (`{home, draw, away}`, `{home, line, away}`, `{over, line, under}`) or an array in that order.
 */
export type Market = 'eu' | 'asia' | 'ou';
export type Move = 'up' | 'down' | '';

export const MARKET_FIELDS: Record<Market, string[]> = {
  eu: ['home', 'draw', 'away'],
  asia: ['home', 'line', 'away'],
  ou: ['over', 'line', 'under'],
};

export interface OddsRow {
  bookmaker: string;
  bookmaker_name?: string;
  market?: string;
  opening?: unknown;
  current?: unknown;
  previous?: unknown;
}

/** The values of one line in column order; missing ones are ''. */
export function lineValues(line: unknown, market: Market): string[] {
  const fields = MARKET_FIELDS[market];
  if (Array.isArray(line)) return fields.map((_, i) => fmt(line[i]));
  if (line && typeof line === 'object') {
    const o = line as Record<string, unknown>;
    return fields.map((f) => fmt(o[f] ?? (f === 'line' ? (o.handicap ?? o.total) : undefined)));
  }
  return fields.map(() => '');
}

function fmt(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(2);
  return String(v);
}

/** Handicap lines like "0/0.5" or "-0.5/1" compare by their mean (the sign applies to both halves). */
function toNum(v: string): number {
  if (!v.includes('/')) return Number(v);
  const sign = v.trim().startsWith('-') ? -1 : 1;
  const parts = v.split('/').map((p) => Math.abs(Number(p)));
  return (sign * (parts[0] + parts[1])) / 2;
}

/** Red up / green down, as Hong Kong and mainland odds screens show it. */
export function movement(before: string, now: string): Move {
  if (before === '' || now === '') return '';
  const a = toNum(before);
  const b = toNum(now);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) return '';
  return b > a ? 'up' : 'down';
}

/** Rows of one market: the API may send one flat list with `market`, or `{eu: [...], asia: [...]}`. */
export function rowsOf(odds: unknown, market: Market): OddsRow[] {
  const src = (odds as { list?: unknown })?.list ?? odds;
  if (Array.isArray(src)) {
    return src.filter(
      (r): r is OddsRow => !!r && typeof r === 'object' && (!r.market || r.market === market),
    );
  }
  if (src && typeof src === 'object') {
    const part = (src as Record<string, unknown>)[market];
    return Array.isArray(part) ? (part.filter((r) => r && typeof r === 'object') as OddsRow[]) : [];
  }
  return [];
}

export const asMarket = (v: unknown): Market => (v === 'asia' || v === 'ou' ? v : 'eu');
