/**
 * Which repo files are config documents, and their (kind, name): the files are the seed of each
 * document (version 1) and stay the developers' source. Screen paths use dots in names
 * (`match/home` -> `match.home`) so a name is one URL segment.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const KINDS = ['screen', 'routes', 'tabs', 'rules', 'status', 'errors', 'theme', 'locale'] as const;
export type Kind = (typeof KINDS)[number];
export const LOCALES = ['zhhk', 'zhcn', 'zhtw'] as const;

/** the kinds of one file each, named after the kind */
const SINGLE: Partial<Record<Kind, string>> = {
  routes: 'routes.json',
  tabs: 'tabs.json',
  rules: 'rules.json',
  errors: 'errors.json',
  theme: 'theme.json',
};

export const ROOT = join(import.meta.dirname, '..', '..', '..');

export const NAME_PATTERN = '^[a-z0-9][a-z0-9.-]{0,99}$';

/** The file of a document, relative to the repo root (`screens/match/home.json`); null when none can be. */
export function docPath(kind: Kind, name: string): string | null {
  if (!new RegExp(NAME_PATTERN).test(name) || name.includes('..')) return null;
  if (kind === 'locale') return (LOCALES as readonly string[]).includes(name) ? `locales/${name}.json` : null;
  const single = SINGLE[kind];
  if (single) return name === kind ? `screens/${single}` : null;
  if (kind === 'status') return name.includes('.') ? null : `screens/status/${name}.json`;
  const path = name.split('.').join('/');
  if (path.startsWith('status/') || Object.values(SINGLE).includes(`${path}.json`)) return null;
  return `screens/${path}.json`;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith('.json') ? [join(dir, d.name)] : [],
  );
}

export interface SeedFile {
  kind: Kind;
  name: string;
  body: unknown;
  hash: string;
}

/** sha-256 of the JSON text of a body, hex: a published document's address */
export const contentHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** Every config document's repo file, parsed (a broken file is skipped: check:config reports it). */
export function seedFiles(root = ROOT): SeedFile[] {
  const out: SeedFile[] = [];
  const add = (kind: Kind, name: string, abs: string) => {
    try {
      const body = JSON.parse(readFileSync(abs, 'utf8'));
      out.push({ kind, name, body, hash: contentHash(body) });
    } catch {
      /* reported by check:config */
    }
  };
  const screens = join(root, 'screens');
  for (const abs of filesUnder(screens)) {
    const rel = relative(screens, abs)
      .split('\\')
      .join('/')
      .replace(/\.json$/, '');
    const single = (Object.entries(SINGLE) as [Kind, string][]).find(([, f]) => `${rel}.json` === f);
    if (single) add(single[0], single[0], abs);
    else if (rel.startsWith('status/')) add('status', rel.slice('status/'.length), abs);
    else add('screen', rel.split('/').join('.'), abs);
  }
  for (const lang of LOCALES) add('locale', lang, join(root, 'locales', `${lang}.json`));
  return out;
}
