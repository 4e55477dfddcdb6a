/**
 * The per-account daily upload quota (item 7 of the security issue): stored bytes of the last 24 hours,
 * refused with 100429 once full, also when parallel uploads race for the last room.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/harness';
import { fakeJpeg, multipartPayload } from './test-multipart';
import { reencodeJpeg } from './uploads';

let t: TestApp;
/** the stored size of one test file (every fakeJpeg re-encodes to the same image) */
let one: number;

beforeAll(async () => {
  one = (await reencodeJpeg(fakeJpeg(10)))!.length;
  // room for three stored files and a half; read when the routes are registered
  const before = process.env.UPLOAD_DAILY_MB;
  process.env.UPLOAD_DAILY_MB = String((one * 3.5) / (1024 * 1024));
  try {
    t = await createTestApp();
  } finally {
    if (before === undefined) delete process.env.UPLOAD_DAILY_MB;
    else process.env.UPLOAD_DAILY_MB = before;
  }
});
afterAll(async () => {
  await t?.close();
});

async function upload(token: string, n: number, padding = 1000) {
  const parts = Array.from({ length: n }, (_, i) => ({
    field: 'files',
    filename: `q${i}.jpg`,
    data: fakeJpeg(padding, i + 1),
  }));
  const { payload, headers } = multipartPayload(parts);
  return t.call('POST', '/mdr/api/v1/user/attachments', { token, payload, headers });
}

/** files under a directory, recursively */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

const storedBy = async (userId: number) =>
  (await t.db.select().from(attachments).where(eq(attachments.userId, userId))).length;

describe('daily upload quota', () => {
  it('refuses an upload that would pass the quota, storing nothing of it, and counts stored bytes', async () => {
    const u = await t.loginByPhone('61230201');
    const tooMany = await upload(u.token, 4);
    expect(tooMany.code).toBe(100429);
    expect(await storedBy(u.userId)).toBe(0);

    // big files that re-encode small count as what is stored
    const three = await upload(u.token, 3, 200_000);
    expect(three.code).toBe(0);
    expect(three.data.map((f: { size: number }) => f.size)).toEqual([one, one, one]);

    expect((await upload(u.token, 1)).code).toBe(100429);
    expect(await storedBy(u.userId)).toBe(3);

    // the quota is per account
    const other = await t.loginByPhone('61230202');
    expect((await upload(other.token, 1)).code).toBe(0);
  });

  it('counts the uploads of the last 24 hours only', async () => {
    const u = await t.loginByPhone('61230203');
    expect((await upload(u.token, 3)).code).toBe(0);
    // a day-old upload no longer counts
    await t.db
      .update(attachments)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(attachments.userId, u.userId));
    expect((await upload(u.token, 3)).code).toBe(0);
    expect((await upload(u.token, 1)).code).toBe(100429);
    expect(await storedBy(u.userId)).toBe(6);
  });

  it('holds under parallel uploads: exactly three of six single-file uploads pass', async () => {
    const u = await t.loginByPhone('61230204');
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(u.token, 1)));
    const codes = results.map((r) => r.code).sort();
    expect(codes).toEqual([0, 0, 0, 100429, 100429, 100429]);
    expect(await storedBy(u.userId)).toBe(3);
    // refused uploads leave no file behind, and no temporary part either
    const rows = await t.db.select().from(attachments);
    expect(filesIn(join(t.config.dataDir, 'uploads')).length).toBe(rows.length);
    expect(filesIn(join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });
});
