/** What the app reads: the manifest of published hashes, bodies by hash, the published rules. */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions } from '../../db/schema';

/**
 * The app's manifest: every document an operator has ever published a version of, with its published hash
 * and whether that is the repo's seed (the build embeds the seed, so a fresh app need not fetch it). A draft
 * alone leaves the manifest as it was: the app reads nothing of a draft (before, the first draft of a
 * document added it here once the cache expired, so a draft changed the manifest's hash when saving took
 * longer than the cache's few seconds).
 */
export async function manifestRows(db: Db) {
  const touched = db
    .selectDistinct({ id: configVersions.documentId })
    .from(configVersions)
    .where(and(ne(configVersions.source, 'seed'), eq(configVersions.status, 'published')));
  return db
    .select({
      kind: configDocuments.kind,
      name: configDocuments.name,
      hash: configVersions.hash,
      seedHash: configDocuments.seedHash,
    })
    .from(configDocuments)
    .innerJoin(
      configVersions,
      and(
        eq(configVersions.documentId, configDocuments.id),
        eq(configVersions.version, configDocuments.publishedVersion),
      ),
    )
    .where(inArray(configDocuments.id, touched));
}

/** a published body by its hash (any document, any published version), or null */
export async function bodyByHash(db: Db, hash: string): Promise<unknown> {
  const [row] = await db
    .select({ body: configVersions.body })
    .from(configVersions)
    .where(and(eq(configVersions.hash, hash), eq(configVersions.status, 'published')))
    .limit(1);
  return row ? row.body : null;
}

/** the published rules body (null: none seeded) */
export async function publishedRules(db: Db): Promise<{ hash: string; body: unknown } | null> {
  const [row] = await db
    .select({ hash: configVersions.hash, body: configVersions.body })
    .from(configDocuments)
    .innerJoin(
      configVersions,
      and(
        eq(configVersions.documentId, configDocuments.id),
        eq(configVersions.version, configDocuments.publishedVersion),
      ),
    )
    .where(and(eq(configDocuments.kind, 'rules'), eq(configDocuments.name, 'rules')));
  return row ?? null;
}
