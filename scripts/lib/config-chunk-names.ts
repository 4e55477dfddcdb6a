/**
 * The screens' JSON chunks (screens, fragments, forms, status maps: ~150 files the loader imports
 * lazily) are named after one hash of the whole screens/ folder instead of one hash each:
 * `assets/cfg-<hash>-match.home.js`. The loader's table names every one of them, so per-file hashes
 * were ~150 × 8 random characters in the first load (~0.9 KB gzip of the app core) that gzip cannot
 * shrink; one repeated hash costs almost nothing.
 *
 * Safe for immutable caching because such a chunk is pure data: its content follows from its JSON file
 * and the bundler, both in the hash. The guard fails the build if a config chunk ever holds another
 * module or imports one (then its content would depend on files outside the hash).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

const CONFIG_MODULE = /\/screens\/(.+)\.json$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? filesUnder(p) : [p];
    });
}

/** One hash over every file under screens/ and the bundler's versions. */
export function configHash(root: string): string {
  const h = createHash('sha256');
  for (const f of filesUnder(join(root, 'screens')))
    h.update(relative(root, f)).update('\0').update(readFileSync(f));
  for (const pkg of ['vite', 'rolldown'])
    h.update(JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version);
  return h.digest('hex').slice(0, 10);
}

/** `chunkFileNames` for the build: config chunks by the folder hash, every other chunk by its own. */
export function configChunkNames(root: string) {
  const hash = configHash(root);
  return (chunk: { facadeModuleId: string | null }): string => {
    const m = chunk.facadeModuleId?.replace(/\\/g, '/').match(CONFIG_MODULE);
    return m ? `assets/cfg-${hash}-${m[1].replace(/\//g, '.')}.js` : 'assets/[name]-[hash].js';
  };
}

export function configChunkGuard(): Plugin {
  return {
    name: 'gf-config-chunk-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk' || !/(^|\/)cfg-/.test(c.fileName)) continue;
        if (c.moduleIds.length !== 1 || c.imports.length || c.dynamicImports.length)
          this.error(
            `config chunk ${c.fileName} is not pure data (modules: ${c.moduleIds.join(', ')}; imports: ${[...c.imports, ...c.dynamicImports].join(', ')}): its name would not follow its content`,
          );
      }
    },
  };
}
