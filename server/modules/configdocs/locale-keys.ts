/**
 * The translators' table (issue 15): every text key with its newest text (the head version, draft or
 * published) in zhhk, zhcn and zhtw side by side, searchable by key or text, filtered to the keys some
 * language lacks. Saving goes through the locale documents' drafts (PUT .../locale/{lang}/draft with a
 * patch of keys), so the same checks apply (placeholders, keys in use).
 */
import type { Db } from '../../db';
import { LOCALES } from './catalogue';
import { changedKeysSince } from './locale-transfer';
import { applyPatch } from './service';
import { findDoc, versionOf } from './store';

type Lang = (typeof LOCALES)[number];

function leaves(tree: unknown, path: string[] = [], out = new Map<string, string>()) {
  if (typeof tree === 'string') out.set(path.join('.'), tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) leaves(v, [...path, k], out);
  return out;
}

export interface LocaleKeyQuery {
  q?: string;
  filter?: 'all' | 'missing';
  /** only keys changed since a date or `v<N>` (locale-transfer.ts) */
  since?: string;
  page: number;
  size: number;
}

export async function listLocaleKeys(db: Db, f: LocaleKeyQuery) {
  const texts = {} as Record<Lang, Map<string, string>>;
  const base = {} as Record<Lang, number>;
  for (const lang of LOCALES) {
    const doc = await findDoc(db, 'locale', lang);
    texts[lang] = leaves((await versionOf(db, doc.id, doc.headVersion)).body);
    base[lang] = doc.headVersion;
  }
  const changed = f.since?.trim() ? await changedKeysSince(db, f.since) : null;
  const keys = [...new Set(LOCALES.flatMap((l) => [...texts[l].keys()]))]
    .filter((k) => !changed || changed.has(k))
    .sort();
  const q = f.q?.trim().toLowerCase() ?? '';
  const rows = keys
    .map((key) => {
      const row = { key, zhhk: '', zhcn: '', zhtw: '', missing: [] as string[], base };
      for (const lang of LOCALES) {
        const t = texts[lang].get(key);
        if (t === undefined) row.missing.push(lang);
        row[lang] = t ?? '';
      }
      return row;
    })
    .filter((r) => f.filter !== 'missing' || r.missing.length > 0)
    .filter(
      (r) => !q || r.key.toLowerCase().includes(q) || LOCALES.some((l) => r[l].toLowerCase().includes(q)),
    );
  const start = (f.page - 1) * f.size;
  return { list: rows.slice(start, start + f.size), total: rows.length, page: f.page, size: f.size };
}

export interface LocaleTexts {
  key: string;
  zhhk: string;
  zhcn: string;
  zhtw: string;
  base: Record<Lang, number>;
}

/**
 * Save one key's texts: a draft (a patch of that key) for each language whose text changed, in the
 * order zhhk, zhcn, zhtw; the first refusal (a conflict, a problem) stops the rest. Each language is
 * checked against the others' texts as saved together (`together`, by file), not their published ones:
 * renaming a placeholder in all three at once is one consistent change.
 */
export async function saveLocaleTexts(
  db: Db,
  input: LocaleTexts,
  save: (
    lang: Lang,
    patch: Record<string, string>,
    base: number,
    together: ReadonlyMap<string, unknown>,
  ) => Promise<unknown>,
) {
  const changed = new Map<Lang, unknown>();
  for (const lang of LOCALES) {
    const doc = await findDoc(db, 'locale', lang);
    const head = (await versionOf(db, doc.id, doc.headVersion)).body;
    if (leaves(head).get(input.key) === input[lang]) continue;
    changed.set(lang, applyPatch(head, { [input.key]: input[lang] }));
  }
  const saved: string[] = [];
  for (const lang of changed.keys()) {
    const together = new Map(
      [...changed].filter(([l]) => l !== lang).map(([l, body]) => [`locales/${l}.json`, body]),
    );
    await save(lang, { [input.key]: input[lang] }, input.base[lang], together);
    saved.push(lang);
  }
  return { key: input.key, saved };
}
