/** Device identity headers: a uuid kept for the life of the browser profile, brand and model from the UA. */
export const UUID_KEY = 'deviceUuid';

export function deviceUuid(storage: Storage | undefined = globalThis.localStorage): string {
  const stored = storage?.getItem(UUID_KEY);
  if (stored) return stored;
  const id = randomUuid();
  storage?.setItem(UUID_KEY, id);
  return id;
}

export function randomUuid(): string {
  // crypto.randomUUID exists only in secure contexts; getRandomValues exists everywhere
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function randomNonce(): string {
  return [...crypto.getRandomValues(new Uint8Array(12))].map((x) => x.toString(16).padStart(2, '0')).join('');
}

export interface DeviceInfo {
  brand: string;
  model: string;
}

const BRAND_PATTERNS: [RegExp, string][] = [
  [/iPhone/i, 'Apple'],
  [/iPad/i, 'Apple'],
  [/Macintosh/i, 'Apple'],
  [/HUAWEI|HONOR/i, 'Huawei'],
  [/SM-|Samsung/i, 'Samsung'],
  [/Redmi|Xiaomi|MI \d|M\d{4}/i, 'Xiaomi'],
  [/OPPO|CPH\d/i, 'OPPO'],
  [/vivo|V\d{4}/i, 'vivo'],
  [/OnePlus/i, 'OnePlus'],
  [/Pixel/i, 'Google'],
  [/Windows/i, 'PC'],
  [/Linux/i, 'PC'],
];

/** Best-effort brand and model; headers accept only ASCII, so anything else is dropped. */
export function parseDevice(ua: string): DeviceInfo {
  const brand = BRAND_PATTERNS.find(([re]) => re.test(ua))?.[1] ?? 'unknown';
  let model = 'unknown';
  const android = ua.match(/Android [\d.]+; (?:[a-z]{2}[-_][a-z]{2}; )?([^;)]+?)(?: Build\/[^;)]*)?[;)]/i);
  if (android) model = android[1].trim();
  else if (/iPhone/.test(ua)) model = 'iPhone';
  else if (/iPad/.test(ua)) model = 'iPad';
  else if (/Macintosh/.test(ua)) model = 'Mac';
  else if (/Windows/.test(ua)) model = 'Windows';
  else if (/Linux/.test(ua)) model = 'Linux';
  const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 64) || 'unknown';
  return { brand: ascii(brand), model: ascii(model) };
}
