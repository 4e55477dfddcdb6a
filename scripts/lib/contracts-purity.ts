/**
 * The contracts layer stays pure: a file under contracts/ imports only other contracts/ files and JSON
 * config (screens/, schemas/), never src/, server/, a package or a Node builtin. (The DOM and Node
 * typings are kept out by contracts/tsconfig.json, type-checked in `npm test`'s typecheck step.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'([^']+)'/g;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** "importer -> specifier" for every import a contracts file may not make. */
export function contractsViolations(root: string): string[] {
  const out: string[] = [];
  for (const abs of files(join(root, 'contracts'))) {
    const rel = relative(root, abs).split('\\').join('/');
    for (const m of readFileSync(abs, 'utf8').matchAll(SPECIFIER)) {
      const spec = m[1];
      if (!spec.startsWith('.')) {
        out.push(`${rel} -> ${spec} (a package or builtin)`);
        continue;
      }
      const target = normalize(join(dirname(rel), spec))
        .split('\\')
        .join('/');
      const allowed = target.startsWith('contracts/') || /^(screens|schemas)\/.+\.json$/.test(target);
      if (!allowed) out.push(`${rel} -> ${target}`);
    }
  }
  return out.sort();
}
