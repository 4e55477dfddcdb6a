import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, hotRegions, protocols, regions } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedContent } from './seed';

let t: TestApp;
let dir: string;
const warnings: object[] = [];
const log = { info: () => {}, warn: (obj: object) => warnings.push(obj) };

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'seed-content-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seedContent', () => {
  it('loaded the shipped seed data into a fresh database', async () => {
    expect((await t.db.select().from(countries)).length).toBeGreaterThan(200);
    expect((await t.db.select().from(regions)).length).toBeGreaterThan(30);
    expect((await t.db.select().from(hotRegions)).length).toBeGreaterThan(5);
  });

  it('skips missing files with a log line instead of failing', async () => {
    const counts = await seedContent(t.db, { dir: join(dir, 'nothing-here'), log });
    expect(counts).toEqual({ countries: 0, regions: 0, hotRegions: 0, protocols: 0 });
    expect(warnings.length).toBeGreaterThanOrEqual(4);
  });

  it('sanitizes protocol documents on the way in, keeps operator edits on re-seed and is idempotent', async () => {
    mkdirSync(join(dir, 'protocols'), { recursive: true });
    writeFileSync(
      join(dir, 'protocols', 'lucky_bag_rule.zhhk.html'),
      '<h1>福袋規則</h1><p onclick="evil()">規則一</p><script>alert(1)</script><a href="javascript:x">x</a>',
    );
    writeFileSync(join(dir, 'protocols', 'not_a_type.zhhk.html'), '<p>ignored</p>');
    writeFileSync(
      join(dir, 'hot-regions.json'),
      JSON.stringify([{ code: 'HK', name_zh: '香港', name_zh_tr: '香港' }]),
    );

    await t.db.delete(protocols).where(eq(protocols.type, 'lucky_bag_rule'));
    const first = await seedContent(t.db, { dir, log });
    expect(first.protocols).toBe(1);
    const [row] = await t.db.select().from(protocols).where(eq(protocols.type, 'lucky_bag_rule'));
    expect(row.title).toBe('福袋規則');
    expect(row.content).toContain('規則一');
    expect(row.content).not.toMatch(/<script|onclick|javascript:/i);

    await t.db
      .update(protocols)
      .set({ content: '<p>edited</p>' })
      .where(eq(protocols.type, 'lucky_bag_rule'));
    await seedContent(t.db, { dir, log });
    const again = await t.db.select().from(protocols).where(eq(protocols.type, 'lucky_bag_rule'));
    expect(again).toHaveLength(1);
    expect(again[0].content).toBe('<p>edited</p>');
    // the hot list follows the file as a whole
    expect(await t.db.select().from(hotRegions)).toHaveLength(1);
  });

  it('can run twice over the shipped data without duplicating anything', async () => {
    await seedContent(t.db);
    const before = (await t.db.select().from(regions)).length;
    await seedContent(t.db);
    expect((await t.db.select().from(regions)).length).toBe(before);
  });
});
