/** Reading config documents and versions: shared by the services of this module. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions, opsAudit } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { docPath, type Kind } from './catalogue';

export type Doc = typeof configDocuments.$inferSelect;

/** the document, or 100404 (also for a kind/name no file can have) */
export async function findDoc(db: Db, kind: Kind, name: string): Promise<Doc> {
  if (!docPath(kind, name)) throw new ApiError(E.NOT_FOUND);
  const [doc] = await db
    .select()
    .from(configDocuments)
    .where(and(eq(configDocuments.kind, kind), eq(configDocuments.name, name)));
  if (!doc) throw new ApiError(E.NOT_FOUND);
  return doc;
}

export async function versionOf(db: Db, documentId: number, version: number) {
  const [v] = await db
    .select()
    .from(configVersions)
    .where(and(eq(configVersions.documentId, documentId), eq(configVersions.version, version)));
  if (!v) throw new ApiError(E.NOT_FOUND);
  return v;
}

export const docStatus = (d: Doc) => (d.headVersion > d.publishedVersion ? 'draft' : 'published');

/** the document's row, locked for the rest of the transaction (drafts, publishing and rollback queue) */
export async function lockDoc(tx: Db, id: number): Promise<Doc> {
  const [locked] = await tx.select().from(configDocuments).where(eq(configDocuments.id, id)).for('update');
  return locked;
}

/** one audit row per publish or rollback, read by the console's audit page */
export async function auditConfig(
  tx: Db,
  by: number,
  action: string,
  kind: Kind,
  name: string,
  reason: string,
) {
  await tx.insert(opsAudit).values({
    operatorId: by,
    action,
    targetType: 'config',
    targetId: `${kind}/${name}`.slice(0, 40),
    reason,
  });
}
