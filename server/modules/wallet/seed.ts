import type { Db } from '../../db';

/** Demo data of this domain, inserted only where missing (see server/db/seed.ts). */
export async function seedWallet(_db: Db): Promise<void> {}
