/**
 * RSA-OAEP (SHA-256) encryption of secrets (login password) with the server's public key.
 * WebCrypto exists only in secure contexts, and phones on a plain-http LAN address have none, so
 * node-forge is the fallback; it is imported lazily to keep it out of the first load.
 */
export const PUBLIC_KEY_PATH = '/prs/api/v1/user/public-key';

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

/** Build `encrypt(plain)`; the key is fetched once and kept until a call fails. */
export function createEncryptor(get: Get, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle) {
  let keyPem: Promise<string> | null = null;
  return async function encrypt(plain: string): Promise<string> {
    keyPem ??= get<{ kid: string; key: string }>({ method: 'GET', path: PUBLIC_KEY_PATH }).then((d) => d.key);
    try {
      const pem = await keyPem;
      return subtle ? await withWebCrypto(subtle, pem, plain) : await withForge(pem, plain);
    } catch (e) {
      // the server may have rotated its key; fetch it again next time
      keyPem = null;
      throw e;
    }
  };
}
