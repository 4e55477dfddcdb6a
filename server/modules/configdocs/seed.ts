/** Seeding the config documents from the repo's files, at every start. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions } from '../../db/schema';
import { type SeedFile, seedFiles } from './catalogue';

/**
 * Seed the documents from the repo's files (every start). A new file: version 1, published. A changed
 * file: an untouched document follows it (a new seed version, published); a document an operator has
 * changed keeps its published version and gets the new seed as an `upstream` draft, flagged.
 */
export async function seedConfigDocs(db: Db, files: SeedFile[] = seedFiles()): Promise<void> {
  const docs = await db.select().from(configDocuments);
  const byKey = new Map(docs.map((d) => [`${d.kind}/${d.name}`, d]));
  const fresh = files.filter((f) => !byKey.has(`${f.kind}/${f.name}`));
  for (let i = 0; i < fresh.length; i += 50) {
    const part = fresh.slice(i, i + 50);
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(configDocuments)
        .values(
          part.map((f) => ({
            kind: f.kind,
            name: f.name,
            headVersion: 1,
            publishedVersion: 1,
            seedHash: f.hash,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: configDocuments.id, kind: configDocuments.kind, name: configDocuments.name });
      const file = new Map(part.map((f) => [`${f.kind}/${f.name}`, f]));
      if (rows.length)
        await tx.insert(configVersions).values(
          rows.map((r) => {
            const f = file.get(`${r.kind}/${r.name}`) as SeedFile;
            return {
              documentId: r.id,
              version: 1,
              body: f.body,
              hash: f.hash,
              status: 'published',
              source: 'seed',
            };
          }),
        );
    });
  }
  for (const f of files) {
    const d = byKey.get(`${f.kind}/${f.name}`);
    if (!d || d.seedHash === f.hash) continue;
    await db.transaction(async (tx) => {
      const [doc] = await tx.select().from(configDocuments).where(eq(configDocuments.id, d.id)).for('update');
      if (doc.seedHash === f.hash) return;
      const [changed] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(configVersions)
        .where(
          and(
            eq(configVersions.documentId, doc.id),
            inArray(configVersions.source, ['operator', 'rollback']),
          ),
        );
      const touched = Number(changed?.n ?? 0) > 0;
      const version = doc.headVersion + 1;
      await tx.insert(configVersions).values({
        documentId: doc.id,
        version,
        body: f.body,
        hash: f.hash,
        status: touched ? 'draft' : 'published',
        source: touched ? 'upstream' : 'seed',
      });
      await tx
        .update(configDocuments)
        .set(
          touched
            ? { headVersion: version, seedHash: f.hash, upstreamVersion: version, updatedAt: new Date() }
            : { headVersion: version, publishedVersion: version, seedHash: f.hash, updatedAt: new Date() },
        )
        .where(eq(configDocuments.id, doc.id));
    });
  }
}
