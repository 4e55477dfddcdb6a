/**
 * Match search: teams whose name (any language, English included, full or short) contains the keyword
 * (or is a typo of it; the names are held in memory, see name-index.ts),
 * and the matches of those teams around now (live first, then nearest kick-off). Hot keywords are the
 * most searched ones of the last days that found something, topped up with the teams of hot leagues.
 */
import { and, desc, eq, getTableColumns, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { competitions, matches, searchLogs, teams } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { getRefs, type MatchItem, toItem } from '../matches';
import { isEntityName, nameIndex } from './name-index';

const MAX_TEAMS = 20;
/** how far around now a team's matches count as "around now" */
const PAST_MS = 7 * 86_400_000;
const FUTURE_MS = 14 * 86_400_000;
const HOT_WINDOW_MS = 7 * 86_400_000;
const LIVE = [2, 3, 4, 5, 7, 9];

export interface TeamHit {
  id: number;
  name: string;
  short: string;
  color: string;
  logo: string;
  league_id: number;
  league_name: string;
}

export async function findTeams(db: Db, keyword: string, lang: Lang): Promise<TeamHit[]> {
  const [index, refs] = await Promise.all([nameIndex(db), getRefs(db)]);
  const rows = index.teams.find(keyword, (a, b) => a.id - b.id).slice(0, MAX_TEAMS);
  return rows.map((t) => ({
    id: t.id,
    name: lang === 'zhcn' ? t.nameZhcn : lang === 'zhtw' ? t.nameZhtw : t.nameZhhk,
    short: lang === 'zhcn' ? t.shortZhcn : lang === 'zhtw' ? t.shortZhtw : t.shortZhhk,
    color: t.color,
    logo: t.logo,
    league_id: t.competitionId,
    league_name: refs.competitions.get(t.competitionId)?.short[lang] ?? '',
  }));
}

export async function searchMatches(
  db: Db,
  q: { keyword: string; page: number; size: number; lang: Lang; clockSpeed: number; now?: number },
): Promise<{ teams: TeamHit[]; list: MatchItem[]; total: number; page: number; size: number }> {
  const found = await findTeams(db, q.keyword, q.lang);
  const empty = { teams: found, list: [], total: 0, page: q.page, size: q.size };
  if (!found.length) return empty;
  const ids = found.map((t) => t.id);
  const now = q.now ?? Date.now();
  const where = and(
    or(inArray(matches.homeTeamId, ids), inArray(matches.awayTeamId, ids)),
    sql`${matches.startAt} between ${new Date(now - PAST_MS)} and ${new Date(now + FUTURE_MS)}`,
    sql`${matches.status} <> 20`,
  );
  // the page and the count in one statement (PGlite runs one at a time); a page past the end counts apart
  const page_ = await db
    .select({ m: getTableColumns(matches), total: sql<number>`(count(*) over ())::int` })
    .from(matches)
    .where(where)
    .orderBy(
      sql`case when ${matches.status} in (${sql.join(
        LIVE.map((s) => sql`${s}`),
        sql`, `,
      )}) then 0 else 1 end`,
      sql`abs(extract(epoch from ${matches.startAt}) - ${Math.floor(now / 1000)})`,
      matches.id,
    )
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const rows = page_.map((r) => r.m);
  const total = page_.length
    ? page_[0].total
    : q.page > 1
      ? (await db.select({ n: sql<number>`count(*)::int` }).from(matches).where(where))[0].n
      : 0;
  const refs = await getRefs(db, [...rows.map((r) => r.homeTeamId), ...rows.map((r) => r.awayTeamId)]);
  return { ...empty, list: rows.map((r) => toItem(r, refs, q.lang, q.clockSpeed)), total: Number(total) };
}

export async function logSearch(db: Db, keyword: string, userId: number | null, hits: number): Promise<void> {
  // kept as typed ("Arsenal"): the hot list groups spellings case-blind and shows the usual one
  await db.insert(searchLogs).values({ keyword: keyword.trim(), userId, hits });
}

/** how many of the most searched keywords are read to find `limit` real names among them */
const HOT_CANDIDATES = 5;

/**
 * Most searched keywords of the last week that found something and are a real name (a competition,
 * club, player or coach, any script or English, full or short: no typo the fuzzy match rescued, no
 * half-typed word), case-blind, shown in the spelling most used; then the strongest clubs of the hot
 * competitions, so a fresh start suggests the clubs fans look for (阿仙奴, 利物浦...) rather than the
 * first clubs of the first seed file.
 */
export async function hotKeywords(db: Db, lang: Lang, limit: number, now = Date.now()): Promise<string[]> {
  const folded = sql`lower(${searchLogs.keyword})`;
  const [rows, index] = await Promise.all([
    db
      .select({ keyword: sql<string>`mode() within group (order by ${searchLogs.keyword})` })
      .from(searchLogs)
      .where(and(gt(searchLogs.createdAt, new Date(now - HOT_WINDOW_MS)), gt(searchLogs.hits, 0)))
      .groupBy(folded)
      .orderBy(desc(sql`count(*)`), folded)
      .limit(limit * HOT_CANDIDATES),
    nameIndex(db),
  ]);
  const out = rows
    .map((r) => r.keyword)
    .filter((k) => isEntityName(index, k))
    .slice(0, limit);
  if (out.length >= limit) return out;
  const name = lang === 'zhcn' ? teams.shortZhcn : lang === 'zhtw' ? teams.shortZhtw : teams.shortZhhk;
  const fill = await db
    .select({ name })
    .from(teams)
    .innerJoin(competitions, eq(competitions.id, teams.competitionId))
    .where(eq(competitions.hot, true))
    .orderBy(desc(teams.attack), competitions.sort, teams.id)
    .limit(limit * 2);
  const seen = new Set(out.map((k) => k.toLowerCase()));
  for (const f of fill) {
    if (out.length >= limit) break;
    if (seen.has(f.name.toLowerCase())) continue;
    seen.add(f.name.toLowerCase());
    out.push(f.name);
  }
  return out;
}
