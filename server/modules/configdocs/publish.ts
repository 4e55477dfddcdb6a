/** Publishing a config document's newest version, rolling back to an earlier one, keeping one's own. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import type { Kind } from './catalogue';
import { getDoc } from './service';
import { auditConfig, findDoc, lockDoc, versionOf } from './store';

export interface Published {
  kind: Kind;
  name: string;
  version: number;
  hash: string;
  body: unknown;
}

/** Publish the newest version (a draft, or an upstream seed), with the operator's note; audited. */
export async function publishHead(
  db: Db,
  kind: Kind,
  name: string,
  note: string,
  by: number,
): Promise<Published> {
  const doc = await findDoc(db, kind, name);
  return db.transaction(async (tx) => {
    const locked = await lockDoc(tx as unknown as Db, doc.id);
    if (locked.headVersion === locked.publishedVersion) throw new ApiError(E.CONFIG_NOTHING_TO_PUBLISH);
    const v = await versionOf(tx as unknown as Db, doc.id, locked.headVersion);
    await tx
      .update(configVersions)
      .set({ status: 'published', note: v.note ?? note })
      .where(eq(configVersions.id, v.id));
    await tx
      .update(configDocuments)
      .set({ publishedVersion: v.version, upstreamVersion: null, updatedAt: new Date() })
      .where(eq(configDocuments.id, doc.id));
    await auditConfig(tx as unknown as Db, by, 'config.publish', kind, name, `v${v.version}: ${note}`);
    return { kind, name, version: v.version, hash: v.hash, body: v.body };
  });
}

/** Publish a copy of an earlier version as the newest one, in one step; audited. */
export async function rollbackTo(
  db: Db,
  kind: Kind,
  name: string,
  version: number,
  note: string,
  by: number,
): Promise<Published> {
  const doc = await findDoc(db, kind, name);
  return db.transaction(async (tx) => {
    const locked = await lockDoc(tx as unknown as Db, doc.id);
    if (version >= locked.headVersion && version !== locked.publishedVersion) throw new ApiError(E.NOT_FOUND);
    const old = await versionOf(tx as unknown as Db, doc.id, version);
    const next = locked.headVersion + 1;
    await tx.insert(configVersions).values({
      documentId: doc.id,
      version: next,
      body: old.body,
      hash: old.hash,
      authorId: by,
      note,
      status: 'published',
      source: 'rollback',
    });
    await tx
      .update(configDocuments)
      .set({ headVersion: next, publishedVersion: next, updatedAt: new Date() })
      .where(eq(configDocuments.id, doc.id));
    await auditConfig(
      tx as unknown as Db,
      by,
      'config.rollback',
      kind,
      name,
      `v${version} → v${next}: ${note}`,
    );
    return { kind, name, version: next, hash: old.hash, body: old.body };
  });
}

/** Keep the operator's version: the flagged upstream seed stays in the history, unflagged. */
export async function keepOwn(db: Db, kind: Kind, name: string) {
  const doc = await findDoc(db, kind, name);
  await db.update(configDocuments).set({ upstreamVersion: null }).where(eq(configDocuments.id, doc.id));
  return getDoc(db, kind, name);
}
