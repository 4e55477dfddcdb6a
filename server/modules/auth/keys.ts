/**
 * The RSA key pair login and reset passwords are encrypted with (RSA-OAEP, SHA-256 for both the
 * OAEP digest and MGF1). Generated once and kept in the database so every node and every restart
 * decrypts with the same key the clients fetched.
 */
import { constants, createHash, generateKeyPair, privateDecrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { serverKeys } from '../../db/schema';
import { ApiError, E } from '../../http/errors';

const PURPOSE = 'login-password';

export interface PasswordKey {
  kid: string;
  publicPem: string;
  privatePem: string;
}

let cached: PasswordKey | null = null;
let cachedFor: Db | null = null;

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
  return key;
}

/** Plain text of a base64 RSA-OAEP ciphertext; anything that does not decrypt is a bad request. */
export async function decryptPassword(db: Db, ciphertextB64: string, pointer = '/password'): Promise<string> {
  const key = await ensurePasswordKey(db);
  if (!/^[A-Za-z0-9+/=_-]+$/.test(ciphertextB64)) throw new ApiError(E.BAD_REQUEST, { pointer });
  try {
    const plain = privateDecrypt(
      { key: key.privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertextB64, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    throw new ApiError(E.BAD_REQUEST, { pointer });
  }
}
