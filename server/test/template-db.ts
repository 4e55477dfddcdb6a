/**
 * Fresh databases for tests, fast: a copy of the migrated and seeded PGlite template per test file
 * (server/bootstrap/template.ts), and on PostgreSQL the same idea with CREATE DATABASE ... TEMPLATE.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedAll } from '../bootstrap/seed';
import { pgliteTemplate, templateFingerprint } from '../bootstrap/template';
import { type OpenDb, openPglite, openPostgres } from '../db';

export { templateFingerprint };

/** A new directory holding a copy of the template's pgdata; the caller removes it. */
export async function copyPgliteTemplate(): Promise<string> {
  const template = await pgliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-test-'));
  cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

export async function freshPglite(): Promise<OpenDb & { dataDir: string }> {
  const dataDir = await copyPgliteTemplate();
  const opened = await openPglite(join(dataDir, 'pgdata'), { migrate: false });
  return {
    ...opened,
    dataDir,
    async close() {
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const PG_TEMPLATE_LOCK = 7_317_002;

/**
 * Builds the migrated and seeded PostgreSQL template database once per code version (a no-op when it exists).
 * Called by the server project's global setup, so the build never runs inside a test file's hook timeout.
 */
export async function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
    return await buildTemplateLocked(admin, adminUrl);
  } finally {
    await admin.end(); // ending the session releases its advisory lock
  }
}

/** The caller holds PG_TEMPLATE_LOCK. */
async function buildTemplateLocked(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `gf_tpl_${templateFingerprint()}`;
  const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
  if (found.rowCount === 0) {
    const building = `${template}_building`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const db = await openPostgres(withDatabase(adminUrl, building), { seed: seedAll });
    await db.close();
    await admin.query(`alter database "${building}" rename to "${template}"`);
    // templates of earlier code versions are dead weight; copies are only made under this lock
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'gf\\_tpl\\_%' and datname <> $1",
      [template],
    );
    for (const { datname } of stale.rows) {
      await admin.query(`drop database if exists "${datname}"`).catch(() => {});
    }
  }
  return template;
}

export async function freshPostgres(adminUrl: string): Promise<OpenDb & { dataDir: string }> {
  const name = `gf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
    const template = await buildTemplateLocked(admin, adminUrl);
    // still under the lock: a copy is never made while another process renames or drops templates
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK]).catch(() => {});
  }
  const opened = await openPostgres(withDatabase(adminUrl, name), { migrate: false });
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-test-'));
  return {
    ...opened,
    dataDir,
    async close() {
      await opened.close();
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
