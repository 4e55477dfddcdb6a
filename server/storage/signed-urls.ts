/**
 * Short-lived signed URLs for private uploads (identity documents, expert-application images).
 *
 * `/uploads/<key>?exp=<unix seconds>&v=<viewer user id>&sig=<HMAC-SHA256(key, exp, viewer)>`: made by the
 * API for a viewer it has authorised (the owner, an operator), valid for ten minutes. An <img> sends no
 * token, so the URL itself is the credential; binding the viewer lets the server check at fetch time that
 * this viewer may still see the file (owner or operator) and tells whose link leaked.
 *
 * The key is UPLOAD_URL_SECRET when set (the same value on every node), otherwise a random key kept in
 * DATA_DIR/upload-url.key (created on first use, mode 0600). There is no default in the repo.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UPLOAD_URL_PREFIX } from './local-storage';

export const SIGNED_URL_TTL_SECONDS = 600;
const KEY_FILE = 'upload-url.key';

export interface UploadUrlSigner {
  /** the canonical `/uploads/<key>` reference, signed for `viewerId`; anything else is returned unchanged */
  sign(url: string, viewerId: number, now?: number): string;
  /** the viewer the URL was signed for, or null when the signature is missing, wrong or expired */
  verify(key: string, query: SignedQuery, now?: number): number | null;
}

export interface SignedQuery {
  exp?: unknown;
  v?: unknown;
  sig?: unknown;
}

function mac(secret: Buffer, key: string, exp: number, viewer: number): Buffer {
  return createHmac('sha256', secret).update(`upload\n${key}\n${exp}\n${viewer}`).digest();
}

export function createUrlSigner(secret: Buffer): UploadUrlSigner {
  if (secret.length < 16) throw new Error('upload URL secret too short (at least 16 bytes)');
  return {
    sign(url, viewerId, now = Date.now()) {
      if (!url.startsWith(UPLOAD_URL_PREFIX) || url.includes('?')) return url;
      const key = url.slice(UPLOAD_URL_PREFIX.length);
      const exp = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
      const sig = mac(secret, key, exp, viewerId).toString('base64url');
      return `${url}?exp=${exp}&v=${viewerId}&sig=${sig}`;
    },
    verify(key, query, now = Date.now()) {
      const { exp, v, sig } = query;
      if (typeof exp !== 'string' || typeof v !== 'string' || typeof sig !== 'string') return null;
      if (!/^\d{1,12}$/.test(exp) || !/^\d{1,10}$/.test(v) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return null;
      const expiry = Number(exp);
      const viewer = Number(v);
      if (expiry * 1000 <= now) return null;
      const expected = mac(secret, key, expiry, viewer);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return viewer;
    },
  };
}

const byDataDir = new Map<string, UploadUrlSigner>();

function secretFor(dataDir: string): Buffer {
  const fromEnv = process.env.UPLOAD_URL_SECRET;
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const path = join(dataDir, KEY_FILE);
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const fresh = randomBytes(32).toString('base64url');
    try {
      // 'wx': if another process created it meanwhile, use theirs
      writeFileSync(path, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
    } catch {
      return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64url');
    }
    return Buffer.from(fresh, 'base64url');
  }
}

/** The signer of the app whose data lives in `dataDir` (one per directory, made on first use). */
export function uploadUrlSigner(dataDir: string): UploadUrlSigner {
  const dir = resolve(dataDir);
  let signer = byDataDir.get(dir);
  if (!signer) {
    signer = createUrlSigner(secretFor(dir));
    byDataDir.set(dir, signer);
  }
  return signer;
}

/** Signs image references of an answer for one viewer (see UploadUrlSigner.sign). */
export type SignUrl = (url: string) => string;

export function signerFor(signer: UploadUrlSigner, viewerId: number): SignUrl {
  return (url) => signer.sign(url, viewerId);
}
