/**
 * Opens the database: PGlite (embedded PostgreSQL in DATA_DIR/pgdata) by default, PostgreSQL when
 * DATABASE_URL is set. Either way the drizzle migrations are applied and the demo data seeded
 * (idempotently) before the app sees the handle, so a fresh DATA_DIR is ready on first start.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { AppConfig } from '../config';
import * as schema from './schema';
import { seed } from './seed';

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

export interface OpenDbOptions {
  /** skip seeding (the test harness copies an already seeded template) */
  seed?: boolean;
  /** skip migrations for the same reason */
  migrate?: boolean;
}

export async function openDb(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  options: OpenDbOptions = {},
): Promise<OpenDb> {
  const doMigrate = options.migrate ?? true;
  const doSeed = options.seed ?? true;
  if (config.databaseUrl) return openPostgres(config.databaseUrl, doMigrate, doSeed);
  const { openEmbedded } = await import('./embedded'); // embedded builds on this module
  return openEmbedded(config.dataDir, doMigrate, doSeed);
}

export async function openPglite(dataDir: string, doMigrate = true, doSeed = true): Promise<OpenDb> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema });
  try {
    if (doMigrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    if (doSeed) await seed(db as unknown as Db);
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(url: string, doMigrate = true, doSeed = true): Promise<OpenDb> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client can lose its connection (server restart, dropped test database); without a listener
  // pg would throw that from an event emitter and end the process. The pool replaces the client.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.warn(`[db] idle PostgreSQL client failed: ${err.message}`);
  });
  const db = drizzleNodePg(pool, { schema });
  if (doMigrate || doSeed) {
    try {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzleNodePg(client, { schema });
        if (doMigrate) await migrateNodePg(locked, { migrationsFolder: MIGRATIONS_DIR });
        if (doSeed) await seed(locked as unknown as Db);
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
