/**
 * Module faces: `server/modules/<x>/index.ts` is the only file of a module that code outside it may
 * import (type imports included: this reads the import specifiers of every file). Tests may also
 * reach another module's test helpers (`test-*.ts`), and so may those helpers; nothing else.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.[^']*)'/g;

function codeFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'artifacts' ? [] : codeFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `server/modules/<x>/<rest>` of a repository-relative path, or null */
function moduleOf(rel: string): { name: string; rest: string } | null {
  const m = /^server\/modules\/([^/]+)\/(.+)$/.exec(rel);
  return m ? { name: m[1], rest: m[2] } : null;
}

function resolveSpecifier(root: string, fromRel: string, spec: string): string | null {
  const base = normalize(join(dirname(fromRel), spec));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base])
    if (existsSync(join(root, candidate)) && statSync(join(root, candidate)).isFile()) return candidate;
  return null;
}

/** test code: test files, the e2e/bench tree, and test helpers (`test-*.ts`), which build on each other */
const isTest = (rel: string) =>
  /\.(test|spec)\.tsx?$/.test(rel) || rel.startsWith('tests/') || /(^|\/)test-[^/]*\.ts$/.test(rel);

/** Imports that reach past a module's face: "importer -> imported file". */
export function faceViolations(root: string, dirs = ['server', 'scripts', 'tests']): string[] {
  const out: string[] = [];
  for (const abs of dirs.flatMap((d) => codeFiles(join(root, d)))) {
    const rel = relative(root, abs).split('\\').join('/');
    const own = moduleOf(rel)?.name;
    const text = readFileSync(abs, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveSpecifier(root, rel, m[1]);
      const mod = target && moduleOf(target.split('\\').join('/'));
      if (!mod || mod.name === own || mod.rest === 'index.ts') continue;
      if (isTest(rel) && /^test-[^/]*\.ts$/.test(mod.rest)) continue;
      out.push(`${rel} -> ${target}`);
    }
  }
  return out.sort();
}
