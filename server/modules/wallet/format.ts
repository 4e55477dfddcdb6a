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

/** The page a validated query asks for (the route kit's `paging` schema bounds and defaults it). */
export function paging(q: { page?: number; size?: number }): PageArgs {
  return { page: q.page ?? 1, size: q.size ?? 10 };
}
