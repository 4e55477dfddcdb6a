import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverKeys, users } from '../db/schema';
import { openEmbedded } from './embedded';
import { templateFingerprint } from './template';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'goalfan-embedded-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database of npm start', () => {
  it('a fresh DATA_DIR starts seeded, with a password key of its own', async () => {
    const [a, b] = [fresh(), fresh()];
    const dbA = await openEmbedded(a);
    const dbB = await openEmbedded(b);
    try {
      expect((await dbA.db.select().from(users)).length).toBeGreaterThanOrEqual(3);
      const [keyA] = await dbA.db.select().from(serverKeys);
      const [keyB] = await dbB.db.select().from(serverKeys);
      expect(keyA.publicPem).not.toEqual(keyB.publicPem);
      expect(readFileSync(join(a, 'seeded-with.txt'), 'utf8')).toBe(templateFingerprint());
    } finally {
      await dbA.close();
      await dbB.close();
    }
  });

  it('reopening keeps the data and the key', async () => {
    const dir = fresh();
    const first = await openEmbedded(dir);
    const [key] = await first.db.select().from(serverKeys);
    await first.close();
    const again = await openEmbedded(dir);
    try {
      const [same] = await again.db.select().from(serverKeys);
      expect(same.publicPem).toEqual(key.publicPem);
    } finally {
      await again.close();
    }
  });
});
