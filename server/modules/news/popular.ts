/**
 * Popular news for `GET /mdr/api/v1/matches/news/popular` (the matches module serves the route with
 * what app.ts hands it from this face): the hot ranking, or the newest items while nothing has been
 * read, praised or discussed recently.
 */
import type { Db } from '../../db';
import type { Lang } from '../../http/i18n';
import { hotFeed, newsFeed } from './news-service';
import { feedResponse } from './responses';

export async function popularNews(db: Db, lang: Lang, nowMs: number, page: number, size: number) {
  const hot = await hotFeed(db, lang, nowMs, page, size);
  return hot.total > 0 ? hot : newsFeed(db, lang, nowMs, page, size);
}

export const popularNewsResponse = feedResponse;
