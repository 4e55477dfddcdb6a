/**
 * Calendar maths for the generated fixtures: local kick-off times in the clubs' time zone turned into
 * instants, round-robin pairings (circle method) and each competition's weekly kick-off slots.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Building an Intl formatter costs far more than using one: one per zone (whole seasons are planned). */
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Offset of `tz` from UTC at instant `ms`, in minutes (Intl only, no tz database of our own). */
function tzOffsetMinutes(ms: number, tz: string): number {
  const parts = formatter(tz).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The instant of local wall time y-m-d hh:mm in `tz` (month 1-based). */
export function zonedTime(y: number, m: number, d: number, hh: number, mm: number, tz: string): Date {
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  let ms = guess - tzOffsetMinutes(guess, tz) * 60_000;
  ms = guess - tzOffsetMinutes(ms, tz) * 60_000; // second pass settles DST edges
  return new Date(ms);
}

/** Calendar date (y, m, d) of an instant in `tz`. */
export function localDate(at: Date, tz: string): { y: number; m: number; d: number; dow: number } {
  const ms = at.getTime() + tzOffsetMinutes(at.getTime(), tz) * 60_000;
  const x = new Date(ms);
  return { y: x.getUTCFullYear(), m: x.getUTCMonth() + 1, d: x.getUTCDate(), dow: x.getUTCDay() };
}

export const DAY_MS = 86_400_000;

/** A plain calendar day as a UTC-midnight number, handy for adding days across months. */
export const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY_MS;
export function fromDayNumber(n: number): { y: number; m: number; d: number; dow: number } {
  const x = new Date(n * DAY_MS);
  return { y: x.getUTCFullYear(), m: x.getUTCMonth() + 1, d: x.getUTCDate(), dow: x.getUTCDay() };
}

/**
 * Double round robin by the circle method: rounds 0..2(n-1)-1 of [home, away] index pairs; an odd
 * club count gets a bye (index -1 pairs are dropped). The fixed club alternates home and away.
 */
export function roundRobin(n: number, round: number): [number, number][] {
  const size = n % 2 === 0 ? n : n + 1;
  const half = size - 1;
  const r = round % (2 * half);
  const leg = Math.floor(r / half);
  const k = r % half;
  const ring = Array.from({ length: half }, (_, i) => ((i + k) % half) + 1); // clubs 1..size-1 rotate
  const order = [0, ...ring];
  const pairs: [number, number][] = [];
  for (let i = 0; i < size / 2; i++) {
    let a = order[i];
    let b = order[size - 1 - i];
    if (i === 0 ? k % 2 === 1 : i % 2 === 1) [a, b] = [b, a];
    if (leg === 1) [a, b] = [b, a];
    const ia = a >= n ? -1 : a;
    const ib = b >= n ? -1 : b;
    if (ia >= 0 && ib >= 0) pairs.push([ia, ib]);
  }
  return pairs;
}

/** [day offset from the round's Saturday, "HH:MM" local]; matches fill them in order, best first. */
export const WEEKEND_SLOTS: Record<string, [number, string][]> = {
  EPL: [
    [0, '12:30'],
    [0, '15:00'],
    [0, '15:00'],
    [0, '15:00'],
    [0, '15:00'],
    [0, '17:30'],
    [1, '14:00'],
    [1, '14:00'],
    [1, '16:30'],
    [2, '20:00'],
  ],
  LALIGA: [
    [-1, '21:00'],
    [0, '14:00'],
    [0, '16:15'],
    [0, '18:30'],
    [0, '21:00'],
    [1, '14:00'],
    [1, '16:15'],
    [1, '18:30'],
    [1, '21:00'],
    [2, '21:00'],
  ],
  SERIEA: [
    [-1, '20:45'],
    [0, '15:00'],
    [0, '18:00'],
    [0, '20:45'],
    [1, '12:30'],
    [1, '15:00'],
    [1, '15:00'],
    [1, '18:00'],
    [1, '20:45'],
    [2, '20:45'],
  ],
  BUNDES: [
    [-1, '20:30'],
    [0, '15:30'],
    [0, '15:30'],
    [0, '15:30'],
    [0, '15:30'],
    [0, '15:30'],
    [0, '18:30'],
    [1, '15:30'],
    [1, '17:30'],
  ],
  LIGUE1: [
    [-1, '20:45'],
    [0, '17:00'],
    [0, '19:00'],
    [0, '21:05'],
    [1, '15:00'],
    [1, '15:00'],
    [1, '15:00'],
    [1, '17:15'],
    [1, '20:45'],
  ],
  CSL: [
    [-1, '19:35'],
    [-1, '20:00'],
    [0, '19:35'],
    [0, '19:35'],
    [0, '20:00'],
    [1, '19:35'],
    [1, '19:35'],
    [1, '20:00'],
  ],
  J1: [
    [0, '14:00'],
    [0, '14:00'],
    [0, '14:00'],
    [0, '15:00'],
    [0, '15:00'],
    [0, '19:00'],
    [0, '19:00'],
    [0, '19:00'],
    [1, '14:00'],
    [1, '15:00'],
  ],
  KL1: [
    [0, '14:00'],
    [0, '16:30'],
    [0, '19:00'],
    [1, '14:00'],
    [1, '16:30'],
    [1, '19:00'],
  ],
  // Hong Kong Premier League: a Friday night game, weekend afternoons and early evenings
  HKPL: [
    [-1, '19:30'],
    [0, '15:00'],
    [0, '17:30'],
    [1, '16:00'],
    [1, '19:00'],
  ],
};
const DEFAULT_SLOTS: [number, string][] = [
  [0, '15:00'],
  [0, '17:30'],
  [0, '20:00'],
  [1, '15:00'],
  [1, '17:30'],
  [1, '20:00'],
];
export const slotsFor = (code: string) => WEEKEND_SLOTS[code] ?? DEFAULT_SLOTS;

/** Midweek rounds [offset from the Saturday before: 3 Tuesday, 4 Wednesday, "HH:MM" local]. */
export const MIDWEEK_SLOTS: Record<string, [number, string][]> = {
  EPL: [
    [3, '19:30'],
    [3, '19:30'],
    [3, '20:00'],
    [3, '20:00'],
    [3, '20:15'],
    [4, '19:30'],
    [4, '19:30'],
    [4, '20:00'],
    [4, '20:00'],
    [4, '20:15'],
  ],
  LALIGA: [
    [3, '19:00'],
    [3, '21:00'],
    [3, '21:30'],
    [4, '19:00'],
    [4, '19:00'],
    [4, '21:00'],
    [4, '21:30'],
    [5, '19:00'],
    [5, '21:00'],
    [5, '21:30'],
  ],
  SERIEA: [
    [3, '18:30'],
    [3, '20:45'],
    [3, '20:45'],
    [4, '18:30'],
    [4, '18:30'],
    [4, '20:45'],
    [4, '20:45'],
    [5, '18:30'],
    [5, '20:45'],
    [5, '20:45'],
  ],
  BUNDES: [
    [3, '18:30'],
    [3, '20:30'],
    [3, '20:30'],
    [3, '20:30'],
    [4, '18:30'],
    [4, '20:30'],
    [4, '20:30'],
    [4, '20:30'],
    [4, '20:30'],
  ],
  LIGUE1: [
    [3, '19:00'],
    [3, '21:00'],
    [3, '21:00'],
    [3, '21:00'],
    [4, '19:00'],
    [4, '21:00'],
    [4, '21:00'],
    [4, '21:00'],
    [4, '21:00'],
  ],
  J1: [
    [4, '19:00'],
    [4, '19:00'],
    [4, '19:30'],
  ],
  CSL: [
    [4, '19:35'],
    [4, '19:35'],
    [4, '20:00'],
  ],
  KL1: [
    [4, '19:00'],
    [4, '19:30'],
  ],
};
const DEFAULT_MIDWEEK: [number, string][] = [
  [3, '19:30'],
  [3, '20:00'],
  [4, '19:30'],
  [4, '20:00'],
];
export const midweekSlotsFor = (code: string) => MIDWEEK_SLOTS[code] ?? DEFAULT_MIDWEEK;

/** UCL league-phase matchdays: weeks after the third Tuesday of September (real 2025/26 rhythm). */
export const UCL_MATCHDAY_WEEKS = [0, 2, 5, 7, 10, 12, 18, 19];
/** Tuesday and Wednesday nights, 18:45 and 21:00 CET (02:45/03:00 or 03:45/04:00 in Hong Kong). */
export const UCL_SLOTS: [number, string][] = [
  [0, '18:45'],
  [0, '18:45'],
  [0, '21:00'],
  [0, '21:00'],
  [0, '21:00'],
  [0, '21:00'],
  [0, '21:00'],
  [0, '21:00'],
  [0, '21:00'],
  [1, '18:45'],
  [1, '18:45'],
  [1, '21:00'],
  [1, '21:00'],
  [1, '21:00'],
  [1, '21:00'],
  [1, '21:00'],
  [1, '21:00'],
  [1, '21:00'],
];

/** FNV-1a: small deterministic hash for seeds and picks (no random numbers in seeded data). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
