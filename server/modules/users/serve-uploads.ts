/**
 * GET /uploads/<key>: who may fetch an uploaded file, and how it may be cached.
 *
 * - Public images (the file is its owner's avatar or cover, or in a post of theirs that is not hidden): to anyone, cached for a year (names are
 *   random and never reused).
 * - Everything else is private. A signed URL (storage/signed-urls.ts) made for the owner or an operator
 *   opens it for ten minutes, answered `private, no-store`.
 * - Without a signature a private file is refused as unknown (404), except a fresh upload that no
 *   document references yet: the uploader's form shows it as a preview from the URL the upload answered,
 *   for PREVIEW_WINDOW_MINUTES, `private, no-store`. Once a real-name or expert application references
 *   it, only signed URLs open it.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { activities, attachments, expertApplications, realNameVerifications, users } from '../../db/schema';
import { UPLOAD_URL_PREFIX } from '../../storage/local-storage';
import type { ObjectStorage } from '../../storage/object-storage';
import type { SignedQuery, UploadUrlSigner } from '../../storage/signed-urls';
import { uploadFileResponse } from './responses';

export const PREVIEW_WINDOW_MINUTES = 30;
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

interface Access {
  owner: number;
  fresh: boolean;
  publicRef: boolean;
  documentRef: boolean;
}

/** One query: the file's owner and what refers to it (the owner's rows only: uploads are never shared). */
async function accessOf(db: Db, key: string): Promise<Access | null> {
  const a = attachments;
  const [row] = await rows(
    db,
    sql`
    select ${a.userId} as owner,
      ${a.createdAt} > now() - make_interval(mins => ${PREVIEW_WINDOW_MINUTES}) as fresh,
      (exists (select 1 from ${users} u where u.id = ${a.userId}
        and (u.avatar = ${a.url} or u.cover_url = ${a.url}))
       or exists (select 1 from ${activities} v where v.user_id = ${a.userId} and not v.hidden
        and v.images @> jsonb_build_array(${a.url}))) as public_ref,
      exists (select 1 from ${realNameVerifications} r where r.user_id = ${a.userId}
        and (r.front_url = ${a.url} or r.back_url = ${a.url}))
      or exists (select 1 from ${expertApplications} e where e.user_id = ${a.userId}
        and (e.id_front_url = ${a.url} or e.id_back_url = ${a.url}
          or e.platforms @> jsonb_build_array(jsonb_build_object('screenshot', ${a.url})))) as document_ref
    from ${a} where ${a.storageKey} = ${key}`,
  );
  if (!row) return null;
  return {
    owner: Number(row.owner),
    fresh: row.fresh === true,
    publicRef: row.public_ref === true,
    documentRef: row.document_ref === true,
  };
}

async function isOperator(db: Db, userId: number): Promise<boolean> {
  const [row] = await rows(db, sql`select role from ${users} where id = ${userId}`);
  return row?.role === 'operator';
}

/** What the request may get: a cache policy to serve with, or null (answered as unknown). */
async function decide(
  db: Db,
  signer: UploadUrlSigner,
  key: string,
  query: SignedQuery,
): Promise<string | null> {
  const access = await accessOf(db, key);
  if (!access) return null;
  if (query.sig !== undefined) {
    const viewer = signer.verify(key, query);
    if (viewer === null) return null;
    if (viewer !== access.owner && !(await isOperator(db, viewer))) return null;
    return PRIVATE_CACHE;
  }
  if (access.documentRef) return null;
  if (access.publicRef) return PUBLIC_CACHE;
  return access.fresh ? PRIVATE_CACHE : null;
}

export function registerUploadServing(
  app: FastifyInstance,
  db: Db,
  storage: ObjectStorage,
  signer: UploadUrlSigner,
): void {
  app.get<{ Params: { '*': string }; Querystring: SignedQuery }>(
    `${UPLOAD_URL_PREFIX}*`,
    { schema: { response: uploadFileResponse } },
    async (request, reply) => {
      const key = request.params['*'];
      // a key no attachment has (path tricks included) is unknown before the disk is touched
      const cache = await decide(db, signer, key, request.query ?? {});
      const file = cache ? await storage.open(key) : null;
      if (!cache || !file) return reply.header('cache-control', 'no-store').callNotFound();
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', cache)
        .send(file.stream);
    },
  );
}
