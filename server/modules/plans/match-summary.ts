/**
 * The compact match line a plan card shows (league, teams, kick-off, status, score), named in the
 * caller's language. Plans read matches; only the matches module writes them.
 */
import { inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { competitions, matches, teams } from '../../db/schema';
import type { Lang } from '../../http/i18n';

export interface MatchSummary {
  id: number;
  league_id: number;
  league_name: string;
  league_color: string;
  start_time: string;
  start_ms: number;
  status: number;
  home_name: string;
  away_name: string;
  home_logo: string;
  away_logo: string;
  home_score: number;
  away_score: number;
  home_half_score: number | null;
  away_half_score: number | null;
  jczq_num: string | null;
  bjdc_num: string | null;
  ctzc_index: number | null;
}

/** ISO-8601 with the Hong Kong offset, as the API contract asks. */
export function hkIso(d: Date): string {
  const hk = new Date(d.getTime() + 8 * 3600_000);
  return `${hk.toISOString().slice(0, 19)}+08:00`;
}

export async function matchSummaries(db: Db, ids: number[], lang: Lang): Promise<Map<number, MatchSummary>> {
  const out = new Map<number, MatchSummary>();
  if (!ids.length) return out;
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  type Named = {
    shortZhcn: typeof teams.shortZhcn;
    shortZhtw: typeof teams.shortZhtw;
    shortZhhk: typeof teams.shortZhhk;
  };
  const col = (t: Named | typeof competitions) =>
    lang === 'zhcn' ? t.shortZhcn : lang === 'zhtw' ? t.shortZhtw : t.shortZhhk;
  const rows = await db
    .select({
      m: matches,
      league: col(competitions),
      leagueColor: competitions.color,
      home: col(home as unknown as Named),
      away: col(away as unknown as Named),
      homeLogo: home.logo,
      awayLogo: away.logo,
    })
    .from(matches)
    .innerJoin(competitions, sql`${competitions.id} = ${matches.competitionId}`)
    .innerJoin(home, sql`${home.id} = ${matches.homeTeamId}`)
    .innerJoin(away, sql`${away.id} = ${matches.awayTeamId}`)
    .where(inArray(matches.id, [...new Set(ids)]));
  for (const r of rows) {
    out.set(r.m.id, {
      id: r.m.id,
      league_id: r.m.competitionId,
      league_name: r.league,
      league_color: r.leagueColor,
      start_time: hkIso(r.m.startAt),
      start_ms: r.m.startAt.getTime(),
      status: r.m.status,
      home_name: r.home,
      away_name: r.away,
      home_logo: r.homeLogo,
      away_logo: r.awayLogo,
      home_score: r.m.homeScore,
      away_score: r.m.awayScore,
      home_half_score: r.m.homeHalfScore,
      away_half_score: r.m.awayHalfScore,
      jczq_num: r.m.jczqNum,
      bjdc_num: r.m.bjdcNum,
      ctzc_index: r.m.ctzcIndex,
    });
  }
  return out;
}
