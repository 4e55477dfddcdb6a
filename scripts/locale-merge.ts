/**
 * Merge keys into the three locale files in one quick read-modify-write, so several people (or
 * tools) adding keys at once do not overwrite each other's work.
 * Usage: tsx scripts/locale-merge.ts patch.json   where patch.json is {"zhhk": {...}, "zhcn": {...}, "zhtw": {...}}
 * Nested objects merge deeply; a key present in the patch replaces the existing leaf.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Tree = { [k: string]: string | Tree };

function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = typeof v === 'object' && typeof cur === 'object' ? merge(cur, v) : v;
  }
  return into;
}

const patch = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, Tree>;
for (const lang of ['zhhk', 'zhcn', 'zhtw']) {
  if (!patch[lang]) throw new Error(`patch lacks ${lang}: every key must exist in all three locales`);
  const file = resolve(import.meta.dirname, '..', 'locales', `${lang}.json`);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Tree;
  writeFileSync(file, `${JSON.stringify(merge(tree, patch[lang]), null, 2)}\n`);
}
