/**
 * Price history of one bookmaker for /match/exponen. The provider answers it when it can (the
 * simulator re-prices its timeline up to the match's cursor); otherwise the stored opening / previous /
 * current lines stand in.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { matchOdds } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { feedMatch } from './catch-up';
import type { MatchFeed } from './live-contract';
import { BOOKMAKER_NAMES, getMatch } from './match-service';

export async function oddsHistory(db: Db, feed: MatchFeed, id: number, bookmaker: string, lang: Lang) {
  const m = await getMatch(db, id);
  if (!m) throw new ApiError(E.NOT_FOUND);
  const name = BOOKMAKER_NAMES[bookmaker]?.[lang] ?? bookmaker;
  const points = await feed.oddsHistory(feedMatch(m), bookmaker);
  if (points) return { id, bookmaker, bookmaker_name: name, list: points };
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
