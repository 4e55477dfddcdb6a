/**
 * Is the web bundle in dist/web older than its sources? `npm start` rebuilds it when it is missing
 * or stale, so a fresh clone and a pulled change both serve the current app.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const SOURCES = [
  'src',
  'screens',
  'locales',
  'schemas',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
];
export const BUNDLE_INDEX = join(ROOT, 'dist', 'web', 'index.html');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

export function bundleIsStale(): boolean {
  if (!existsSync(BUNDLE_INDEX)) return true;
  const built = statSync(BUNDLE_INDEX).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(ROOT, s)) > built);
}
