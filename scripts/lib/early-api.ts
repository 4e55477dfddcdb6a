/**
 * The boot script's early API calls (early-api-boot.js) with the client's constants filled in, so the token
 * call and the screen's first GET calls carry the headers src/api/client.ts would send.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import errors from '../../screens/errors.json';
import { ACCEPT_LANGUAGE, CLIENT_CREDENTIALS, PLATFORM, TOKEN_PATH } from '../../src/api/client';
import { UUID_KEY } from '../../src/api/device';
import { MOBILE_UA } from '../../src/app/desktop/detect';

/** how long an early answer may wait for the app to ask for it */
export const EARLY_MAX_AGE_MS = 15_000;

export const earlyApiConstants = () => ({
  tokenPath: TOKEN_PATH,
  basic: Buffer.from(CLIENT_CREDENTIALS).toString('base64'),
  uuidKey: UUID_KEY,
  langKey: 'lang',
  tokenKey: 'token',
  accept: ACCEPT_LANGUAGE,
  fallbackLang: 'zhhk',
  platform: PLATFORM,
  silentHeader: errors.silentHeader,
  mobileUa: MOBILE_UA.source,
  maxAgeMs: EARLY_MAX_AGE_MS,
});

/** `root`: the repository (the Vite config is bundled elsewhere, so no path of its own is trusted) */
export function earlyApiScript(root: string): string {
  const code = readFileSync(join(root, 'scripts', 'lib', 'early-api-boot.js'), 'utf8');
  // the file is one arrow function (the formatter drops the parentheses around it and adds a `;`);
  // the build minifies it (route-preload.ts), as it is part of every first load
  return `(${code.trim().replace(/;$/, '')})(${JSON.stringify(earlyApiConstants())});\n`;
}
