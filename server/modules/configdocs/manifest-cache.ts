/**
 * The app-config manifest kept in memory (the app reads it on every start: no per-request database
 * work), rebuilt after a publish on this node and at most a few seconds old otherwise; building it
 * also follows rules another node published.
 */
import type { RulesDocument } from '../../../contracts/rules';
import type { Db } from '../../db';
import { type Lang, setPublishedErrorTexts } from '../../http/i18n';
import { setPublishedRules } from '../config';
import { contentHash, LOCALES } from './catalogue';
import { bodyByHash, manifestRows, publishedRules } from './manifest';

export interface Manifest {
  hash: string;
  docs: Record<string, { hash: string; seed: boolean }>;
}

export function manifestCache(db: Db) {
  let cached: { at: number; value: Manifest } | null = null;
  let rulesHash = '';
  const localeHashes = new Map<string, string>();
  /** what the server itself reads of published config: the rules, and the error texts of each language */
  async function applyRules(known?: Awaited<ReturnType<typeof manifestRows>>) {
    const rules = await publishedRules(db);
    if (rules && rules.hash !== rulesHash) {
      rulesHash = rules.hash;
      setPublishedRules(rules.body as RulesDocument);
    }
    for (const r of known ?? (await manifestRows(db))) {
      if (r.kind !== 'locale' || !(LOCALES as readonly string[]).includes(r.name)) continue;
      if (localeHashes.get(r.name) === r.hash) continue;
      localeHashes.set(r.name, r.hash);
      const body = (await bodyByHash(db, r.hash)) as { errors?: Record<string, string> } | null;
      // the repo's own texts again: the files' (the same words) serve
      setPublishedErrorTexts(r.name as Lang, r.hash === r.seedHash ? null : (body?.errors ?? null));
    }
  }
  async function current(): Promise<Manifest> {
    if (cached && Date.now() - cached.at < 3000) return cached.value;
    const rows = await manifestRows(db);
    const docs: Manifest['docs'] = {};
    for (const r of rows.sort((a, b) => `${a.kind}/${a.name}`.localeCompare(`${b.kind}/${b.name}`)))
      docs[`${r.kind}/${r.name}`] = { hash: r.hash, seed: r.hash === r.seedHash };
    cached = { at: Date.now(), value: { hash: contentHash(docs).slice(0, 16), docs } };
    // another node may have published rules: follow them within the same few seconds
    await applyRules(rows);
    return cached.value;
  }
  return {
    current,
    applyRules: () => applyRules(),
    invalidate() {
      cached = null;
    },
  };
}
export type ManifestCache = ReturnType<typeof manifestCache>;
