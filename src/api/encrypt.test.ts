import { describe, expect, it, vi } from 'vitest';
import { createEncryptor, PUBLIC_KEY_PATH } from './encrypt';

async function serverKeys() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const b64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
  const decrypt = async (cipher: string) => {
    const bytes = Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(
      await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, bytes),
    );
  };
  return { pem, decrypt };
}

describe('encrypt', () => {
  it('encrypts with WebCrypto so the server private key recovers the stamped password', async () => {
    const { pem, decrypt } = await serverKeys();
    const get = vi.fn(async () => ({ kid: 'k1', key: pem, now: Date.now() })) as any;
    const encrypt = createEncryptor(get, crypto.subtle);
    const first = JSON.parse(await decrypt(await encrypt('Demo1234')));
    expect(first).toEqual({
      ts: expect.any(Number),
      nonce: expect.stringMatching(/^[0-9a-f]{24}$/),
      pw: 'Demo1234',
    });
    expect(Math.abs(first.ts - Date.now())).toBeLessThan(5000);
    const second = JSON.parse(await decrypt(await encrypt('Demo1234')));
    expect(second.nonce).not.toBe(first.nonce);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith({ method: 'GET', path: PUBLIC_KEY_PATH });
  });

  it('stamps with the server clock (learnt from the key answer), not the device clock', async () => {
    const { pem, decrypt } = await serverKeys();
    let device = 1_000_000;
    const server = 9_000_000;
    const get = vi.fn(async () => ({ kid: 'k1', key: pem, now: server })) as any;
    const encrypt = createEncryptor(get, crypto.subtle, () => device);
    expect(JSON.parse(await decrypt(await encrypt('Demo1234'))).ts).toBe(server);
    device += 60_000;
    expect(JSON.parse(await decrypt(await encrypt('Demo1234'))).ts).toBe(server + 60_000);
    device += 10 * 60_000;
    await encrypt('Demo1234');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('falls back to node-forge without crypto.subtle (plain-http LAN phones), also for non-ASCII', async () => {
    const { pem, decrypt } = await serverKeys();
    const encrypt = createEncryptor(
      (async () => ({ kid: 'k1', key: pem, now: Date.now() })) as any,
      undefined,
    );
    expect(JSON.parse(await decrypt(await encrypt('密碼Demo1234'))).pw).toBe('密碼Demo1234');
  });

  it('fetches the key again after a failure', async () => {
    const get = vi.fn().mockRejectedValueOnce({ code: 500, msg: 'Network Error' });
    const { pem } = await serverKeys();
    get.mockResolvedValue({ kid: 'k', key: pem });
    const encrypt = createEncryptor(get as any, crypto.subtle);
    await expect(encrypt('x')).rejects.toEqual({ code: 500, msg: 'Network Error' });
    await expect(encrypt('x')).resolves.toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
