/**
 * Translators offline (issue 15): the texts of the three languages exported as JSON (`{key: {zhhk,
 * zhcn, zhtw}}`) or CSV (`key,zhhk,zhcn,zhtw`, RFC 4180 quoting), and imported back with a report of
 * what would change (a dry run) before the drafts are saved: one draft per language with the changed
 * keys as a patch, each checked against the others as saved together. Also: the keys whose text
 * changed since a date or a version.
 *
 * Keys in the files: a text's path in the locale tree, its segments joined by `.` (`tabs.match`). A
 * segment may hold `/` (the page titles are keyed by route path: `routes./shop/integral/index`). The
 * escape rule, the one of JSON Pointer (RFC 6901): `~` is written `~0` in every format, and `/` is
 * written `~1` in XLIFF, whose unit ids are XML name tokens that cannot hold a `/` (JSON and CSV keep
 * it as it is). An import reads `~1` and `~0` back in every format, so a key can be written either way.
 * A segment cannot hold a `.` (it would be two segments): such keys do not exist in the tree.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db';
import { configVersions } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { LOCALES } from './catalogue';
import { applyPatch } from './service';
import { findDoc, versionOf } from './store';
import { readXliff, type Target, writeXliff } from './xliff';

export type Lang = (typeof LOCALES)[number];
export type Format = 'json' | 'csv' | 'xliff';

export function leaves(tree: unknown, path: string[] = [], out = new Map<string, string>()) {
  if (typeof tree === 'string') out.set(path.join('.'), tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) leaves(v, [...path, k], out);
  return out;
}

/** each language's head text by key, and the head versions */
export async function headTexts(db: Db) {
  const texts = {} as Record<Lang, Map<string, string>>;
  const bodies = {} as Record<Lang, unknown>;
  const base = {} as Record<Lang, number>;
  for (const lang of LOCALES) {
    const doc = await findDoc(db, 'locale', lang);
    bodies[lang] = (await versionOf(db, doc.id, doc.headVersion)).body;
    texts[lang] = leaves(bodies[lang]);
    base[lang] = doc.headVersion;
  }
  return { texts, bodies, base };
}

/** a key as written in an exported file: `~` -> `~0`, and in XLIFF `/` -> `~1` (see the top of the file) */
export function escapeKey(key: string, format: Format): string {
  const k = key.replace(/~/g, '~0');
  return format === 'xliff' ? k.replace(/\//g, '~1') : k;
}

/** a key as read from an imported file, in any format: `~1` -> `/`, then `~0` -> `~` */
export const unescapeKey = (key: string): string => key.replace(/~1/g, '/').replace(/~0/g, '~');

const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((x) => x !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  row.push(cell);
  if (row.some((x) => x !== '')) rows.push(row);
  return rows;
}

/** every key's texts; XLIFF is bilingual: the Hong Kong source and one target (`lang`, zhcn by default) */
export async function exportTexts(db: Db, format: Format, lang: Target = 'zhcn') {
  const { texts, base } = await headTexts(db);
  const keys = [...new Set(LOCALES.flatMap((l) => [...texts[l].keys()]))].sort();
  const row = (k: string) =>
    Object.fromEntries(LOCALES.map((l) => [l, texts[l].get(k) ?? ''])) as Record<Lang, string>;
  if (format === 'xliff') {
    const text = await writeXliff(
      lang,
      keys.map((k) => [escapeKey(k, format), row(k).zhhk, row(k)[lang]] as [string, string, string]),
    );
    return { format, filename: `locales.zhhk-${lang}.xlf`, keys: keys.length, base, text: `${text}\n` };
  }
  const text =
    format === 'json'
      ? `${JSON.stringify(Object.fromEntries(keys.map((k) => [escapeKey(k, format), row(k)])), null, 2)}\n`
      : `${['key', ...LOCALES].join(',')}\r\n${keys
          .map((k) => [escapeKey(k, format), ...LOCALES.map((l) => row(k)[l])].map(csvCell).join(','))
          .join('\r\n')}\r\n`;
  return { format, filename: `locales.${format}`, keys: keys.length, base, text };
}

const bad = (message: string) =>
  new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/text', keyword: 'format', message });

/** the imported texts: key -> language -> text (an empty or absent cell is no change) */
export async function parseImport(
  format: Format,
  text: string,
): Promise<Map<string, Partial<Record<Lang, string>>>> {
  const out = new Map<string, Partial<Record<Lang, string>>>();
  if (format === 'xliff') {
    let file: Awaited<ReturnType<typeof readXliff>>;
    try {
      file = await readXliff(text);
    } catch (e) {
      throw bad(`invalid XLIFF: ${e instanceof Error ? e.message.split('\n')[0] : 'unreadable'}`);
    }
    // only the target is imported: the Hong Kong source is edited in the console, not by the tool
    for (const [key, unit] of file.units)
      out.set(unescapeKey(key), unit.target ? { [file.target]: unit.target } : {});
    return out;
  }
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw bad('invalid JSON');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw bad('not an object of keys');
    for (const [key, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (!v || typeof v !== 'object') throw bad(`"${key}" is not {zhhk, zhcn, zhtw}`);
      const row: Partial<Record<Lang, string>> = {};
      for (const l of LOCALES) {
        const t = (v as Record<string, unknown>)[l];
        if (typeof t === 'string' && t !== '') row[l] = t;
      }
      out.set(unescapeKey(key), row);
    }
    return out;
  }
  const [head, ...rows] = parseCsv(text);
  const cols = LOCALES.map((l) => head?.indexOf(l) ?? -1);
  if (head?.[0] !== 'key' || cols.every((c) => c < 0)) throw bad('the first row must be key,zhhk,zhcn,zhtw');
  for (const r of rows) {
    const row: Partial<Record<Lang, string>> = {};
    for (const [i, l] of LOCALES.entries()) if (cols[i] >= 0 && r[cols[i]]) row[l] = r[cols[i]];
    if (r[0]) out.set(unescapeKey(r[0]), row);
  }
  return out;
}

/** segments of letters, digits, `_`, `-`, `/` and `~` (route paths, see the escape rule above) */
const KEY = /^[A-Za-z0-9_~/-]+(\.[A-Za-z0-9_~/-]+)*$/;

export interface ImportChange {
  key: string;
  lang: Lang;
  before: string;
  after: string;
}

/** what an import would change: texts that differ from the head, new keys; unknown-shaped keys refused */
export async function importChanges(db: Db, format: Format, text: string) {
  const parsed = await parseImport(format, text);
  const { texts, bodies, base } = await headTexts(db);
  const changes: ImportChange[] = [];
  const skipped: string[] = [];
  for (const [key, row] of parsed) {
    if (!KEY.test(key) || key.length > 200) {
      skipped.push(key);
      continue;
    }
    for (const lang of LOCALES) {
      const after = row[lang];
      const before = texts[lang].get(key) ?? '';
      if (after !== undefined && after !== before) changes.push({ key, lang, before, after });
    }
  }
  return { changes, skipped, base, bodies };
}

export type SaveLocale = (
  lang: Lang,
  patch: Record<string, string>,
  base: number,
  together: ReadonlyMap<string, unknown>,
) => Promise<unknown>;

/** a dry run reports; otherwise each changed language gets one draft (checked with the others' new texts) */
export async function importTexts(
  db: Db,
  input: { format: Format; text: string; dry_run?: boolean; base?: Record<Lang, number> },
  save: SaveLocale,
) {
  const { changes, skipped, base, bodies } = await importChanges(db, input.format, input.text);
  const report = {
    dry_run: Boolean(input.dry_run),
    changes: changes.slice(0, 500),
    total: changes.length,
    skipped,
    saved: [] as string[],
    base,
  };
  if (input.dry_run || changes.length === 0) return report;
  const patches = new Map<Lang, Record<string, string>>();
  for (const c of changes) patches.set(c.lang, { ...patches.get(c.lang), [c.key]: c.after });
  const next = new Map([...patches].map(([l, p]) => [l, applyPatch(bodies[l], p)]));
  for (const [lang, patch] of patches) {
    const together = new Map(
      [...next].filter(([l]) => l !== lang).map(([l, body]) => [`locales/${l}.json`, body]),
    );
    // the base the translator's dry run saw: a draft saved since by someone else is a conflict
    await save(lang, patch, input.base?.[lang] ?? base[lang], together);
    report.saved.push(lang);
  }
  return report;
}

/**
 * The keys whose text in some language differs from what it was at `since`: a date (the newest
 * version of each language created by then; before any, the seed) or `v<N>` (each language's version
 * N, or its newest below N).
 */
export async function changedKeysSince(db: Db, since: string): Promise<Set<string>> {
  const m = /^v(\d{1,9})$/.exec(since.trim());
  const at = m ? null : new Date(since);
  if (!m && (!at || Number.isNaN(at.getTime())))
    throw new ApiError(E.BAD_REQUEST, { in: 'querystring', pointer: '/since', keyword: 'format' });
  const out = new Set<string>();
  for (const lang of LOCALES) {
    const doc = await findDoc(db, 'locale', lang);
    const [then] = await db
      .select({ body: configVersions.body })
      .from(configVersions)
      .where(
        and(
          eq(configVersions.documentId, doc.id),
          m ? lte(configVersions.version, Number(m[1])) : lte(configVersions.createdAt, at as Date),
        ),
      )
      .orderBy(desc(configVersions.version))
      .limit(1);
    const before = leaves(then?.body ?? (await versionOf(db, doc.id, 1)).body);
    const now = leaves((await versionOf(db, doc.id, doc.headVersion)).body);
    for (const [k, t] of now) if (before.get(k) !== t) out.add(k);
    for (const k of before.keys()) if (!now.has(k)) out.add(k);
  }
  return out;
}
