/**
 * HMAC-SHA256 signatures over a canonical form of a flat payload: keys sorted, `key=value` joined by
 * `&`, the `sign` field itself left out. Both the sandbox gateway (signing) and the callback
 * endpoint (verifying) use these, with config.paymentSecret as the key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Flat = Record<string, string | number>;

export function canonical(payload: Flat): string {
  return Object.keys(payload)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${String(payload[k])}`)
    .join('&');
}

export function sign(secret: string, payload: Flat): string {
  return createHmac('sha256', secret).update(canonical(payload)).digest('hex');
}

export function verify(secret: string, payload: Flat, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = Buffer.from(sign(secret, payload), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
