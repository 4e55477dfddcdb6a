import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Lang } from '../http/i18n';

type Tree = { [k: string]: string | Tree };

const LOCALES_DIR = resolve(import.meta.dirname, '..', '..', 'locales');
const loaded = new Map<Lang, Tree>();

function tree(lang: Lang): Tree {
  let t = loaded.get(lang);
  if (!t) {
    t = JSON.parse(readFileSync(resolve(LOCALES_DIR, `${lang}.json`), 'utf8')) as Tree;
    loaded.set(lang, t);
  }
  return t;
}

/** Looks up a dotted key in locales/<lang>.json (zhhk as fallback) and fills {{name}} placeholders. */
export function localeText(lang: Lang, key: string, args: Record<string, string | number> = {}): string {
  const find = (l: Lang): string | undefined => {
    let node: string | Tree | undefined = tree(l);
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const template = find(lang) ?? find('zhhk') ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(args[name] ?? ''));
}
