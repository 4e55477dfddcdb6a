import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { countries, hotRegions, regions } from '../../db/schema/content';
import type { Lang } from '../../http/i18n';

export interface CountryEntry {
  iso: string;
  name_zh: string;
  name_zh_tr: string;
  name_en: string;
  phone_code: string;
}

/** Country list grouped by initial letter, letters ascending, each group in seed order. */
export async function countryGroups(db: Db): Promise<{ letter: string; list: CountryEntry[] }[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.letter), asc(countries.sort));
  const groups = new Map<string, CountryEntry[]>();
  for (const r of rows) {
    const list = groups.get(r.letter) ?? [];
    list.push({
      iso: r.iso,
      name_zh: r.nameZh,
      name_zh_tr: r.nameZhTr,
      name_en: r.nameEn,
      phone_code: r.phoneCode,
    });
    groups.set(r.letter, list);
  }
  return [...groups].map(([letter, list]) => ({ letter, list }));
}

export async function phoneCodeOf(db: Db, iso: string): Promise<string | null> {
  const [row] = await db
    .select({ phoneCode: countries.phoneCode })
    .from(countries)
    .where(eq(countries.iso, iso));
  return row?.phoneCode ?? null;
}

/** Simplified names for zhcn, traditional (Hong Kong / Taiwan wording as seeded) otherwise. */
function localName(row: { nameZh: string; nameZhTr: string }, lang: Lang): string {
  return lang === 'zhcn' ? row.nameZh : row.nameZhTr;
}

export async function hotRegionList(db: Db, lang: Lang): Promise<{ code: string; name: string }[]> {
  const rows = await db.select().from(hotRegions).orderBy(asc(hotRegions.sort));
  return rows.map((r) => ({ code: r.code, name: localName(r, lang) }));
}

/** Children of `parent` (top level when absent); null when the parent code is unknown. */
export async function regionChildren(
  db: Db,
  parent: string | undefined,
  lang: Lang,
): Promise<{ code: string; name: string; has_children: boolean }[] | null> {
  if (parent !== undefined) {
    const [exists] = await db.select({ code: regions.code }).from(regions).where(eq(regions.code, parent));
    if (!exists) return null;
  }
  const rows = await db
    .select()
    .from(regions)
    .where(parent === undefined ? isNull(regions.parentCode) : eq(regions.parentCode, parent))
    .orderBy(asc(regions.sort), asc(regions.code));
  if (!rows.length) return [];
  const withChildren = await db
    .selectDistinct({ parent: regions.parentCode })
    .from(regions)
    .where(
      inArray(
        regions.parentCode,
        rows.map((r) => r.code),
      ),
    );
  const parents = new Set(withChildren.map((r) => r.parent));
  return rows.map((r) => ({ code: r.code, name: localName(r, lang), has_children: parents.has(r.code) }));
}
