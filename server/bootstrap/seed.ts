/**
 * Demo data, seeded at every open but only where missing, so it is safe on an existing database and
 * on several nodes (openPostgres runs it under the migration lock). Each module seeds its own tables;
 * this is the one place that knows them all, in order (football before experts, who pick matches).
 * Football's past fixtures are played by the simulator (matches writes what it answers), so the
 * template's fingerprint, taken over this file's imports, covers the simulator too.
 */

import { simSeedFromEnv } from '../config';
import type { Db } from '../db';
import { createSimulatorProvider } from '../feed/simulator/provider';
import { seedAuth } from '../modules/auth';
import { seedContent } from '../modules/config';
import { seedConfigDocs } from '../modules/configdocs';
import { seedCoupons } from '../modules/coupons';
import { seedDatabase } from '../modules/database';
import { seedExperts } from '../modules/experts';
import { seedLive } from '../modules/live';
import { seedFootball } from '../modules/matches';
import { seedNews } from '../modules/news';
import { seedOps } from '../modules/ops';
import { seedShareHistory } from '../modules/orders';
import { seedPoints } from '../modules/points';
import { seedShop } from '../modules/shop';
import { seedWallet } from '../modules/wallet';

export async function seedAll(db: Db): Promise<void> {
  await seedAuth(db);
  await seedContent(db);
  const seed = simSeedFromEnv();
  await seedFootball(db, new Date(), createSimulatorProvider({ db, seed, speed: 1 }));
  await seedDatabase(db);
  await seedWallet(db);
  await seedOps(db);
  await seedExperts(db);
  await seedShop(db);
  await seedCoupons(db);
  await seedShareHistory(db);
  await seedPoints(db);
  await seedNews(db);
  await seedConfigDocs(db);
  await seedLive(db);
}
