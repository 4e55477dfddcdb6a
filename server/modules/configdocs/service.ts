/**
 * Config documents: listing, reading, diffs, validation and drafts with optimistic locking. Seeding
 * (seed.ts), publishing and rollback (publish.ts) and the app's manifest (manifest.ts) are beside it.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { configDocuments, configVersions, users } from '../../db/schema';
import { ApiError, E } from '../../http/errors';
import { contentHash, docPath, type Kind } from './catalogue';
import { diffJson } from './diff';
import { DEFAULT_PREVIEW_PATH, publishedRoute } from './preview-path';
import { type Doc, docStatus, findDoc, lockDoc, versionOf } from './store';
import { checkDraft, type Problem, problemKey } from './validate';

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
  const route = await publishedRoute(db, kind, name);
  return {
    preview_path: route || DEFAULT_PREVIEW_PATH,
    route_path: route,
    kind: doc.kind,
    name: doc.name,
    key: `${doc.kind}/${doc.name}`,
    file: docPath(kind, name) as string,
    status: docStatus(doc),
    head_version: doc.headVersion,
    published_version: doc.publishedVersion,
    upstream_version: doc.upstreamVersion,
    /** an operator's own screen (no repo file seeds it): the console offers to delete it */
    deletable: doc.kind === 'screen' && doc.seedHash === '',
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
export function applyPatch(tree: unknown, patch: Record<string, string | null>): unknown {
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
        problems: [
          {
            file: '',
            pointer: '/patch',
            message: 'a patch of keys is for locale documents',
            ...problemKey('patchKind'),
          },
        ],
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
            ...problemKey('json', { detail: (e as Error).message }),
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
  together: ReadonlyMap<string, unknown> = new Map(),
) {
  const doc = await findDoc(db, kind, name);
  if (doc.headVersion !== input.base_version) throw conflict(doc);
  const body = await draftBody(db, doc, input);
  // the other documents saved in the same step (a key's three languages) are checked as they will be
  const overlay = await publishedOverlay(db);
  for (const [file, other] of together) overlay.set(file, other);
  const problems: Problem[] = checkDraft(docPath(kind, name) as string, body, overlay, routeUrls);
  if (problems.length) throw new ApiError(E.CONFIG_INVALID, { problems: problems.slice(0, 50) });
  const hash = contentHash(body);
  // a save that changes nothing would only lengthen the history
  if ((await versionOf(db, doc.id, doc.headVersion)).hash === hash)
    throw new ApiError(E.CONFIG_INVALID, {
      problems: [
        {
          file: docPath(kind, name),
          pointer: '',
          message: `no change from v${doc.headVersion}`,
          ...problemKey('noChange', { v: doc.headVersion }),
        },
      ],
    });
  return db.transaction(async (tx) => {
    const locked = await lockDoc(tx as unknown as Db, doc.id);
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
