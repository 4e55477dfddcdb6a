/**
 * How a keyword matches a name or a text, shared by the global search and the match search: a literal
 * case-insensitive substring of any column (every stored script and English, so 阿仙奴, 兵工廠, 阿森纳 and
 * Arsenal all find the club), or, for keywords of four characters or more, a trigram match (pg_trgm,
 * migration 0022) that forgives a typo: "Arsnal" finds Arsenal. Ranking: exact name 0, prefix 1,
 * substring 2, typo 3, then by trigram similarity.
 */
import { ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** ILIKE pattern that matches the keyword literally (%, _ and \ typed by a user are not wildcards). */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** shorter keywords would find too much by trigrams ("abc" shares half its trigrams with many names); shorter keywords match literally only */
export const FUZZY_MIN = 4;
/** a name (club, player, nickname) within this trigram similarity of the keyword is a typo of it */
export const NAME_SIMILARITY = 0.45;
/** a word of a longer text (title, post) within this word similarity of the keyword */
const WORD_SIMILARITY = 0.5;

const fuzzyOn = (keyword: string) => [...keyword].length >= FUZZY_MIN;

/**
 * Names: substring of any column, or (long enough keywords) a name close to the keyword as a whole
 * (`similarity`) or to one of its words (`word_similarity`: "Arsnal" in "Arsenal FC").
 */
export function nameMatch(cols: PgColumn[], keyword: string): SQL {
  const p = containsPattern(keyword);
  const like = cols.map((c) => ilike(c, p));
  if (!fuzzyOn(keyword)) return or(...like) as SQL;
  return or(...like, ...cols.map((c) => sql`word_similarity(${keyword}, ${c}) >= ${NAME_SIMILARITY}`)) as SQL;
}

/**
 * Texts (titles in three scripts, posts): substring, or a word of the text close to the keyword. The
 * columns are joined into one text first: one ILIKE and one trigram pass per row instead of one per
 * column (the costly part of a search over many articles).
 */
export function textMatch(cols: PgColumn[], keyword: string): SQL {
  const all = cols.length === 1 ? sql`${cols[0]}` : sql`concat_ws(' ', ${sql.join(cols, sql`, `)})`;
  const like = sql`${all} ilike ${containsPattern(keyword)}`;
  if (!fuzzyOn(keyword)) return like;
  return sql`(${like} or word_similarity(${keyword}, ${all}) >= ${WORD_SIMILARITY})`;
}

/** exact 0, prefix 1, substring 2, typo 3 over the best of the columns */
export function matchRank(cols: PgColumn[], keyword: string): SQL {
  const k = keyword.toLowerCase();
  const prefix = containsPattern(keyword).slice(1);
  const contains = containsPattern(keyword);
  return sql`least(${sql.join(
    cols.map(
      (c) =>
        sql`case when lower(${c}) = ${k} then 0 when ${c} ilike ${prefix} then 1 when ${c} ilike ${contains} then 2 else 3 end`,
    ),
    sql`, `,
  )})`;
}

/** the closest column's word similarity, best first (orders the typo hits among themselves); spread it */
export function closeness(cols: PgColumn[], keyword: string): SQL[] {
  if (!fuzzyOn(keyword)) return [];
  return [
    sql`greatest(${sql.join(
      cols.map((c) => sql`word_similarity(${keyword}, ${c})`),
      sql`, `,
    )}) desc`,
  ];
}
