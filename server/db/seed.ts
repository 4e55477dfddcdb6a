/**
 * Demo data, seeded at every open but only where missing, so it is safe on an existing database and
 * on several nodes (callers hold the migration lock on PostgreSQL). Each domain seeds its own tables.
 */
import { seedAuth } from '../modules/auth/seed';
import { seedContent } from '../modules/config/seed';
import { seedExperts } from '../modules/experts/seed';
import { seedFootball } from '../modules/matches/seed';
import { seedOps } from '../modules/ops/seed';
import { seedWallet } from '../modules/wallet/seed';
import type { Db } from './index';

export async function seed(db: Db): Promise<void> {
  await seedAuth(db);
  await seedContent(db);
  await seedFootball(db);
  await seedWallet(db);
  await seedOps(db);
  await seedExperts(db);
}
