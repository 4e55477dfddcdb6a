/**
 * RSA-OAEP (SHA-256) encryption of secrets (login password) with the server's public key.
 * WebCrypto exists only in secure contexts, and phones on a plain-http LAN address have none, so
 * node-forge is the fallback; it is imported lazily to keep it out of the first load.
 *
 * What is encrypted is the password stamped with a timestamp (on the server's clock, learnt from the
 * public-key answer's `now`) and a fresh nonce: `{"ts","nonce","pw"}` as JSON. The server accepts a
 * stamp only near its own time and each nonce only once, so a captured ciphertext cannot be replayed
 * (server/modules/auth/keys.ts).
 */
import { randomNonce } from './device';

export const PUBLIC_KEY_PATH = '/prs/api/v1/user/public-key';
/** the key and the clock offset are fetched again after this long (key rotation, clock drift) */
const KEY_MAX_AGE_MS = 10 * 60_000;

interface KeyInfo {
  pem: string;
  /** server clock minus this device's clock, ms */
  offsetMs: number;
  fetchedAt: number;
}

type Get = <T>(req: { method: 'GET'; path: string; silent?: boolean }) => Promise<T>;

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(buf: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
  return btoa(s);
}

async function withWebCrypto(subtle: SubtleCrypto, pem: string, plain: string): Promise<string> {
  const key = await subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  return toBase64(await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain)));
}

async function withForge(pem: string, plain: string): Promise<string> {
  const forge = (await import('node-forge')).default;
  const key = forge.pki.publicKeyFromPem(pem);
  const bytes = key.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(bytes);
}

/** The stamped form of a password the server expects inside the ciphertext. */
export function stampPassword(plain: string, serverNowMs: number, nonce: string = randomNonce()): string {
  return JSON.stringify({ ts: Math.round(serverNowMs), nonce, pw: plain });
}

/**
 * Build `encrypt(plain)`; the key (and the server's clock) is fetched once and kept for ten minutes or
 * until a call fails. Every call stamps the password afresh, so every ciphertext is good for one use.
 */
export function createEncryptor(
  get: Get,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
  clock: () => number = Date.now,
) {
  let keyInfo: Promise<KeyInfo> | null = null;
  return async function encrypt(plain: string): Promise<string> {
    const fresh = keyInfo && (await keyInfo.catch(() => null));
    if (!fresh || clock() - fresh.fetchedAt > KEY_MAX_AGE_MS) keyInfo = null;
    keyInfo ??= (async () => {
      const sent = clock();
      const d = await get<{ kid: string; key: string; now?: number }>({
        method: 'GET',
        path: PUBLIC_KEY_PATH,
      });
      const received = clock();
      // the answer's time is taken as the middle of the round trip
      const offsetMs = typeof d.now === 'number' ? d.now - (sent + received) / 2 : 0;
      return { pem: d.key, offsetMs, fetchedAt: received };
    })();
    try {
      const { pem, offsetMs } = await keyInfo;
      const stamped = stampPassword(plain, clock() + offsetMs);
      return subtle ? await withWebCrypto(subtle, pem, stamped) : await withForge(pem, stamped);
    } catch (e) {
      // the server may have rotated its key; fetch it again next time
      keyInfo = null;
      throw e;
    }
  };
}
