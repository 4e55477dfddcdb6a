/**
 * Start-up of the data layer: picks the database from the config (PostgreSQL when DATABASE_URL is set,
 * else the embedded PGlite in DATA_DIR, started from the seeded template), migrates, seeds every module
 * in order (seed.ts) and makes the password key. server/db below it only opens and migrates.
 */
import type { AppConfig } from '../config';
import { type OpenDb, openPostgres } from '../db';
import { ensurePasswordKey } from '../modules/auth';
import { openEmbedded } from './embedded';
import { seedAll } from './seed';

export async function openAppDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<OpenDb> {
  if (!config.databaseUrl) return openEmbedded(config.dataDir);
  const opened = await openPostgres(config.databaseUrl, { seed: seedAll });
  await ensurePasswordKey(opened.db);
  return opened;
}
