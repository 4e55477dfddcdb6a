/**
 * A report (not a failure) of locale keys nothing seems to use: the full key appears nowhere in
 * screens/, src/ or server/, and no prefix of it is built at run time (a literal `'prefix.'` or
 * `` `prefix.${x}` `` that code or config completes, as status maps and error codes do).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function texts(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : texts(p);
    return /\.(ts|tsx|json)$/.test(d.name) && !/\.(test|gen)\.tsx?$/.test(d.name)
      ? [readFileSync(p, 'utf8')]
      : [];
  });
}

function leafKeys(tree: unknown, path: string[] = [], out: string[] = []): string[] {
  if (typeof tree === 'string') out.push(path.join('.'));
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) leafKeys(v, [...path, k], out);
  return out;
}

export function unusedKeys(root: string, lang = 'zhhk'): string[] {
  const all = ['screens', 'src', 'server'].flatMap((d) => texts(join(root, d))).join('\n');
  const tree = JSON.parse(readFileSync(join(root, 'locales', `${lang}.json`), 'utf8'));
  return leafKeys(tree).filter((key) => {
    if (key.startsWith('routes.')) return false; // route titles are keyed by path
    if (all.includes(key)) return false;
    const parts = key.split('.');
    for (let i = 1; i < parts.length; i++) {
      const prefix = `${parts.slice(0, i).join('.')}.`;
      if (all.includes(`'${prefix}`) || all.includes(`"${prefix}`) || all.includes(`\`${prefix}`))
        return false;
    }
    return true;
  });
}
