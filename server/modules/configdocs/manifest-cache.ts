/**
 * The app-config manifest kept in memory (the app reads it on every start: no per-request database
 * work), rebuilt after a publish on this node and at most a few seconds old otherwise; building it
 * also follows rules another node published.
 */
import type { RulesDocument } from '../../../contracts/rules';
import type { Db } from '../../db';
import { setPublishedRules } from '../config';
import { contentHash } from './catalogue';
import { manifestRows, publishedRules } from './manifest';

export interface Manifest {
  hash: string;
  docs: Record<string, { hash: string; seed: boolean }>;
}

export function manifestCache(db: Db) {
  let cached: { at: number; value: Manifest } | null = null;
  let rulesHash = '';
  async function applyRules() {
    const rules = await publishedRules(db);
    if (rules && rules.hash !== rulesHash) {
      rulesHash = rules.hash;
      setPublishedRules(rules.body as RulesDocument);
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
    await applyRules();
    return cached.value;
  }
  return {
    current,
    applyRules,
    invalidate() {
      cached = null;
    },
  };
}
export type ManifestCache = ReturnType<typeof manifestCache>;
