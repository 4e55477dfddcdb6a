/**
 * Price history of one bookmaker for /match/exponen. The simulator's prices are a pure function of
 * the timeline, so the history is re-derived from it up to the match's cursor; any other provider
 * falls back to the stored opening / previous / current lines.
 */
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { matchOdds } from '../../db/schema';
import { loadSimRefs, strengthOf, timelineFor } from '../../feed/simulator/context';
import { BOOKMAKERS, oddsFor } from '../../feed/simulator/odds';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { BOOKMAKER_NAMES, getMatch } from './match-service';

export async function oddsHistory(db: Db, config: AppConfig, id: number, bookmaker: string, lang: Lang) {
  const m = await getMatch(db, id);
  if (!m) throw new ApiError(E.NOT_FOUND);
  const name = BOOKMAKER_NAMES[bookmaker]?.[lang] ?? bookmaker;
  const book = BOOKMAKERS.find((b) => b.code === bookmaker);
  if (config.feedProvider === 'simulator' && book) {
    const refs = await loadSimRefs(db);
    const s = strengthOf(refs, m);
    const tl = timelineFor(refs, m, config.simSeed);
    const cursor = Number((m.stats as Record<string, unknown>)?._cursor ?? 0);
    const points = [
      {
        minute: 0,
        added_minute: 0,
        home_score: 0,
        away_score: 0,
        status: 1,
        at_ms: m.startAt.getTime() - 86_400_000,
      },
    ];
    for (let i = 0; i < Math.min(cursor, tl.entries.length); i++) {
      const e = tl.entries[i];
      if (!e.odds || e.state.status === 13 || e.state.status === 14) continue;
      points.push({
        minute: e.state.minute,
        added_minute: e.state.added_minute,
        home_score: e.state.home_score,
        away_score: e.state.away_score,
        status: e.state.status,
        at_ms: m.startAt.getTime() + (e.t * 1000) / config.simSpeed,
      });
    }
    const list = points.map((p) => {
      const rows = oddsFor(s, { minute: p.minute, homeScore: p.home_score, awayScore: p.away_score }, book);
      return { ...p, eu: rows[0].odds, asia: rows[1].odds, ou: rows[2].odds };
    });
    return { id, bookmaker, bookmaker_name: name, list: list.reverse() };
  }
  const rows = await db
    .select()
    .from(matchOdds)
    .where(and(eq(matchOdds.matchId, id), eq(matchOdds.bookmaker, bookmaker)));
  if (!rows.length) throw new ApiError(E.NOT_FOUND);
  const line = (pick: 'opening' | 'previous' | 'current') =>
    Object.fromEntries(rows.map((r) => [r.market, r[pick]]).filter(([, v]) => v !== null));
  return {
    id,
    bookmaker,
    bookmaker_name: name,
    list: [
      { kind: 'current', ...line('current') },
      { kind: 'previous', ...line('previous') },
      { kind: 'opening', ...line('opening') },
    ],
  };
}
