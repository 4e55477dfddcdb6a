import type { Row } from '../../db/rows';

export const ms = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const t = (v instanceof Date ? v : new Date(String(v))).getTime();
  return Number.isNaN(t) ? null : t;
};
export const n = (r: Row, k: string) => Number(r[k]);
export const strOrNull = (v: unknown) => (v == null ? null : String(v));
export const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
