/**
 * Fresh databases for tests, fast. Creating a PGlite directory runs initdb (~3 s), so one migrated and
 * seeded template is made per content of migrations + seed code (shared by concurrent runs through a
 * lock directory) and copied per test file. On PostgreSQL the same idea uses CREATE DATABASE ... TEMPLATE.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import pg from 'pg';
import { type OpenDb, openPglite, openPostgres } from '../db';

const SERVER_DIR = resolve(import.meta.dirname, '..');

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

/** Changes whenever a migration or anything that seeds changes, so a stale template is never used. */
export function templateFingerprint(): string {
  const files = [
    ...filesUnder(join(SERVER_DIR, 'db'), (p) => !p.endsWith('.test.ts')),
    ...filesUnder(join(SERVER_DIR, 'modules'), (p) => /seed/i.test(relative(SERVER_DIR, p))),
    join(SERVER_DIR, 'modules', 'auth', 'passwords.ts'),
    join(SERVER_DIR, 'modules', 'auth', 'keys.ts'),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(relative(SERVER_DIR, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function withDirLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // a builder that died leaves its lock behind; templates take seconds, so minutes means stale
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > 120_000)
          rmSync(lockDir, { recursive: true, force: true });
      } catch {
        /* lock vanished meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockDir}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Templates of earlier code versions pile up in tmp (~40 MB each) while the schema and seeds change:
 * keep the three newest and anything built in the last ten minutes (a concurrent run may still copy it).
 */
function removeOldTemplates(root: string, keep: string): void {
  const entries = readdirSync(root)
    .map((name) => join(root, name))
    .flatMap((path) => {
      try {
        return [{ path, mtime: statSync(path).mtimeMs }];
      } catch {
        return [];
      }
    })
    .filter((e) => e.path !== keep && !e.path.endsWith('.lock'))
    .sort((a, b) => b.mtime - a.mtime);
  for (const [i, e] of entries.entries()) {
    if (i >= 2 && Date.now() - e.mtime > 600_000) rmSync(e.path, { recursive: true, force: true });
  }
}

async function pgliteTemplate(): Promise<string> {
  const root = join(tmpdir(), 'goalfan-pg-templates');
  mkdirSync(root, { recursive: true });
  const dir = join(root, templateFingerprint());
  if (existsSync(join(dir, 'READY'))) return dir;
  await withDirLock(`${dir}.lock`, async () => {
    if (existsSync(join(dir, 'READY'))) return;
    const building = `${dir}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    const db = await openPglite(join(building, 'pgdata'));
    await db.close();
    writeFileSync(join(building, 'READY'), new Date().toISOString());
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
    removeOldTemplates(root, dir);
  });
  return dir;
}

/** A new directory holding a copy of the template's pgdata; the caller removes it. */
export async function copyPgliteTemplate(): Promise<string> {
  const template = await pgliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-test-'));
  cpSync(join(template, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

export async function freshPglite(): Promise<OpenDb & { dataDir: string }> {
  const dataDir = await copyPgliteTemplate();
  const opened = await openPglite(join(dataDir, 'pgdata'), false, false);
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

export async function freshPostgres(adminUrl: string): Promise<OpenDb & { dataDir: string }> {
  const template = `gf_tpl_${templateFingerprint()}`;
  const name = `gf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      const building = `${template}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const db = await openPostgres(withDatabase(adminUrl, building));
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
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK]).catch(() => {});
  }
  const opened = await openPostgres(withDatabase(adminUrl, name), false, false);
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
