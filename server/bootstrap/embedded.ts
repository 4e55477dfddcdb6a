/**
 * The embedded database of `npm start`. A fresh DATA_DIR starts as a copy of the migrated and seeded
 * template (built at `npm install`, or here on first need) instead of running initdb and every seeder:
 * that is the difference between ~10 s and ~2 s to the first answer. A marker file records which
 * migrations + seed code the directory was seeded with, so a reopen skips seeding unless they changed.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type OpenDb, openPglite } from '../db';
import { serverKeys } from '../db/schema';
import { ensurePasswordKey } from '../modules/auth';
import { seedAll } from './seed';
import { pgliteTemplate, templateFingerprint } from './template';

export const START_TEMPLATE_ROOT = resolve(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'goalfan-pg-template',
);

export async function openEmbedded(dataDir: string, doMigrate = true, doSeed = true): Promise<OpenDb> {
  const pgdata = join(dataDir, 'pgdata');
  const marker = join(dataDir, 'seeded-with.txt');
  const fingerprint = templateFingerprint();

  if (!existsSync(join(pgdata, 'PG_VERSION')) && doMigrate && doSeed) {
    const template = await pgliteTemplate(START_TEMPLATE_ROOT);
    mkdirSync(dataDir, { recursive: true });
    cpSync(join(template, 'pgdata'), pgdata, { recursive: true });
    const opened = await openPglite(pgdata, { migrate: false });
    // every copy of the template would share its password key pair: give this installation its own
    await opened.db.delete(serverKeys);
    await ensurePasswordKey(opened.db);
    writeFileSync(marker, fingerprint);
    return opened;
  }

  const seeded = existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint;
  const opened = await openPglite(pgdata, {
    migrate: doMigrate,
    seed: doSeed && !seeded ? seedAll : undefined,
  });
  if (doSeed && !seeded) writeFileSync(marker, fingerprint);
  return opened;
}
