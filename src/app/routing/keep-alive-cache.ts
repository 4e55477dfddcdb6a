/**
 * Least-recently-used list of rendered pages (spec §2: at most 10 kept alive). Pure data, so the
 * eviction rule is testable without rendering; the shell renders whatever the list holds.
 */
export interface CachedPage {
  /** one entry per pathname: the same page with another query replaces the old instance */
  pathname: string;
  search: string;
  keepAlive: boolean;
}

export function pageInstanceKey(p: Pick<CachedPage, 'pathname' | 'search'>): string {
  return `${p.pathname}${p.search}`;
}

/** Make `page` the current (most recent) entry. */
export function touchPage(entries: readonly CachedPage[], page: CachedPage, max: number): CachedPage[] {
  // the current page is always rendered; a page that is not kept alive is dropped once we move on
  const kept = entries.filter((e) => e.pathname !== page.pathname && e.keepAlive);
  const next = [...kept, page];
  while (next.length > Math.max(1, max)) next.shift();
  return next;
}
