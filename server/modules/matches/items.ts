/** Match rows -> the flat match item of contract §1 (names in the request's language). */
import type { matches } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import type { Refs } from './names';

export type MatchRow = typeof matches.$inferSelect;
export type MatchItem = Record<string, unknown> & { id: number; status: number; start_ms: number };

const HK_OFFSET_MS = 8 * 3600_000;

/** ISO-8601 in Hong Kong time, e.g. 2026-11-21T19:30:00+08:00 */
export function hkIso(ms: number): string {
  return `${new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** The Hong Kong calendar date (YYYY-MM-DD) of an instant. */
export function hkDate(ms: number): string {
  return new Date(ms + HK_OFFSET_MS).toISOString().slice(0, 10);
}

/** [start, end) instants of a Hong Kong calendar day. */
export function hkDayRange(date: string): [Date, Date] {
  const start = Date.parse(`${date}T00:00:00+08:00`);
  return [new Date(start), new Date(start + 86_400_000)];
}

export function supportRates(home: number, away: number): [number, number] {
  const total = home + away;
  if (!total) return [50, 50];
  const h = Math.round((home * 100) / total);
  return [h, 100 - h];
}

export function toItem(m: MatchRow, refs: Refs, lang: Lang, clockSpeed: number): MatchItem {
  const comp = refs.competitions.get(m.competitionId);
  const home = refs.teams.get(m.homeTeamId);
  const away = refs.teams.get(m.awayTeamId);
  const [hr, ar] = supportRates(m.supportHome, m.supportAway);
  const startMs = m.startAt.getTime();
  return {
    id: m.id,
    league_id: m.competitionId,
    league_name: comp?.name[lang] ?? '',
    league_short: comp?.short[lang] ?? '',
    league_color: comp?.color ?? '#1677ff',
    round: m.round,
    start_time: hkIso(startMs),
    start_ms: startMs,
    status: m.status,
    minute: m.minute,
    added_minute: m.addedMinute,
    period_started_ms: m.periodStartedAt ? m.periodStartedAt.getTime() : null,
    clock_speed: clockSpeed,
    home_id: m.homeTeamId,
    home_name: home?.name[lang] ?? '',
    home_short: home?.short[lang] ?? '',
    home_color: home?.color ?? '#1677ff',
    home_logo: home?.logo ?? '',
    home_rank: m.homeRank,
    home_score: m.homeScore,
    home_half_score: m.homeHalfScore,
    home_red: m.homeRed,
    home_yellow: m.homeYellow,
    home_corners: m.homeCorners,
    away_id: m.awayTeamId,
    away_name: away?.name[lang] ?? '',
    away_short: away?.short[lang] ?? '',
    away_color: away?.color ?? '#1677ff',
    away_logo: away?.logo ?? '',
    away_rank: m.awayRank,
    away_score: m.awayScore,
    away_half_score: m.awayHalfScore,
    away_red: m.awayRed,
    away_yellow: m.awayYellow,
    away_corners: m.awayCorners,
    home_pen_score: m.homePenScore,
    away_pen_score: m.awayPenScore,
    support_home: m.supportHome,
    support_away: m.supportAway,
    home_support_rate: hr,
    away_support_rate: ar,
    jczq_num: m.jczqNum,
    bjdc_num: m.bjdcNum,
    seq: m.seq,
    booked: false,
    supported: 0,
  };
}
