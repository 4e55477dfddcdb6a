import type { SQL } from 'drizzle-orm';
import type { Db } from './index';

export type Row = Record<string, unknown>;

/** The rows of a raw statement: node-postgres answers a QueryResult, PGlite a Results object; both carry `rows`. */
export async function rows(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
