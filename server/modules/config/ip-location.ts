import { isIP } from 'node:net';

/**
 * Where a request comes from, as an ISO country code. There is no GeoIP database on this machine, so
 * only the cases that can be told without one are answered; everything else falls back to Hong Kong,
 * the product's home market (a GeoIP provider would plug in here).
 */
export const DEFAULT_ISO = 'HK';

function isPrivateV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return isPrivateV4(v4);
  if (isIP(ip) !== 6) return true;
  const lower = ip.toLowerCase();
  return (
    lower === '::1' ||
    lower === '::' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe80')
  );
}

/** A GeoIP lookup: ISO code or null when unknown. */
export type GeoLookup = (ip: string) => string | null;

export function countryOfIp(ip: string, lookup?: GeoLookup): string {
  if (isPrivateAddress(ip) || !lookup) return DEFAULT_ISO;
  return lookup(ip)?.toUpperCase() ?? DEFAULT_ISO;
}
