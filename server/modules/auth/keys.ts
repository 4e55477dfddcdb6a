/**
 * The RSA key pair login and reset passwords are encrypted with (RSA-OAEP, SHA-256 for both the
 * OAEP digest and MGF1). Generated once and kept in the database so every node and every restart
 * decrypts with the same key the clients fetched.
 *
 * What is encrypted is not the bare password but a stamped one, JSON
 * `{"ts": <ms since epoch, server clock>, "nonce": "<16-64 of [A-Za-z0-9_-]>", "pw": "<password>"}`
 * (the timestamp and nonce of spec §7's request headers; the client learns the server clock from the
 * public-key answer's `now`). The server accepts it only within 5 minutes of its own clock and only
 * once per nonce, so a ciphertext captured on the wire does not log in again.
 */
import {
  constants,
  createHash,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db';
import { passwordNonces, serverKeys } from '../../db/schema';
import { nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';

/** How far a stamp's time may be from the server clock, either way. */
export const STAMP_WINDOW_MS = 5 * 60_000;
const NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;

const PURPOSE = 'login-password';

export interface PasswordKey {
  kid: string;
  publicPem: string;
  privatePem: string;
}

let cached: PasswordKey | null = null;
let cachedFor: Db | null = null;
/** the parsed private key of `cached` (parsing the PEM on every login costs main-thread time) */
let cachedPrivate: KeyObject | null = null;

function generate(): Promise<PasswordKey> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (err, publicPem, privatePem) => {
        if (err) return reject(err);
        const kid = createHash('sha256').update(publicPem).digest('hex').slice(0, 16);
        resolve({ kid, publicPem, privatePem });
      },
    );
  });
}

/** Creates the key pair if none exists; concurrent callers keep whichever row won. */
export async function ensurePasswordKey(db: Db): Promise<PasswordKey> {
  if (cached && cachedFor === db) return cached;
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.purpose, PURPOSE)).limit(1);
  let key: PasswordKey;
  if (row) {
    key = { kid: row.kid, publicPem: row.publicPem, privatePem: row.privatePem };
  } else {
    const fresh = await generate();
    await db
      .insert(serverKeys)
      .values({ kid: fresh.kid, purpose: PURPOSE, publicPem: fresh.publicPem, privatePem: fresh.privatePem })
      .onConflictDoNothing();
    const [winner] = await db.select().from(serverKeys).where(eq(serverKeys.purpose, PURPOSE)).limit(1);
    key = { kid: winner.kid, publicPem: winner.publicPem, privatePem: winner.privatePem };
  }
  cached = key;
  cachedFor = db;
  cachedPrivate = createPrivateKey(key.privatePem);
  return key;
}

interface Stamp {
  ts: number;
  nonce: string;
  pw: string;
}

function parseStamp(plain: string): Stamp | null {
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { ts, nonce, pw } = value as Record<string, unknown>;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) return null;
  if (typeof nonce !== 'string' || !NONCE_RE.test(nonce)) return null;
  if (typeof pw !== 'string') return null;
  return { ts, nonce, pw };
}

let lastPurge = 0;

/** Records the nonce; false when it was used before (a replay). Expired nonces are dropped now and then. */
async function spendNonce(db: Db, nonce: string): Promise<boolean> {
  const at = nowMs();
  if (at - lastPurge > 60_000) {
    lastPurge = at;
    await db.delete(passwordNonces).where(lt(passwordNonces.expiresAt, new Date(at)));
  }
  const rows = await db
    .insert(passwordNonces)
    // kept until no clock within the window could accept the stamp again
    .values({ nonce, expiresAt: new Date(at + 2 * STAMP_WINDOW_MS) })
    .onConflictDoNothing()
    .returning({ nonce: passwordNonces.nonce });
  return rows.length > 0;
}

/**
 * The password inside a base64 RSA-OAEP ciphertext of a stamp (see the top of this file). Anything
 * that does not decrypt, is not a stamp, is outside the time window or repeats a nonce is a bad
 * request (100400 at `pointer`).
 */
export async function decryptPassword(db: Db, ciphertextB64: string, pointer = '/password'): Promise<string> {
  const key = await ensurePasswordKey(db);
  if (!/^[A-Za-z0-9+/=_-]+$/.test(ciphertextB64)) throw new ApiError(E.BAD_REQUEST, { pointer });
  let plain: string;
  try {
    plain = privateDecrypt(
      { key: cachedPrivate ?? key.privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertextB64, 'base64'),
    ).toString('utf8');
  } catch {
    throw new ApiError(E.BAD_REQUEST, { pointer });
  }
  const stamp = parseStamp(plain);
  if (!stamp || Math.abs(nowMs() - stamp.ts) > STAMP_WINDOW_MS)
    throw new ApiError(E.BAD_REQUEST, { pointer });
  if (!(await spendNonce(db, stamp.nonce))) throw new ApiError(E.BAD_REQUEST, { pointer });
  return stamp.pw;
}

/** What a client encrypts (tests and tools that speak the API use this too). */
export function stampPassword(password: string, serverNowMs: number, nonce: string): string {
  return JSON.stringify({ ts: serverNowMs, nonce, pw: password });
}
