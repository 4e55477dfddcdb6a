import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { attachments } from '../../db/schema/content';
import { ApiError, E } from '../../http/errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { isJpeg } from './jpeg';

export const MAX_FILES_PER_UPLOAD = 9;
export const UPLOAD_FIELD = 'files';

export interface ReceivedFile {
  name: string;
  data: Buffer;
}

export interface StoredFile {
  url: string;
  name: string;
  size: number;
}

/** The client's file name, reduced to something safe to store and show (it is echoed back). */
function displayName(raw: string | undefined): string {
  const name = basename((raw ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}<>"]/gu, '')
    .trim();
  return [...(name || 'image.jpg')].slice(0, 100).join('');
}

/**
 * Reads every part of the multipart body into memory (at most 9 × the size limit) and checks it
 * before anything is stored, so a rejected request leaves no files behind. The content, not the
 * name or declared type, decides whether a file is a JPEG.
 */
export async function receiveJpegs(request: FastifyRequest): Promise<ReceivedFile[]> {
  if (!request.isMultipart())
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/', keyword: 'multipart' });
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) {
        throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/${part.fieldname}`, keyword: 'field' });
      }
      files.push({ name: displayName(part.filename), data: await part.toBuffer() });
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // Everything else thrown while parsing is a body the client malformed (busboy: "Unexpected end
    // of form", bad boundaries, ...), not a server fault.
    const code = (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? E.TOO_LARGE : E.BAD_REQUEST;
    request.log.info(
      { err: { code: (err as { code?: string }).code, message: (err as Error).message } },
      'bad upload',
    );
    throw new ApiError(code, { in: 'body', pointer: `/${UPLOAD_FIELD}`, keyword: 'multipart' });
  }
  if (files.length === 0) {
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/${UPLOAD_FIELD}`, keyword: 'minItems' });
  }
  const notJpeg = files.findIndex((f) => !isJpeg(f.data));
  if (notJpeg >= 0) {
    throw new ApiError(E.UNSUPPORTED_MEDIA, {
      in: 'body',
      pointer: `/${UPLOAD_FIELD}/${notJpeg}`,
      keyword: 'jpeg',
    });
  }
  return files;
}

/** Stores the files and records them as the user's attachments (what profile images may point at). */
export async function storeAttachments(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  files: ReceivedFile[],
): Promise<StoredFile[]> {
  const stored: { key: string; url: string; name: string; size: number }[] = [];
  try {
    for (const f of files) {
      const { key, url } = await storage.put(f.data, { extension: 'jpg', contentType: 'image/jpeg' });
      stored.push({ key, url, name: f.name, size: f.data.length });
    }
    await db.insert(attachments).values(
      stored.map((s) => ({
        userId,
        storageKey: s.key,
        url: s.url,
        name: s.name,
        size: s.size,
        contentType: 'image/jpeg',
      })),
    );
  } catch (err) {
    await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => {})));
    throw err;
  }
  return stored.map(({ url, name, size }) => ({ url, name, size }));
}
