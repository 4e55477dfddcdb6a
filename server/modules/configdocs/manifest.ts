/** What the app reads: the manifest of published hashes, bodies by hash, the published rules. */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions } from '../../db/schema';

/**
 * The app's manifest: every document an operator has ever changed, with its published hash and whether
 * that is the repo's seed (the build embeds the seed, so a fresh app need not fetch it).
 */
export async function manifestRows(db: Db) {
  const touched = db
    .selectDistinct({ id: configVersions.documentId })
    .from(configVersions)
    .where(ne(configVersions.source, 'seed'));
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
