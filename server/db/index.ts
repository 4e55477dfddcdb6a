/**
 * Opens a database and applies the drizzle migrations: PGlite (embedded PostgreSQL in a directory) or
 * PostgreSQL. The ground floor knows no domain: what to seed is handed in (`seed`, run under the
 * migration lock on PostgreSQL) by server/bootstrap, which also picks the database from the config.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type DbSchema = typeof schema;
/** One database type for both drivers; write queries against this. */
export type Db = PgDatabase<PgQueryResultHKT, DbSchema, ExtractTablesWithRelations<DbSchema>>;

export interface OpenDb {
  db: Db;
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
}

export const MIGRATIONS_DIR = resolve(import.meta.dirname, 'migrations');
/** Serializes migrate+seed across nodes starting at once against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_317_001;

/** Fills a freshly migrated database with what it needs (idempotent: it also runs on reopen). */
export type SeedFn = (db: Db) => Promise<void>;

export interface OpenOptions {
  /** apply migrations (default true; false for a copy of an already migrated template) */
  migrate?: boolean;
  /** run after migrating, under the migration lock on PostgreSQL */
  seed?: SeedFn;
}

export async function openPglite(dataDir: string, opts: OpenOptions = {}): Promise<OpenDb> {
  mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the global search's typo-tolerant name match (migration 0022 creates the extension)
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  try {
    if (opts.migrate ?? true) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    if (opts.seed) await opts.seed(db as unknown as Db);
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(url: string, opts: OpenOptions = {}): Promise<OpenDb> {
  const doMigrate = opts.migrate ?? true;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client can lose its connection (server restart, dropped test database); without a listener
  // pg would throw that from an event emitter and end the process. The pool replaces the client.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.warn(`[db] idle PostgreSQL client failed: ${err.message}`);
  });
  const db = drizzleNodePg(pool, { schema });
  if (doMigrate || opts.seed) {
    try {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzleNodePg(client, { schema });
        if (doMigrate) await migrateNodePg(locked, { migrationsFolder: MIGRATIONS_DIR });
        if (opts.seed) await opts.seed(locked as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
  }
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
