/**
 * What `check:config` reads: the config files on disk with an overlay in front (the server checks an
 * operator's draft this way), which schema each follows, and the shape of a problem.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export interface ConfigProblem {
  file: string;
  pointer: string;
  message: string;
  /** the message as an i18n key and its arguments (scripts/lib/problem-keys.ts), when it has one */
  key?: string;
  args?: Record<string, string>;
}

export const LANGS = ['zhhk', 'zhcn', 'zhtw'] as const;

const BY_LOCATION: Record<string, string> = {
  'routes.json': 'route-table.schema.json',
  'tabs.json': 'tab-layout.schema.json',
  'errors.json': 'error-catalogue.schema.json',
  'rules.json': 'rules.schema.json',
  'theme.json': 'theme.schema.json',
};

export function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listJson(join(dir, d.name)) : d.name.endsWith('.json') ? [join(dir, d.name)] : [],
  );
}

/**
 * Config files replacing (or adding to) the ones on disk, by path under the root
 * (`screens/match/home.json`, `locales/zhhk.json`): the server checks an operator's draft against the
 * published documents this way, with the same checks as the repo's files.
 */
export type ConfigOverlay = ReadonlyMap<string, unknown>;

/** The files the checker reads: the disk under `root`, with the overlay's files in front. */
export function configFiles(root: string, overlay: ConfigOverlay = new Map()) {
  const rel = (abs: string) => relative(root, abs).split('\\').join('/');
  return {
    list(dir: string): string[] {
      const found = new Set(listJson(dir));
      const under = `${rel(dir)}/`;
      for (const k of overlay.keys())
        if (k.startsWith(under) && k.endsWith('.json')) found.add(join(root, k));
      return [...found].sort();
    },
    exists: (abs: string) => overlay.has(rel(abs)) || existsSync(abs),
    /** parsed JSON; throws like JSON.parse on a broken file */
    read(abs: string): any {
      const r = rel(abs);
      if (overlay.has(r)) return structuredClone(overlay.get(r));
      return JSON.parse(readFileSync(abs, 'utf8'));
    },
  };
}
export type ConfigFiles = ReturnType<typeof configFiles>;

/** Which schema a config file follows: its `$schema`, else where it sits. */
export function schemaFor(rel: string, json: any): string {
  if (typeof json?.$schema === 'string') return basename(json.$schema);
  if (BY_LOCATION[rel]) return BY_LOCATION[rel];
  if (rel.startsWith('forms/')) return 'form.schema.json';
  if (rel.startsWith('status/')) return 'status-map.schema.json';
  if (rel.startsWith('fragments/')) return 'fragment.schema.json';
  return 'screen.schema.json';
}
