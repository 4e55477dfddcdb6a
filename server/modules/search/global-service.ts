/**
 * Global search (Sofascore-like): one keyword across matches, competitions, clubs, players, coaches,
 * news, fans' activities, experts and users, grouped by type. Names match in each stored script and in
 * English (阿仙奴, 兵工廠, 阿森纳 and Arsenal are columns of the same club row), as a literal
 * case-insensitive substring or, for keywords of four characters or more, a typo of a name or of a word
 * of a title; exact names rank first, then prefixes, substrings, typos. Football names (competitions,
 * clubs, players, coaches) are searched in memory (name-index.ts); news, posts and people in SQL with
 * pg_trgm for the typos (match.ts). Hidden
 * news and activities, deleted accounts and people on either side of the viewer's blacklist are never
 * found.
 */
import { and, eq, getTableColumns, isNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { activities, experts, newsArticles, type people, users } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { blockedIds } from '../chat';
import { getRefs, type MatchItem } from '../matches';
import { closeness, matchRank, nameMatch, textMatch } from './match';
import { nameIndex } from './name-index';
import { findTeams, searchMatches, type TeamHit } from './search-service';

export const GROUPS = [
  'matches',
  'competitions',
  'teams',
  'players',
  'coaches',
  'news',
  'activities',
  'experts',
  'users',
] as const;
export type Group = (typeof GROUPS)[number];

const pick = <T>(lang: Lang, zhhk: T, zhcn: T, zhtw: T) =>
  lang === 'zhcn' ? zhcn : lang === 'zhtw' ? zhtw : zhhk;

async function page<Tb extends PgTable, T>(
  db: Db,
  table: Tb,
  where: SQL,
  order: (SQL | PgColumn)[],
  limit: number,
  map: (r: Tb['$inferSelect']) => T,
): Promise<{ list: T[]; total: number }> {
  // one statement: the page and, on each of its rows, how many rows matched (PGlite runs one at a time)
  const rows = (await db
    .select({ r: getTableColumns(table as PgTable), total: TOTAL })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(Math.max(limit, 1))) as unknown as { r: Tb['$inferSelect']; total: number }[];
  return { list: rows.slice(0, limit).map((x) => map(x.r)), total: Number(rows[0]?.total ?? 0) };
}

const TOTAL = sql<number>`(count(*) over ())::int`;

export interface SearchQuery {
  keyword: string;
  lang: Lang;
  /** one group only (its first `size` hits), or every group (`size` hits each) */
  type?: Group;
  size: number;
  viewerId: number | null;
  nowMs: number;
  clockSpeed: number;
}

export async function globalSearch(db: Db, q: SearchQuery) {
  const kw = q.keyword;
  const want = (g: Group) => !q.type || q.type === g;
  const lim = (g: Group) => (want(g) ? q.size : 0);
  const blocked = await blockedIds(db, q.viewerId);
  const refs = await getRefs(db);
  const empty = { list: [], total: 0 };

  const newsCols = [newsArticles.titleZhhk, newsArticles.titleZhcn, newsArticles.titleZhtw];

  const personMap = (r: typeof people.$inferSelect) => {
    const team = r.teamId !== null ? refs.teams.get(r.teamId) : undefined;
    return {
      id: r.id,
      name: pick(q.lang, r.nameZhhk, r.nameZhcn, r.nameZhtw),
      name_en: r.nameEn,
      position: r.position,
      number: r.number,
      team: team ? { id: team.id, name: team.short[q.lang], color: team.color } : null,
    };
  };
  const index = await nameIndex(db);
  /** a group from the in-memory football names: its first `limit` hits and how many there are */
  const fromIndex = <T, R>(hits: T[], limit: number, map: (r: T) => R) => ({
    list: hits.slice(0, limit).map(map),
    total: hits.length,
  });
  const persons = (coach: boolean) =>
    fromIndex(
      index.people.find(
        kw,
        (a, b) => a.id - b.id,
        (r) => (r.position === 10) === coach,
      ),
      lim(coach ? 'coaches' : 'players'),
      personMap,
    );

  const notBlocked = (col: PgColumn) => (blocked.length ? notInArray(col, blocked) : undefined);

  const [comps, teamHits, players, coaches, news, acts, exps, people_, matchHits] = await Promise.all([
    want('competitions')
      ? fromIndex(
          index.competitions.find(kw, (a, b) => a.sort - b.sort || a.id - b.id),
          lim('competitions'),
          (r) => ({
            id: r.id,
            name: pick(q.lang, r.nameZhhk, r.nameZhcn, r.nameZhtw),
            short: pick(q.lang, r.shortZhhk, r.shortZhcn, r.shortZhtw),
            color: r.color,
            logo: r.logo,
          }),
        )
      : empty,
    want('teams') || want('matches') ? findTeams(db, q.keyword, q.lang) : ([] as TeamHit[]),
    want('players') ? persons(false) : empty,
    want('coaches') ? persons(true) : empty,
    want('news')
      ? page(
          db,
          newsArticles,
          and(
            textMatch(newsCols, kw),
            eq(newsArticles.hidden, false),
            lte(newsArticles.publishedAt, new Date(q.nowMs)),
          ) as SQL,
          [sql`${newsArticles.publishedAt} desc`, sql`${newsArticles.id} desc`],
          lim('news'),
          (r) => ({
            id: r.id,
            kind: r.kind,
            title: pick(q.lang, r.titleZhhk, r.titleZhcn, r.titleZhtw),
            cover: r.cover,
            published_at: r.publishedAt.toISOString(),
          }),
        )
      : empty,
    want('activities') ? searchActivities(db, kw, lim('activities'), notBlocked(activities.userId)) : empty,
    want('experts') ? searchUsers(db, kw, lim('experts'), true, notBlocked(users.id)) : empty,
    want('users') ? searchUsers(db, kw, lim('users'), false, notBlocked(users.id)) : empty,
    want('matches')
      ? searchMatches(db, {
          keyword: q.keyword,
          page: 1,
          size: Math.max(lim('matches'), 1),
          lang: q.lang,
          clockSpeed: q.clockSpeed,
          now: q.nowMs,
        })
      : null,
  ]);
  const teamList = want('teams') ? teamHits.slice(0, q.size) : [];
  const groups = {
    matches: matchHits
      ? { list: matchHits.list.slice(0, lim('matches')) as MatchItem[], total: matchHits.total }
      : empty,
    competitions: comps,
    teams: { list: teamList, total: want('teams') ? teamHits.length : 0 },
    players,
    coaches,
    news,
    activities: acts,
    experts: exps,
    users: people_,
  };
  const total = Object.values(groups).reduce((n, g) => n + g.total, 0);
  return { keyword: q.keyword, total, ...groups };
}

async function searchActivities(db: Db, kw: string, limit: number, notBlocked: SQL | undefined) {
  const where = and(textMatch([activities.text], kw), eq(activities.hidden, false), notBlocked) as SQL;
  const rows = await db
    .select({ a: activities, nickname: users.nickname, total: TOTAL })
    .from(activities)
    .innerJoin(users, and(eq(users.id, activities.userId), isNull(users.deletedAt)))
    .where(where)
    .orderBy(sql`${activities.createdAt} desc`)
    .limit(Math.max(limit, 1));
  const total = rows[0]?.total ?? 0;
  return {
    list: rows.slice(0, limit).map(({ a, nickname }) => ({
      id: a.id,
      text: a.text,
      nickname,
      created_at: a.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}

async function searchUsers(
  db: Db,
  kw: string,
  limit: number,
  expertsOnly: boolean,
  notBlocked: SQL | undefined,
) {
  const isExpert = sql`exists (select 1 from ${experts} e where e.user_id = ${users.id} and e.status = 'approved')`;
  const where = and(
    nameMatch([users.nickname], kw),
    isNull(users.deletedAt),
    eq(users.role, 'user'),
    expertsOnly ? isExpert : sql`not ${isExpert}`,
    notBlocked,
  ) as SQL;
  const rows = await db
    .select({
      id: users.id,
      ext: users.userExternal,
      nickname: users.nickname,
      avatar: users.avatar,
      total: TOTAL,
    })
    .from(users)
    .where(where)
    .orderBy(matchRank([users.nickname], kw), ...closeness([users.nickname], kw), users.id)
    .limit(Math.max(limit, 1));
  const total = rows[0]?.total ?? 0;
  return {
    list: rows
      .slice(0, limit)
      .map((r) => ({ id: r.id, user_external: r.ext, nickname: r.nickname, avatar: r.avatar })),
    total: Number(total),
  };
}
