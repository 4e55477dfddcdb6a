/** Calendar days in Hong Kong time (UTC+8, the server's and the fixtures' zone), as YYYY-MM-DD. */
const HK_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

export function hkDay(ms: number): string {
  return new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 10);
}

export interface StripDay {
  date: string;
  /** 0 today, 1 tomorrow, -1 yesterday... */
  offset: number;
  /** 0 Sunday .. 6 Saturday */
  weekday: number;
  label: string; // MM-DD
}

/** `days` days starting today, going forward (direction 1) or back (-1); today first. */
export function stripDays(now: number, days: number, direction: 1 | -1): StripDay[] {
  const out: StripDay[] = [];
  for (let i = 0; i < days; i++) {
    const offset = i * direction || 0; // no -0 for today
    const ms = now + offset * DAY_MS;
    const date = hkDay(ms);
    out.push({ date, offset, weekday: new Date(ms + HK_OFFSET_MS).getUTCDay(), label: date.slice(5) });
  }
  return direction === -1 ? out.reverse() : out;
}
