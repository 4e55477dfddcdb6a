/**
 * Match lists are read far more often than matches change, so each (tab, date) keeps its rows in
 * memory, its items per language, and the serialized answers of visitors per page. A change written
 * through this node's services patches the cached row in place (no query); a status change (a match
 * moving between tabs) or a new match marks the lists stale and they are rebuilt on the next read, at
 * most every MIN_REBUILD_MS. Rebuilding is a query that blocks PGlite, so it must stay rare. Other nodes'
 * writes are picked up by the TTL (configure with setListTtl; their clients get websocket patches anyway).
 */
import { and, asc, desc, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches } from '../../db/schema';
import { CachedBody } from '../../http/compression';
import type { Lang } from '../../http/i18n';
import { hkDayRange, type MatchItem, type MatchRow, toItem } from './items';
import { getRefs } from './names';

export const LIVE = [2, 3, 4, 5, 7];
const UPCOMING = [1, 12, 13, 14, 15];
const FINISHED = [10, 11];
let ttlMs = 60_000;
const MIN_REBUILD_MS = 250;
const MAX_VARIANTS = 200;

export type ListTab = 'instant' | 'ongoing' | 'schedule' | 'results';

let version = 0;
const listeners = new Set<(matchId: number) => void>();
const live = new Set<Entry>();

/** How long a list may go without a rebuild (short when several nodes write to one PostgreSQL). */
export function setListTtl(ms: number): void {
  ttlMs = ms;
}

/**
 * Called after every write to a match. With the new row, lists holding the match patch it in place
 * unless its status changed (then it may belong to another tab); without a row every list goes stale.
 */
export function notifyMatchChanged(matchId: number, row?: MatchRow, statusChanged = true): void {
  if (!row || statusChanged) version++;
  else {
    for (const e of live) {
      const i = e.rows.findIndex((r) => r.id === matchId);
      if (i < 0) continue;
      e.rows[i] = row;
      e.items.clear();
      e.strings.clear();
    }
  }
  for (const l of listeners) l(matchId);
}

/**
 * Forget every cached list of `db` so the next read rebuilds, skipping the MIN_REBUILD_MS throttle:
 * for writes that must show on the very next read (dev fixtures, a test that played matches itself).
 */
export function dropListCache(db: Db): void {
  for (const e of caches.get(db)?.values() ?? []) live.delete(e);
  caches.delete(db);
}

export function onMatchChanged(l: (matchId: number) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

interface Entry {
  version: number;
  builtAt: number;
  rows: MatchRow[];
  items: Map<Lang, MatchItem[]>;
  strings: Map<string, CachedBody>;
}

const caches = new WeakMap<object, Map<string, Entry>>();
const building = new WeakMap<object, Map<string, Promise<Entry>>>();

function whereFor(tab: ListTab, date: string): SQL | undefined {
  const [from, to] = hkDayRange(date);
  const inDay = and(gte(matches.startAt, from), lt(matches.startAt, to));
  if (tab === 'ongoing') return inArray(matches.status, LIVE);
  if (tab === 'instant') return or(inDay, inArray(matches.status, LIVE));
  if (tab === 'schedule') return and(inDay, inArray(matches.status, UPCOMING));
  return and(inDay, inArray(matches.status, FINISHED));
}

/** Live first, then upcoming by kick-off, then the rest; results newest first. */
function sortRows(tab: ListTab, rows: MatchRow[]): MatchRow[] {
  if (tab === 'results') return rows;
  const rank = (s: number) => (LIVE.includes(s) ? 0 : s === 1 ? 1 : 2);
  return rows.sort(
    (a, b) => rank(a.status) - rank(b.status) || a.startAt.getTime() - b.startAt.getTime() || a.id - b.id,
  );
}

async function build(db: Db, tab: ListTab, date: string): Promise<Entry> {
  const v = version;
  const rows = await db
    .select()
    .from(matches)
    .where(whereFor(tab, date))
    .orderBy(tab === 'results' ? desc(matches.startAt) : asc(matches.startAt), asc(matches.id))
    .limit(5000);
  return { version: v, builtAt: Date.now(), rows: sortRows(tab, rows), items: new Map(), strings: new Map() };
}

export async function listEntry(db: Db, tab: ListTab, date: string): Promise<Entry> {
  let map = caches.get(db);
  if (!map) {
    map = new Map();
    caches.set(db, map);
  }
  let inflight = building.get(db);
  if (!inflight) {
    inflight = new Map();
    building.set(db, inflight);
  }
  const key = `${tab}|${tab === 'ongoing' ? '' : date}`;
  const hit = map.get(key);
  const age = hit ? Date.now() - hit.builtAt : Infinity;
  if (hit && ((hit.version === version && age < ttlMs) || age < MIN_REBUILD_MS)) return hit;
  const running = inflight.get(key);
  if (running) return hit ?? running;
  const cacheMap = map;
  const inflightMap = inflight;
  const p = build(db, tab, date).finally(() => inflightMap.delete(key));
  inflight.set(key, p);
  const entry = await p;
  const old = cacheMap.get(key);
  if (old) live.delete(old);
  cacheMap.set(key, entry);
  live.add(entry);
  if (cacheMap.size > 100) {
    const first = cacheMap.keys().next().value as string;
    live.delete(cacheMap.get(first) as Entry);
    cacheMap.delete(first);
  }
  return entry;
}

export async function itemsOf(db: Db, entry: Entry, lang: Lang, clockSpeed: number): Promise<MatchItem[]> {
  let items = entry.items.get(lang);
  if (!items) {
    const refs = await getRefs(db, [...new Set(entry.rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]))]);
    items = entry.rows.map((r) => toItem(r, refs, lang, clockSpeed));
    entry.items.set(lang, items);
  }
  return items;
}

/** Serialized (UTF-8 encoded, and compressed on demand) visitor answers per variant (language, leagues, page, size) of one list. */
export function cachedBody(entry: Entry, variant: string, make: () => string): CachedBody {
  let body = entry.strings.get(variant);
  if (body === undefined) {
    body = new CachedBody(Buffer.from(make()));
    if (entry.strings.size >= MAX_VARIANTS) entry.strings.clear();
    entry.strings.set(variant, body);
  }
  return body;
}
