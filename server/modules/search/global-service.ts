/**
 * Global search (Sofascore-like): one keyword across matches, competitions, clubs, players, coaches,
 * news, fans' activities, experts and users, grouped by type. Names match in each stored script and in
 * English (阿仙奴, 兵工廠, 阿森纳 and Arsenal are columns of the same club row), as a literal
 * case-insensitive substring or, for keywords of four characters or more, a typo of a name or of a word
 * of a title (pg_trgm, see match.ts); exact names rank first, then prefixes, substrings, typos. Hidden
 * news and activities, deleted accounts and people on either side of the viewer's blacklist are never
 * found.
 */
import { and, eq, ilike, isNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db';
import { activities, competitions, experts, newsArticles, people, users } from '../../db/schema';
import type { Lang } from '../../http/i18n';
import { blockedIds } from '../chat';
import { getRefs, type MatchItem } from '../matches';
import { closeness, matchRank, nameMatch, textMatch } from './match';
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
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(table as PgTable)
    .where(where);
  if (!total || !limit) return { list: [], total: Number(total) };
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(limit)) as Tb['$inferSelect'][];
  return { list: rows.map(map), total: Number(total) };
}

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

  const compCols = [
    competitions.nameZhhk,
    competitions.nameZhcn,
    competitions.nameZhtw,
    competitions.nameEn,
    competitions.shortZhhk,
    competitions.shortZhcn,
    competitions.shortZhtw,
    competitions.shortEn,
  ];
  const personCols = [people.nameZhhk, people.nameZhcn, people.nameZhtw, people.nameEn];
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
  const persons = (coach: boolean) =>
    page(
      db,
      people,
      and(nameMatch(personCols, kw), coach ? eq(people.position, 10) : ne(people.position, 10)) as SQL,
      [matchRank(personCols, kw), ...closeness(personCols, kw), people.id],
      lim(coach ? 'coaches' : 'players'),
      personMap,
    );

  const notBlocked = (col: PgColumn) => (blocked.length ? notInArray(col, blocked) : undefined);

  const [comps, teamHits, players, coaches, news, acts, exps, people_, matchHits] = await Promise.all([
    want('competitions')
      ? page(
          db,
          competitions,
          nameMatch(compCols, kw),
          [matchRank(compCols, kw), ...closeness(compCols, kw), competitions.sort],
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
          [matchRank(newsCols, kw), sql`${newsArticles.publishedAt} desc`, sql`${newsArticles.id} desc`],
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
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(activities).where(where);
  const rows = limit
    ? await db
        .select({ a: activities, nickname: users.nickname })
        .from(activities)
        .innerJoin(users, and(eq(users.id, activities.userId), isNull(users.deletedAt)))
        .where(where)
        .orderBy(matchRank([activities.text], kw), sql`${activities.createdAt} desc`)
        .limit(limit)
    : [];
  return {
    list: rows.map(({ a, nickname }) => ({
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
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = limit
    ? await db
        .select({ id: users.id, ext: users.userExternal, nickname: users.nickname, avatar: users.avatar })
        .from(users)
        .where(where)
        .orderBy(matchRank([users.nickname], kw), ...closeness([users.nickname], kw), users.id)
        .limit(limit)
    : [];
  return {
    list: rows.map((r) => ({ id: r.id, user_external: r.ext, nickname: r.nickname, avatar: r.avatar })),
    total: Number(total),
  };
}
