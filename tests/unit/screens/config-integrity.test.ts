import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const readJson = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8'));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
  );

type Tree = { [k: string]: string | Tree };
const lookup = (tree: Tree, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined),
      tree,
    );
// route titles are keyed by path ("routes./me/setting"), so only the first dot separates
const lookupKey = (tree: Tree, key: string): unknown =>
  key.startsWith('routes.') ? (tree.routes as Tree)?.[key.slice('routes.'.length)] : lookup(tree, key);

const locales = Object.fromEntries(
  ['zhhk', 'zhcn', 'zhtw'].map((l) => [l, readJson(`locales/${l}.json`) as Tree]),
);
const routeTable = readJson('screens/routes.json');
const screenFiles = walk(resolve(root, 'screens')).filter(
  (f) => !f.includes('/forms/') && f.endsWith('.json'),
);
const screenIds = new Set(
  screenFiles.map((f) => relative(resolve(root, 'screens'), f).replace(/\.json$/, '')),
);

describe('routes.json', () => {
  it('sends every route to an existing screen file whose id matches', () => {
    for (const route of routeTable.routes) {
      if (route.redirect) continue;
      expect(screenIds.has(route.screen), `${route.path} -> ${route.screen}`).toBe(true);
      expect(readJson(`screens/${route.screen}.json`).id).toBe(route.screen);
    }
  });

  it('shows the tab bar on exactly the five tab roots, which tabs.json points to', () => {
    const footer = routeTable.routes
      .filter((r: { footer?: boolean }) => r.footer)
      .map((r: { path: string }) => r.path);
    const tabs = readJson('screens/tabs.json').tabs;
    expect(footer.sort()).toEqual(['/database', '/experts', '/match', '/me', '/sight']);
    expect(tabs.map((t: { path: string }) => t.path).sort()).toEqual(footer);
    expect(Object.fromEntries(tabs.map((t: { key: string; index: number }) => [t.key, t.index]))).toEqual({
      match: 3,
      experts: 2,
      discover: 4,
      database: 5,
      user: 6,
    });
  });

  it('redirects / and /loading to /match and knows the named routes', () => {
    const byPath = Object.fromEntries(routeTable.routes.map((r: { path: string }) => [r.path, r]));
    expect(byPath['/'].redirect).toBe('/match');
    expect(byPath['/loading'].redirect).toBe('/match');
    const names = Object.fromEntries(
      routeTable.routes
        .filter((r: { name?: string }) => r.name)
        .map((r: { name: string; path: string }) => [r.name, r.path]),
    );
    expect(names).toEqual({
      ProtocolHome: '/protocol/index',
      Experts: '/experts',
      Match: '/match',
      SightHome: '/sight',
      DatabaseHome: '/database',
      MeUserCenter: '/me',
    });
    expect(routeTable.keepAliveMax).toBe(10);
    expect(routeTable.keepAliveInclude).toEqual(['/after/apply/submit']);
    expect(routeTable.keepAliveExclude).toContain('/me/setting');
  });

  it('gives every screen route a page title in all three languages', () => {
    for (const route of routeTable.routes.filter((r: { screen?: string }) => r.screen)) {
      for (const [lang, tree] of Object.entries(locales)) {
        expect(typeof lookupKey(tree, `routes.${route.path}`), `${lang} routes.${route.path}`).toBe('string');
      }
    }
  });
});

describe('screen files', () => {
  // a key ending in "." is a prefix completed at run time (t('routes.' + route.path)); tested above
  const keysOf = (text: string) =>
    [
      ...[...text.matchAll(/\$t:([A-Za-z0-9_.]+)/g)].map((m) => m[1]),
      ...[...text.matchAll(/\bt\('([A-Za-z0-9_.]+)'/g)].map((m) => m[1]),
    ].filter((key) => !key.endsWith('.'));

  it('uses only texts present in zhhk, zhcn and zhtw', () => {
    for (const file of walk(resolve(root, 'screens'))) {
      if (file.endsWith('errors.json')) continue;
      for (const key of keysOf(readFileSync(file, 'utf8'))) {
        for (const [lang, tree] of Object.entries(locales)) {
          expect(typeof lookupKey(tree, key), `${relative(root, file)}: ${lang} ${key}`).toBe('string');
        }
      }
    }
  });

  it('binds forms that exist and validate with the server data schemas', () => {
    for (const file of screenFiles) {
      const screen = JSON.parse(readFileSync(file, 'utf8'));
      for (const { form } of Object.values(screen.forms ?? {}) as { form: string }[]) {
        const formFile = resolve(root, `screens/forms/${form}.json`);
        expect(existsSync(formFile), `${relative(root, file)} form ${form}`).toBe(true);
        const { dataSchema } = JSON.parse(readFileSync(formFile, 'utf8'));
        expect(existsSync(resolve(root, `schemas/data/${dataSchema}.schema.json`)), dataSchema).toBe(true);
      }
    }
  });
});
