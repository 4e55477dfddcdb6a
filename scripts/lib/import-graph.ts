/**
 * The import graph of a set of TypeScript files as esbuild resolves it (the bundler's own parser and
 * resolver: static and dynamic imports, type-only imports erased as at run time), and its cycles
 * (strongly connected components of more than one file, or a file importing itself).
 *
 * Why not dependency-cruiser or madge: both parse TypeScript with the `typescript` compiler API, which
 * TypeScript 7 (native, what this project uses) no longer has; dependency-cruiser's swc parser cannot
 * read TSX. esbuild is already how the app and the server are built.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const SOURCE = /\.(ts|tsx)$/;
const NOT_CODE = /\.(test|spec)\.tsx?$|\.d\.ts$/;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(name) && !NOT_CODE.test(name) ? [path] : [];
  });
}

/** file -> the files it imports (relative to `root`), for every file reachable from `entries`. */
export function importGraph(root: string, entries: string[]): Map<string, string[]> {
  const out = buildSync({
    absWorkingDir: resolve(root),
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    packages: 'external',
    outdir: 'import-graph-out',
    logLevel: 'silent',
    loader: { '.json': 'json', '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
  });
  const graph = new Map<string, string[]>();
  for (const [file, input] of Object.entries(out.metafile.inputs)) {
    const rel = relative(root, resolve(root, file));
    graph.set(
      rel,
      input.imports
        .filter((i) => !i.external && !i.path.endsWith('.json'))
        .map((i) => relative(root, resolve(root, i.path))),
    );
  }
  return graph;
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)'(\.[^']*)'/g;

/**
 * The graph of every relative import a file's text names, type-only imports included (esbuild erases
 * those, so importGraph cannot see a cycle made of types). A type cycle does no harm at run time, but it
 * ties two files together all the same: the next value import along it makes a real one.
 */
export function specifierGraph(root: string, files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const abs of files) {
    const rel = relative(root, abs).split('\\').join('/');
    const targets: string[] = [];
    for (const m of readFileSync(abs, 'utf8').matchAll(SPECIFIER)) {
      const base = normalize(join(dirname(rel), m[1]))
        .split('\\')
        .join('/');
      const hit = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find(
        (c) => existsSync(join(root, c)) && statSync(join(root, c)).isFile() && SOURCE.test(c),
      );
      if (hit) targets.push(hit);
    }
    graph.set(rel, targets);
  }
  return graph;
}

/** Cycles of the graph (Tarjan's strongly connected components), each sorted, largest first. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => b.length - a.length);
}
