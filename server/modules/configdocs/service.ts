/**
 * Config documents: seeding from the repo, drafts with optimistic locking, publishing, rollback, the
 * app's manifest of published hashes. The only writer of config_documents / config_versions.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions, opsAudit, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { contentHash, docPath, type Kind, type SeedFile, seedFiles } from './catalogue';
import { diffJson } from './diff';
import { checkDraft, type Problem } from './validate';

type Doc = typeof configDocuments.$inferSelect;

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

/** the document, or 100404 (also for a kind/name no file can have) */
async function findDoc(db: Db, kind: Kind, name: string): Promise<Doc> {
  if (!docPath(kind, name)) throw new ApiError(E.NOT_FOUND);
  const [doc] = await db
    .select()
    .from(configDocuments)
    .where(and(eq(configDocuments.kind, kind), eq(configDocuments.name, name)));
  if (!doc) throw new ApiError(E.NOT_FOUND);
  return doc;
}

async function versionOf(db: Db, documentId: number, version: number) {
  const [v] = await db
    .select()
    .from(configVersions)
    .where(and(eq(configVersions.documentId, documentId), eq(configVersions.version, version)));
  if (!v) throw new ApiError(E.NOT_FOUND);
  return v;
}

const docStatus = (d: Doc) => (d.headVersion > d.publishedVersion ? 'draft' : 'published');

export async function listDocs(db: Db, f: { kind?: Kind; q?: string; page: number; size: number }) {
  const where = and(
    f.kind ? eq(configDocuments.kind, f.kind) : undefined,
    f.q ? sql`${configDocuments.name} like ${`%${f.q.replace(/[%_\\]/g, '')}%`}` : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ d: configDocuments, authorId: configVersions.authorId, nickname: users.nickname })
      .from(configDocuments)
      .leftJoin(
        configVersions,
        and(
          eq(configVersions.documentId, configDocuments.id),
          eq(configVersions.version, configDocuments.headVersion),
        ),
      )
      .leftJoin(users, eq(users.id, configVersions.authorId))
      .where(where)
      .orderBy(desc(configDocuments.updatedAt), asc(configDocuments.kind), asc(configDocuments.name))
      .limit(f.size)
      .offset((f.page - 1) * f.size),
    db.select({ n: sql<number>`count(*)` }).from(configDocuments).where(where),
  ]);
  return {
    list: rows.map(({ d, nickname }) => ({
      kind: d.kind,
      name: d.name,
      key: `${d.kind}/${d.name}`,
      status: docStatus(d),
      head_version: d.headVersion,
      published_version: d.publishedVersion,
      upstream: d.upstreamVersion !== null,
      updated_by: nickname ?? '',
      updated_at: d.updatedAt.toISOString(),
      updated_ms: d.updatedAt.getTime(),
    })),
    total: Number(total[0]?.n ?? 0),
    page: f.page,
    size: f.size,
  };
}

const pretty = (body: unknown) => JSON.stringify(body, null, 2);

export async function getDoc(db: Db, kind: Kind, name: string) {
  const doc = await findDoc(db, kind, name);
  const versions = await db
    .select({ v: configVersions, nickname: users.nickname })
    .from(configVersions)
    .leftJoin(users, eq(users.id, configVersions.authorId))
    .where(eq(configVersions.documentId, doc.id))
    .orderBy(desc(configVersions.version));
  const head = versions.find((x) => x.v.version === doc.headVersion)?.v;
  const published = versions.find((x) => x.v.version === doc.publishedVersion)?.v;
  return {
    kind: doc.kind,
    name: doc.name,
    key: `${doc.kind}/${doc.name}`,
    file: docPath(kind, name) as string,
    status: docStatus(doc),
    head_version: doc.headVersion,
    published_version: doc.publishedVersion,
    upstream_version: doc.upstreamVersion,
    published_hash: published?.hash ?? '',
    published: published?.body ?? {},
    head: head?.body ?? {},
    head_text: pretty(head?.body ?? {}),
    versions: versions.map(({ v, nickname }) => ({
      version: v.version,
      status: v.version === doc.publishedVersion ? 'live' : v.status,
      source: v.source,
      author_id: v.authorId,
      author_nickname: nickname ?? '',
      note: v.note ?? '',
      hash: v.hash,
      created_at: v.createdAt.toISOString(),
      created_ms: v.createdAt.getTime(),
    })),
  };
}

export async function getVersion(db: Db, kind: Kind, name: string, version: number) {
  const doc = await findDoc(db, kind, name);
  const v = await versionOf(db, doc.id, version);
  return {
    version: v.version,
    status: v.status,
    source: v.source,
    hash: v.hash,
    note: v.note ?? '',
    content: v.body,
    text: pretty(v.body),
  };
}

export async function diffVersions(db: Db, kind: Kind, name: string, from: number, to: number) {
  const doc = await findDoc(db, kind, name);
  const [a, b] = await Promise.all([versionOf(db, doc.id, from), versionOf(db, doc.id, to)]);
  const changes = diffJson(a.body, b.body);
  return { from, to, changes, total: changes.length };
}

/** published documents that differ from their repo file, by file: what the app and the checks read */
export async function publishedOverlay(db: Db): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ kind: configDocuments.kind, name: configDocuments.name, body: configVersions.body })
    .from(configDocuments)
    .innerJoin(
      configVersions,
      and(
        eq(configVersions.documentId, configDocuments.id),
        eq(configVersions.version, configDocuments.publishedVersion),
      ),
    )
    .where(ne(configVersions.hash, configDocuments.seedHash));
  return new Map(rows.map((r) => [docPath(r.kind as Kind, r.name) as string, r.body]));
}

/** flat `a.b.c` keys set (null: removed) on a locale tree */
function applyPatch(tree: unknown, patch: Record<string, string | null>): unknown {
  const root = structuredClone(tree) as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    const parts = key.split('.');
    let node = root;
    for (const p of parts.slice(0, -1)) {
      if (typeof node[p] !== 'object' || node[p] === null) node[p] = {};
      node = node[p] as Record<string, unknown>;
    }
    const last = parts.at(-1) as string;
    if (value === null) delete node[last];
    else node[last] = value;
  }
  return root;
}

export interface DraftInput {
  content?: unknown;
  patch?: Record<string, string | null>;
  base_version: number;
}

/** the draft's body: content (an object, or JSON text from the console's editor) or a locale patch */
async function draftBody(db: Db, doc: Doc, input: DraftInput): Promise<unknown> {
  if (input.patch) {
    if (doc.kind !== 'locale')
      throw new ApiError(E.CONFIG_INVALID, {
        problems: [{ file: '', pointer: '/patch', message: 'a patch of keys is for locale documents' }],
      });
    return applyPatch((await versionOf(db, doc.id, doc.headVersion)).body, input.patch);
  }
  if (typeof input.content === 'string') {
    try {
      return JSON.parse(input.content);
    } catch (e) {
      throw new ApiError(E.CONFIG_INVALID, {
        problems: [
          {
            file: docPath(doc.kind as Kind, doc.name),
            pointer: '',
            message: `invalid JSON: ${(e as Error).message}`,
          },
        ],
      });
    }
  }
  if (input.content === undefined)
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/content', keyword: 'required' });
  return input.content;
}

export async function validateDraft(
  db: Db,
  kind: Kind,
  name: string,
  input: DraftInput,
  routeUrls: readonly string[],
) {
  const doc = await findDoc(db, kind, name);
  const body = await draftBody(db, doc, input);
  const problems = checkDraft(docPath(kind, name) as string, body, await publishedOverlay(db), routeUrls);
  return { valid: problems.length === 0, problems };
}

const conflict = (doc: Doc) => new ApiError(E.CONFIG_CONFLICT, { head_version: doc.headVersion });

/** Save a draft on top of `base_version` (the newest version the editor saw), if it passes the checks. */
export async function saveDraft(
  db: Db,
  kind: Kind,
  name: string,
  input: DraftInput,
  authorId: number,
  routeUrls: readonly string[],
) {
  const doc = await findDoc(db, kind, name);
  if (doc.headVersion !== input.base_version) throw conflict(doc);
  const body = await draftBody(db, doc, input);
  const problems: Problem[] = checkDraft(
    docPath(kind, name) as string,
    body,
    await publishedOverlay(db),
    routeUrls,
  );
  if (problems.length) throw new ApiError(E.CONFIG_INVALID, { problems: problems.slice(0, 50) });
  const hash = contentHash(body);
  // a save that changes nothing would only lengthen the history
  if ((await versionOf(db, doc.id, doc.headVersion)).hash === hash)
    throw new ApiError(E.CONFIG_INVALID, {
      problems: [{ file: docPath(kind, name), pointer: '', message: `no change from v${doc.headVersion}` }],
    });
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(configDocuments)
      .where(eq(configDocuments.id, doc.id))
      .for('update');
    if (locked.headVersion !== input.base_version) throw conflict(locked);
    const version = locked.headVersion + 1;
    await tx
      .insert(configVersions)
      .values({ documentId: doc.id, version, body, hash, authorId, status: 'draft', source: 'operator' });
    await tx
      .update(configDocuments)
      .set({ headVersion: version, updatedAt: new Date() })
      .where(eq(configDocuments.id, doc.id));
    return { version, hash, head_version: version, published_version: locked.publishedVersion };
  });
}

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
    const [locked] = await tx
      .select()
      .from(configDocuments)
      .where(eq(configDocuments.id, doc.id))
      .for('update');
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
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'config.publish',
      targetType: 'config',
      targetId: `${kind}/${name}`.slice(0, 40),
      reason: `v${v.version}: ${note}`,
    });
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
    const [locked] = await tx
      .select()
      .from(configDocuments)
      .where(eq(configDocuments.id, doc.id))
      .for('update');
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
    await tx.insert(opsAudit).values({
      operatorId: by,
      action: 'config.rollback',
      targetType: 'config',
      targetId: `${kind}/${name}`.slice(0, 40),
      reason: `v${version} → v${next}: ${note}`,
    });
    return { kind, name, version: next, hash: old.hash, body: old.body };
  });
}

/** Keep the operator's version: the flagged upstream seed stays in the history, unflagged. */
export async function keepOwn(db: Db, kind: Kind, name: string) {
  const doc = await findDoc(db, kind, name);
  await db.update(configDocuments).set({ upstreamVersion: null }).where(eq(configDocuments.id, doc.id));
  return getDoc(db, kind, name);
}

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
