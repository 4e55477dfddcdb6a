/** API shapes shared by the wallet services. */

/** ISO-8601 with the Hong Kong offset, as the API contract asks. */
export function hkIso(d: Date | string | null | undefined): string | null {
  if (!d) return null;
  const ms = typeof d === 'string' ? Date.parse(d) : d.getTime();
  const hk = new Date(ms + 8 * 3600_000);
  return `${hk.toISOString().slice(0, 19)}+08:00`;
}

export function epochMs(d: Date | string | null | undefined): number | null {
  if (!d) return null;
  return typeof d === 'string' ? Date.parse(d) : d.getTime();
}

/** HKD cents as a "12.34" string for display next to the integer cents. */
export function hkd(cents: number): string {
  return (cents / 100).toFixed(2);
}

export interface PageArgs {
  page: number;
  size: number;
}

export function paging(q: { page?: number; size?: number }, maxSize = 50): PageArgs {
  const page = Math.max(1, Math.floor(q.page ?? 1));
  const size = Math.min(maxSize, Math.max(1, Math.floor(q.size ?? 10)));
  return { page, size };
}

export const pagingQuery = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  size: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
} as const;
