import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { countries, hotRegions, regions } from '../../db/schema/content';
import type { Lang } from '../../http/i18n';
import type { ProviderLog } from '../../providers/types';
import { isProtocolType } from './protocol-types';
import { saveProtocol } from './protocols-service';
import { titleFromHtml } from './sanitize-protocol';

export const SEED_DATA_DIR = resolve(import.meta.dirname, '..', '..', 'db', 'seed-data');

interface CountrySeed {
  iso: string;
  name_zh: string;
  name_zh_tr?: string;
  name_en?: string;
  phone_code: string | number;
  letter?: string;
}

interface RegionSeed {
  code: string | number;
  name_zh?: string;
  name_zh_tr?: string;
  children?: RegionSeed[];
}

const BATCH = 500;

function readJson<T>(dir: string, file: string, log?: ProviderLog): T | null {
  const path = join(dir, file);
  if (!existsSync(path)) {
    log?.warn({ file: path }, 'seed file missing; skipped');
    return null;
  }
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

async function seedCountries(db: Db, dir: string, log?: ProviderLog): Promise<number> {
  const list = readJson<CountrySeed[]>(dir, 'countries.json', log);
  if (!list) return 0;
  // File order is the display order (by pinyin within a letter), so it becomes `sort`.
  const rows = list.map((c, i) => ({
    iso: c.iso,
    nameZh: c.name_zh,
    nameZhTr: c.name_zh_tr || c.name_zh,
    nameEn: c.name_en ?? '',
    phoneCode: String(c.phone_code).replace(/^\+/, ''),
    letter: (c.letter || c.name_en || '#').charAt(0).toUpperCase(),
    sort: i,
  }));
  await inBatches(rows, (batch) =>
    db
      .insert(countries)
      .values(batch)
      .onConflictDoUpdate({
        target: countries.iso,
        set: {
          nameZh: sql`excluded.name_zh`,
          nameZhTr: sql`excluded.name_zh_tr`,
          nameEn: sql`excluded.name_en`,
          phoneCode: sql`excluded.phone_code`,
          letter: sql`excluded.letter`,
          sort: sql`excluded.sort`,
        },
      }),
  );
  return rows.length;
}

function flattenRegions(
  nodes: RegionSeed[],
  parentCode: string | null,
  out: (typeof regions.$inferInsert)[],
) {
  nodes.forEach((node, i) => {
    const code = String(node.code);
    const nameZh = node.name_zh || node.name_zh_tr || code;
    out.push({ code, parentCode, nameZh, nameZhTr: node.name_zh_tr || nameZh, sort: i });
    if (node.children?.length) flattenRegions(node.children, code, out);
  });
  return out;
}

async function seedRegions(db: Db, dir: string, log?: ProviderLog): Promise<number> {
  const tree = readJson<RegionSeed[]>(dir, 'regions.json', log);
  if (!tree) return 0;
  const rows = flattenRegions(tree, null, []);
  await inBatches(rows, (batch) =>
    db
      .insert(regions)
      .values(batch)
      .onConflictDoUpdate({
        target: regions.code,
        set: {
          parentCode: sql`excluded.parent_code`,
          nameZh: sql`excluded.name_zh`,
          nameZhTr: sql`excluded.name_zh_tr`,
          sort: sql`excluded.sort`,
        },
      }),
  );
  return rows.length;
}

async function seedHotRegions(db: Db, dir: string, log?: ProviderLog): Promise<number> {
  const file = readJson<RegionSeed[] | { hot: RegionSeed[] }>(dir, 'hot-regions.json', log);
  if (!file) return 0;
  const list = Array.isArray(file) ? file : file.hot;
  const rows = list.map((h, i) => {
    const nameZh = h.name_zh || h.name_zh_tr || String(h.code);
    return { code: String(h.code), nameZh, nameZhTr: h.name_zh_tr || nameZh, sort: i };
  });
  // The hot list is replaced as a whole: a city dropped from the file must disappear.
  await db.delete(hotRegions);
  if (rows.length) await db.insert(hotRegions).values(rows);
  return rows.length;
}

const LANG_OF_FILE: Record<string, Lang> = {
  zhhk: 'zhhk',
  zhcn: 'zhcn',
  zhtw: 'zhtw',
};

/** protocols/<type>.<lang>.html, lang as zhhk | zh-HK | zh_hk; only missing documents are written. */
async function seedProtocols(db: Db, dir: string, log?: ProviderLog): Promise<number> {
  const protocolDir = join(dir, 'protocols');
  if (!existsSync(protocolDir)) {
    log?.warn({ dir: protocolDir }, 'protocol seed folder missing; skipped');
    return 0;
  }
  let count = 0;
  for (const file of readdirSync(protocolDir).sort()) {
    const match = /^([a-z_]+)\.([A-Za-z_-]+)\.html$/.exec(file);
    const lang = match ? LANG_OF_FILE[match[2].toLowerCase().replace(/[-_]/g, '')] : undefined;
    if (!match || !lang || !isProtocolType(match[1])) {
      log?.warn({ file }, 'protocol seed file name not understood; skipped');
      continue;
    }
    const html = readFileSync(join(protocolDir, file), 'utf8');
    await saveProtocol(
      db,
      { type: match[1], lang, title: titleFromHtml(html), content: html },
      { onlyIfMissing: true },
    );
    count++;
  }
  return count;
}

/**
 * Loads the reference content (countries, regions, hot cities, protocol documents) from
 * server/db/seed-data. Safe to run on every start: reference rows are upserted, protocols already
 * present (possibly edited by an operator) are kept, missing files are skipped with a log line.
 */
export async function seedContent(
  db: Db,
  opts: { dir?: string; log?: ProviderLog } = {},
): Promise<{ countries: number; regions: number; hotRegions: number; protocols: number }> {
  const dir = opts.dir ?? SEED_DATA_DIR;
  return {
    countries: await seedCountries(db, dir, opts.log),
    regions: await seedRegions(db, dir, opts.log),
    hotRegions: await seedHotRegions(db, dir, opts.log),
    protocols: await seedProtocols(db, dir, opts.log),
  };
}
