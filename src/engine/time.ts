/**
 * One rule for showing a date-time, everywhere (spec §9: the server's date-times are UTC+8): the app
 * shows Hong Kong time (Asia/Hong_Kong, UTC+8 all year, no daylight saving), whatever zone the phone is
 * set to, so a match list, a plan card and a search result never disagree about when a match kicks off.
 * A server string without an offset ("2025-01-16 20:00:00") is UTC+8 too. Pure, no dayjs: the match
 * list (first load) uses it.
 */

export const DISPLAY_OFFSET_MS = 8 * 3600_000;

/** Epoch ms of a server value: unix seconds or ms, a Date, or a date-time string (UTC+8 when unzoned). */
export function toEpochMs(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? v.getTime() : null;
  if (typeof v === 'number') return Number.isFinite(v) ? (v < 1e12 ? v * 1000 : v) : null;
  const s = String(v).trim();
  if (/^\d+$/.test(s)) return toEpochMs(Number(s));
  const m =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      s,
    );
  if (!m) {
    const ms = Date.parse(s);
    return Number.isFinite(ms) ? ms : null;
  }
  const [, y, mo, d, h = '0', mi = '0', sec = '0', zone] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec);
  if (!zone) return utc - DISPLAY_OFFSET_MS;
  if (zone.toUpperCase() === 'Z') return utc;
  const z = /([+-])(\d{2}):?(\d{2})/.exec(zone)!;
  const offset = (Number(z[2]) * 60 + Number(z[3])) * 60_000 * (z[1] === '-' ? -1 : 1);
  return utc - offset;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * Format in Hong Kong time with dayjs-style tokens: YYYY YY MM M DD D HH H mm ss. Text in [brackets]
 * stays as written. '' for a value that is not a date-time.
 */
export function formatHk(v: unknown, format = 'YYYY-MM-DD HH:mm'): string {
  const ms = toEpochMs(v);
  if (ms === null) return '';
  const d = new Date(ms + DISPLAY_OFFSET_MS);
  const parts: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()),
    YY: String(d.getUTCFullYear()).slice(-2),
    MM: pad(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    D: String(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    H: String(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return format.replace(/\[([^\]]*)]|YYYY|YY|MM|M|DD|D|HH|H|mm|ss/g, (tok, lit) => lit ?? parts[tok]);
}

/** "2025-01-16": the Hong Kong calendar day of a value. */
export const hkDay = (v: unknown): string => formatHk(v, 'YYYY-MM-DD');

/**
 * A kick-off or any event time in a list: "20:00" on today's (HK) date, "01-17 20:00" on another day
 * this year, "2024-12-30 20:00" in another year - a time alone never stands for another day.
 */
export function listTime(v: unknown, now: number = Date.now()): string {
  const ms = toEpochMs(v);
  if (ms === null) return '';
  if (hkDay(ms) === hkDay(now)) return formatHk(ms, 'HH:mm');
  if (formatHk(ms, 'YYYY') === formatHk(now, 'YYYY')) return formatHk(ms, 'MM-DD HH:mm');
  return formatHk(ms, 'YYYY-MM-DD HH:mm');
}
