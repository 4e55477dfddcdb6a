/**
 * The match lists (tabs), league filter counts, hot matches and the lottery lists. Visitor answers of
 * the tab lists are served as cached strings (list-cache.ts); logged-in users get their booked /
 * supported marks laid over the cached items with two small indexed queries.
 */
import { and, asc, eq, gte, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db';
import { matches, matchOdds } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { msgFor } from '../../http/i18n';
import type { RequestOf } from '../../http/type-provider';
import { hkDate, hkIso, type MatchItem, type MatchRow, toItem } from './items';
import { cachedBody, itemsOf, LIVE, type ListTab, listEntry } from './list-cache';
import { bookedRows, userMarks, withMarks } from './match-service';
import { getRefs } from './names';
import type { listQuery } from './schemas';

export type Tab = ListTab | 'appointment';

/** A tab list's querystring (GET /mdr/api/v1/matches), as its schema types it. */
export type ListQuery = RequestOf<typeof listQuery>;

export function todayHk(nowMs: number): string {
  return hkDate(nowMs);
}

function leagueFilter(ids?: string): Set<number> | null {
  if (!ids) return null;
  return new Set(
    ids
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  );
}

function page<T>(list: T[], p: number, size: number) {
  return { list: list.slice((p - 1) * size, p * size), total: list.length, page: p, size };
}

async function tabItems(
  db: Db,
  q: ListQuery,
  lang: Lang,
  nowMs: number,
  speed: number,
  userId: number | null,
) {
  const date = q.date ?? todayHk(nowMs);
  if (q.tab === 'appointment') {
    const rows = userId === null ? [] : await bookedRows(db, userId);
    const refs = await getRefs(
      db,
      rows.flatMap((r) => [r.homeTeamId, r.awayTeamId]),
    );
    return { entry: null, items: rows.map((r) => toItem(r, refs, lang, speed)) };
  }
  const entry = await listEntry(db, q.tab, q.tab === 'instant' ? todayHk(nowMs) : date);
  return { entry, items: await itemsOf(db, entry, lang, speed) };
}

/** The whole answer envelope as bytes (visitors, cached) or an object (users, with their marks). */
export async function matchList(
  db: Db,
  q: ListQuery,
  lang: Lang,
  nowMs: number,
  speed: number,
  userId: number | null,
) {
  const { entry, items } = await tabItems(db, q, lang, nowMs, speed, userId);
  const leagues = leagueFilter(q.league_ids);
  const filtered = () => (leagues ? items.filter((i) => leagues.has(i.league_id as number)) : items);
  if (userId === null && entry) {
    const variant = `${lang}|${q.league_ids ?? ''}|${q.page}|${q.size}`;
    return cachedBody(entry, variant, () =>
      JSON.stringify({ code: 0, msg: msgFor(0, lang), data: page(filtered(), q.page, q.size) }),
    );
  }
  const data = page(filtered(), q.page, q.size);
  const marks = await userMarks(
    db,
    userId,
    data.list.map((i) => i.id),
  );
  if (q.tab === 'appointment') for (const id of data.list.map((i) => i.id)) marks.booked.add(id);
  return { code: 0, msg: '', data: { ...data, list: withMarks(data.list, marks) } };
}

export async function leagueCounts(
  db: Db,
  q: Pick<ListQuery, 'tab' | 'date'>,
  lang: Lang,
  nowMs: number,
  speed: number,
  userId: number | null,
) {
  const { items } = await tabItems(db, { ...q, page: 1, size: 1 }, lang, nowMs, speed, userId);
  const refs = await getRefs(db);
  const counts = new Map<number, number>();
  for (const i of items) counts.set(i.league_id as number, (counts.get(i.league_id as number) ?? 0) + 1);
  return [...counts.entries()]
    .map(([id, count]) => {
      const c = refs.competitions.get(id);
      return {
        id,
        name: c?.name[lang] ?? '',
        short: c?.short[lang] ?? '',
        color: c?.color ?? '',
        hot: c?.hot ?? false,
        sort: c?.sort ?? 0,
        count,
      };
    })
    .sort((a, b) => Number(b.hot) - Number(a.hot) || a.sort - b.sort || a.id - b.id);
}

/** Hot matches: flagged matches and hot competitions, live or kicking off within two days. */
export async function popularMatches(
  db: Db,
  lang: Lang,
  nowMs: number,
  speed: number,
  p: number,
  size: number,
) {
  const refs = await getRefs(db);
  const hotComps = [...refs.competitions.values()].filter((c) => c.hot).map((c) => c.id);
  const rows = await db
    .select()
    .from(matches)
    .where(
      and(
        or(
          inArray(matches.status, LIVE),
          and(
            eq(matches.status, 1),
            gte(matches.startAt, new Date(nowMs - 3600_000)),
            lt(matches.startAt, new Date(nowMs + 2 * 86_400_000)),
          ),
        ),
        or(eq(matches.hot, true), inArray(matches.competitionId, hotComps.length ? hotComps : [-1])),
      ),
    )
    .orderBy(asc(matches.startAt))
    .limit(200);
  const rank = (r: MatchRow) => (LIVE.includes(r.status) ? 0 : 1) * 10 + (r.hot ? 0 : 1);
  rows.sort((a, b) => rank(a) - rank(b) || a.startAt.getTime() - b.startAt.getTime());
  return page(
    rows.map((r) => toItem(r, refs, lang, speed)),
    p,
    size,
  );
}

type Market = 'jczq' | 'bjdc';

/** Lottery lists: upcoming numbered matches with their lottery odds (what experts pick plans from). */
export async function lotteryMatches(
  db: Db,
  market: Market,
  lang: Lang,
  nowMs: number,
  speed: number,
  p: number,
  size: number,
) {
  const numCol = market === 'jczq' ? matches.jczqNum : matches.bjdcNum;
  const rows = await db
    .select()
    .from(matches)
    .where(
      and(
        isNotNull(numCol),
        eq(matches.status, 1),
        gte(matches.startAt, new Date(nowMs)),
        lt(matches.startAt, new Date(nowMs + 4 * 86_400_000)),
      ),
    )
    .orderBy(asc(matches.startAt), asc(matches.id))
    .limit(1000);
  const data = page(rows, p, size);
  const odds = await oddsByMatch(
    db,
    data.list.map((r) => r.id),
    market === 'jczq' ? ['jczq', 'jczq_hhad'] : ['bjdc_sf'],
  );
  const refs = await getRefs(db);
  return {
    ...data,
    list: data.list.map((r) => ({ ...toItem(r, refs, lang, speed), odds: odds.get(r.id) ?? {} })),
  };
}

export async function oddsByMatch(db: Db, ids: number[], markets: string[], bookmaker = 'lottery') {
  const out = new Map<number, Record<string, unknown>>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(matchOdds)
    .where(
      and(
        inArray(matchOdds.matchId, ids),
        eq(matchOdds.bookmaker, bookmaker),
        inArray(matchOdds.market, markets),
      ),
    );
  for (const r of rows) {
    const o = out.get(r.matchId) ?? {};
    o[r.market] = { ...(r.current as object), opening: r.opening, previous: r.previous };
    out.set(r.matchId, o);
  }
  return out;
}

export async function lotteryOddsOf(db: Db, id: number, market: Market) {
  const odds = await oddsByMatch(db, [id], market === 'jczq' ? ['jczq', 'jczq_hhad'] : ['bjdc_sf']);
  return { id, odds: odds.get(id) ?? {} };
}

export async function ctzcIssues(db: Db, nowMs: number) {
  const rows = await db
    .select({ issue: matches.ctzcIssue, startAt: matches.startAt, status: matches.status })
    .from(matches)
    .where(and(isNotNull(matches.ctzcIssue), gte(matches.startAt, new Date(nowMs - 2 * 86_400_000))));
  const byIssue = new Map<string, { first: number; last: number; count: number; open: number }>();
  for (const r of rows) {
    const k = r.issue as string;
    const t = r.startAt.getTime();
    const cur = byIssue.get(k) ?? { first: t, last: t, count: 0, open: 0 };
    cur.first = Math.min(cur.first, t);
    cur.last = Math.max(cur.last, t);
    cur.count++;
    if (r.status === 1 && t > nowMs) cur.open++;
    byIssue.set(k, cur);
  }
  return [...byIssue.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([issue_num, v]) => ({
      issue_num,
      count: v.count,
      start_time: hkIso(v.first),
      end_time: hkIso(v.first),
      last_time: hkIso(v.last),
      on_sale: v.open === v.count && v.first > nowMs,
    }));
}

export async function ctzcMatches(
  db: Db,
  issue: string | undefined,
  lang: Lang,
  nowMs: number,
  speed: number,
) {
  const issues = await ctzcIssues(db, nowMs);
  const chosen = issue ?? issues.find((i) => i.on_sale)?.issue_num ?? issues.at(-1)?.issue_num;
  if (!chosen) return { issue_num: null, list: [] as MatchItem[] };
  const rows = await db
    .select()
    .from(matches)
    .where(eq(matches.ctzcIssue, chosen))
    .orderBy(asc(matches.ctzcIndex), asc(matches.id));
  const refs = await getRefs(db);
  const odds = await oddsByMatch(
    db,
    rows.map((r) => r.id),
    ['eu'],
    'crown',
  );
  return {
    issue_num: chosen,
    list: rows.map((r) => ({
      ...toItem(r, refs, lang, speed),
      ctzc_index: r.ctzcIndex,
      odds: odds.get(r.id) ?? {},
    })),
  };
}
