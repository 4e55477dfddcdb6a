/**
 * Image uploads: each part of the multipart body is streamed to a temporary file (never buffered whole),
 * checked (by its bytes: a JPEG, or where the route accepts them a PNG or WebP; within the size limit), then
 * re-encoded with sharp as a JPEG: turned upright, bounded to MAX_IMAGE_SIDE, transparency laid on white,
 * and written without any metadata (EXIF with GPS position, camera serials, XMP, ICC profiles). Only the
 * re-encoded image is stored, so every stored upload is a .jpg whatever came in. A request that fails
 * leaves no file behind.
 *
 * A daily quota bounds what one account may store (stored bytes in the last 24 hours, UPLOAD_DAILY_MB,
 * default 50): checked before the body is read and again, atomically per user, when the files are
 * recorded, so parallel uploads cannot pass it together.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db';
import { attachments } from '../../db/schema/content';
import { ApiError, E } from '../../http/errors';
import type { ObjectStorage } from '../../storage/object-storage';
import { formatNames, type ImageFormat, SNIFF_BYTES, sniffImage } from './image-format';

export const MAX_FILES_PER_UPLOAD = 9;
export const UPLOAD_FIELD = 'files';
/** longest side of a stored image, in pixels */
export const MAX_IMAGE_SIDE = 2048;
/** decoding refuses images larger than this (a small file can declare an enormous canvas) */
const MAX_INPUT_PIXELS = 100_000_000;
const JPEG_QUALITY = 85;
const QUOTA_WINDOW = sql`now() - interval '24 hours'`;
/** one advisory-lock namespace for upload accounting ("upld") */
const QUOTA_LOCK = 0x75706c64;

// sharp's operation cache keeps decoded files around; every input here is read once
sharp.cache(false);

/** UPLOAD_DAILY_MB (default 50): stored bytes one account may add per 24 hours. */
export function dailyQuotaBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.UPLOAD_DAILY_MB);
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : 50) * 1024 * 1024);
}

export interface UploadLimits {
  /** largest accepted file, in bytes (enforced by the multipart parser; checked again here) */
  maxFileBytes: number;
  dailyQuotaBytes: number;
}

export interface StoredFile {
  url: string;
  name: string;
  size: number;
}

interface Incoming {
  name: string;
  path: string;
}

/** The client's file name, reduced to something safe to store and show (it is echoed back). */
function displayName(raw: string | undefined): string {
  const name = basename((raw ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}<>"]/gu, '')
    .trim();
  return [...(name || 'image.jpg')].slice(0, 100).join('');
}

async function usedToday(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${attachments.size}), 0)` })
    .from(attachments)
    .where(and(eq(attachments.userId, userId), gt(attachments.createdAt, QUOTA_WINDOW)));
  return Number(row?.n ?? 0);
}

const quotaExceeded = () =>
  new ApiError(E.TOO_MANY, { in: 'body', pointer: `/${UPLOAD_FIELD}`, keyword: 'dailyQuota' });

/** Counts the bytes passing through and refuses more than `max` (the parser's limit, checked again). */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max)
        done(new ApiError(E.TOO_LARGE, { in: 'body', pointer: `/${UPLOAD_FIELD}`, keyword: 'multipart' }));
      else done(null, chunk);
    },
  });
}

async function sniffFile(path: string): Promise<ImageFormat | null> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0);
    return sniffImage(head.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/**
 * Streams every part of the multipart body into `tmpDir`, one file per part. Throws the envelope error
 * for a malformed body, a wrong field, too many parts or a file over the limit.
 */
async function receiveParts(request: FastifyRequest, tmpDir: string, limits: UploadLimits, into: Incoming[]) {
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) {
        if (part.type === 'file') part.file.resume();
        throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/${part.fieldname}`, keyword: 'field' });
      }
      const path = join(tmpDir, `${randomBytes(12).toString('base64url')}.part`);
      into.push({ name: displayName(part.filename), path });
      await pipeline(part.file, byteLimit(limits.maxFileBytes), createWriteStream(path, { flags: 'wx' }));
      if (part.file.truncated) {
        throw new ApiError(E.TOO_LARGE, { in: 'body', pointer: `/${UPLOAD_FIELD}`, keyword: 'multipart' });
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // Everything else thrown while parsing is a body the client malformed (busboy: "Unexpected end
    // of form", bad boundaries, too many parts, ...), not a server fault.
    const code = (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? E.TOO_LARGE : E.BAD_REQUEST;
    request.log.info(
      { err: { code: (err as { code?: string }).code, message: (err as Error).message } },
      'bad upload',
    );
    throw new ApiError(code, { in: 'body', pointer: `/${UPLOAD_FIELD}`, keyword: 'multipart' });
  }
}

/**
 * Decodes one image of the `formats` given (default JPEG only) and re-encodes it as a JPEG: upright, at
 * most MAX_IMAGE_SIDE on its longest side, transparency on white, no metadata. null when it does not decode
 * as one of them.
 */
export async function reencodeJpeg(
  input: string | Buffer,
  formats: readonly ImageFormat[] = ['jpeg'],
): Promise<Buffer | null> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!formats.includes(meta.format as ImageFormat)) return null;
    return await image
      .rotate() // apply the EXIF orientation before the metadata goes
      .flatten({ background: '#ffffff' })
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Receives, checks, re-encodes and stores the files of an upload request and records them as the user's
 * attachments (what profile and document images may point at). Answers what the API returns.
 */
export async function receiveAndStoreJpegs(
  request: FastifyRequest,
  db: Db,
  storage: ObjectStorage,
  userId: number,
  opts: UploadLimits & { tmpDir: string; formats?: readonly ImageFormat[] },
): Promise<StoredFile[]> {
  const formats = opts.formats ?? ['jpeg'];
  if (!request.isMultipart())
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/', keyword: 'multipart' });
  if ((await usedToday(db, userId)) >= opts.dailyQuotaBytes) throw quotaExceeded();

  const tmpDir = join(opts.tmpDir, randomBytes(12).toString('base64url'));
  await mkdir(tmpDir, { recursive: true });
  const incoming: Incoming[] = [];
  const stored: { key: string; url: string; name: string; size: number }[] = [];
  try {
    await receiveParts(request, tmpDir, opts, incoming);
    if (incoming.length === 0) {
      throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: `/${UPLOAD_FIELD}`, keyword: 'minItems' });
    }
    // the content, not the name or declared type, decides what a file is (and the decoder must agree);
    // one image in memory at a time (decoded by sharp, then only its re-encoded bytes until they are stored)
    for (const [i, f] of incoming.entries()) {
      const format = await sniffFile(f.path);
      const data = format && formats.includes(format) ? await reencodeJpeg(f.path, [format]) : null;
      if (!data) {
        throw new ApiError(E.UNSUPPORTED_MEDIA, {
          in: 'body',
          pointer: `/${UPLOAD_FIELD}/${i}`,
          keyword: formats.length > 1 ? 'image' : 'jpeg',
          // the message names what this request takes (`{{formats}}` in the 100415 text): a shop form
          // that takes png and webp must not tell the user "jpg only"
          formats: formatNames(formats),
        });
      }
      await rm(f.path, { force: true });
      const { key, url } = await storage.put(data, { extension: 'jpg', contentType: 'image/jpeg' });
      stored.push({ key, url, name: f.name, size: data.length });
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${userId})`);
      const used = await usedToday(tx as unknown as Db, userId);
      const adding = stored.reduce((n, s) => n + s.size, 0);
      if (used + adding > opts.dailyQuotaBytes) throw quotaExceeded();
      await tx.insert(attachments).values(
        stored.map((s) => ({
          userId,
          storageKey: s.key,
          url: s.url,
          name: s.name,
          size: s.size,
          contentType: 'image/jpeg',
        })),
      );
    });
  } catch (err) {
    await Promise.all(stored.map((s) => storage.remove(s.key).catch(() => {})));
    throw err;
  } finally {
    await rm(tmpDir, { recursive: true, force: true }).catch(() => {});
  }
  return stored.map(({ url, name, size }) => ({ url, name, size }));
}
