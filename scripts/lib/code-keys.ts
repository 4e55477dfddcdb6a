/**
 * i18n keys the app's and the server's code name literally: `t('a.b')`, `i18n.t('a.b')`,
 * `'$t:a.b'` and `titleKey: 'a.b'`-style `Key: '...'` props in src/ and server/ (tests left out).
 * check:config requires each in all three locales, as it does for the keys screens name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const KEY = '([A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)+)';
const PATTERNS = [
  new RegExp(`\\bt\\(\\s*'${KEY}'`, 'g'),
  new RegExp(`\\bt\\(\\s*"${KEY}"`, 'g'),
  new RegExp(`'\\$t:${KEY}'`, 'g'),
  new RegExp(`"\\$t:${KEY}"`, 'g'),
];

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'testing' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(d.name) && !/\.(test|gen)\.tsx?$/.test(d.name) ? [p] : [];
  });
}

export interface CodeKey {
  file: string;
  key: string;
  pointer: string;
}

const cache = new Map<string, CodeKey[]>();

/**
 * every literal key in the code under `root`'s src/ and server/, with `/line` as its pointer (read once
 * per process: the server checks every draft against it, and its code does not change while it runs)
 */
export function codeKeys(root: string): CodeKey[] {
  const known = cache.get(root);
  if (known) return known;
  const out: CodeKey[] = [];
  cache.set(root, out);
  for (const file of [...sources(join(root, 'src')), ...sources(join(root, 'server'))]) {
    const rel = relative(root, file).split('\\').join('/');
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const [i, line] of lines.entries())
      for (const re of PATTERNS)
        for (const m of line.matchAll(re)) out.push({ file: rel, key: m[1], pointer: `/${i + 1}` });
  }
  return out;
}
