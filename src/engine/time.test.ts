import { describe, expect, it } from 'vitest';
import { formatHk, listTime, toEpochMs } from './time';

// 2025-01-16 20:00 in Hong Kong = 12:00 UTC
const HK_20H = Date.UTC(2025, 0, 16, 12, 0);

describe('one date-time rule: Hong Kong time everywhere', () => {
  it('reads server values: unzoned strings are UTC+8, zoned ones keep their zone, seconds or ms', () => {
    expect(toEpochMs('2025-01-16 20:00:00')).toBe(HK_20H);
    expect(toEpochMs('2025-01-16T20:00:00+08:00')).toBe(HK_20H);
    expect(toEpochMs('2025-01-16T12:00:00Z')).toBe(HK_20H);
    expect(toEpochMs('2025-01-16T07:00:00-05:00')).toBe(HK_20H);
    expect(toEpochMs(HK_20H / 1000)).toBe(HK_20H);
    expect(toEpochMs(HK_20H)).toBe(HK_20H);
    expect(toEpochMs('')).toBeNull();
    expect(toEpochMs('soon')).toBeNull();
  });

  it('formats in UTC+8 whatever the zone of the phone', () => {
    // the same instant written in three zones shows the same wall-clock time
    for (const v of ['2025-01-16T12:00:00Z', '2025-01-16T04:00:00-08:00', HK_20H])
      expect(formatHk(v)).toBe('2025-01-16 20:00');
    expect(formatHk('2025-01-16T17:30:00Z', 'MM-DD HH:mm')).toBe('01-17 01:30');
    expect(formatHk(HK_20H, 'YY/M/D [at] H:mm:ss')).toBe('25/1/16 at 20:00:00');
    expect(formatHk(null)).toBe('');
  });

  it('a list time shows the date unless the match is on today (in HK)', () => {
    const now = Date.UTC(2025, 0, 16, 2, 0); // 10:00 in HK
    expect(listTime('2025-01-16 23:00:00', now)).toBe('23:00');
    expect(listTime('2025-01-17 23:00:00', now)).toBe('01-17 23:00');
    expect(listTime('2025-01-15 23:00:00', now)).toBe('01-15 23:00');
    expect(listTime('2024-12-30 20:00:00', now)).toBe('2024-12-30 20:00');
    // 23:30 UTC on the 15th is already the 16th in HK: today
    expect(listTime('2025-01-15T23:30:00Z', now)).toBe('07:30');
    expect(listTime(undefined, now)).toBe('');
  });
});

describe('the phone zone does not matter', () => {
  it('fmtDate in a screen shows the same text in New York as in Hong Kong', async () => {
    const before = process.env.TZ;
    const { FUNCTIONS } = await import('./expr/functions');
    const env = { t: (k: string) => k, now: () => HK_20H };
    try {
      const shown = ['Asia/Hong_Kong', 'America/New_York', 'Europe/London'].map((tz) => {
        process.env.TZ = tz;
        return [
          FUNCTIONS.fmtDate(env, '2025-01-16 20:00:00', 'MM-DD HH:mm'),
          FUNCTIONS.fmtDate(env, HK_20H / 1000, 'MM-DD HH:mm'),
        ].join(' / ');
      });
      expect(shown).toEqual(Array(3).fill('01-16 20:00 / 01-16 20:00'));
    } finally {
      process.env.TZ = before;
    }
  });
});
