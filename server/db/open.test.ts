import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAll } from '../bootstrap/seed';
import { copyPgliteTemplate, freshPglite, freshPostgres } from '../test/template-db';
import { type OpenDb, openPglite } from './index';
import { serverKeys, users } from './schema';

let database: OpenDb;

beforeAll(async () => {
  database = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : await freshPglite();
});
afterAll(() => database.close());

describe('a seeded database', () => {
  it('holds the three demo accounts and one password key', async () => {
    const rows = await database.db.select().from(users);
    const logins = rows.map((u) => u.phone ?? u.email);
    expect(logins).toEqual(expect.arrayContaining(['91234567', '98765432', 'fan@example.com']));
    expect(rows.find((u) => u.phone === '98765432')?.passwordHash).toBeNull();
    expect(rows.find((u) => u.phone === '91234567')?.passwordHash).toMatch(/^scrypt\$/);
    expect(await database.db.select().from(serverKeys)).toHaveLength(1);
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('reopening an existing PGlite directory', () => {
  it('migrates and seeds again without duplicating anything or changing the key', async () => {
    const dataDir = await copyPgliteTemplate();
    try {
      const once = await openPglite(join(dataDir, 'pgdata'), { seed: seedAll });
      const [keyBefore] = await once.db.select().from(serverKeys);
      const usersBefore = (await once.db.select().from(users)).length;
      await once.close();
      const twice = await openPglite(join(dataDir, 'pgdata'), { seed: seedAll });
      try {
        expect(await twice.db.select().from(users)).toHaveLength(usersBefore);
        const keys = await twice.db.select().from(serverKeys);
        expect(keys.map((k) => k.kid)).toEqual([keyBefore.kid]);
      } finally {
        await twice.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
