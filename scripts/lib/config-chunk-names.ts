/**
 * The screens' config files (screens, fragments, forms, status maps: ~160 JSON files) as chunks named
 * after one hash of the whole screens/ folder: `assets/cfg-<hash>-match.home.js`.
 *
 * Vite's glob in src/engine/config-files.ts would be a table naming every file with its own hash: ~12 KB
 * of the first load (~2 KB gzip, random characters gzip cannot shrink), growing with every screen. The
 * build emits each file as a chunk of its own under a name the app can compute, and replaces that
 * module by a lookup by name.
 *
 * Safe for immutable caching because such a chunk is pure data: its content follows from its JSON file
 * and the bundler, both in the hash. The guard fails the build if a config chunk ever holds another
 * module or imports one (then its content would depend on files outside the hash).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

const CONFIG_FILES_MODULE = '/src/engine/config-files.ts';
// the top-level tables are imported where they are used (app shell, api client, engine globals)
const NOT_CONFIG_FILES = ['errors.json', 'rules.json', 'routes.json', 'tabs.json', 'theme.json'];

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

/** `match/home` -> its chunk's name under assets/ */
export const configChunkName = (hash: string, path: string) => `cfg-${hash}-${path.replace(/\//g, '.')}.js`;

/** screens/<path>.json paths the config seam serves */
export function configPaths(root: string): string[] {
  const dir = join(root, 'screens');
  return filesUnder(dir)
    .map((f) => relative(dir, f).replace(/\\/g, '/'))
    .filter((p) => p.endsWith('.json') && !NOT_CONFIG_FILES.includes(p))
    .map((p) => p.slice(0, -5));
}

/**
 * Config files some source imports itself (the match-status map of the first-load match card): their
 * module lives in that code's chunk, so they are served from there, not as chunks of their own.
 */
export function importedBySource(root: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const f of filesUnder(dir)) {
      if (!/\.tsx?$/.test(f) || /\.test\.tsx?$/.test(f)) continue;
      for (const m of readFileSync(f, 'utf8').matchAll(/from\s+['"][./]*\/screens\/([a-z0-9/-]+)\.json['"]/g))
        found.add(m[1]);
    }
  };
  walk(join(root, 'src'));
  const paths = new Set(configPaths(root));
  return [...found].filter((p) => paths.has(p)).sort();
}

export function configChunks(root: string): Plugin {
  let hash = '';
  let fromSource: string[] = [];
  return {
    name: 'gf-config-chunks',
    apply: 'build',
    buildStart() {
      hash = configHash(root);
      fromSource = importedBySource(root);
      for (const path of configPaths(root).filter((p) => !fromSource.includes(p)))
        this.emitFile({
          type: 'chunk',
          id: join(root, 'screens', `${path}.json`),
          fileName: `assets/${configChunkName(hash, path)}`,
          preserveSignature: 'strict',
        });
    },
    load(id) {
      if (!id.replace(/\\/g, '/').endsWith(CONFIG_FILES_MODULE)) return null;
      // a path is a file name part, never a URL: anything else is simply not a config file
      const imports = fromSource.map((p, i) => `import c${i} from '/screens/${p}.json';`).join('\n');
      const known = fromSource.map((p, i) => `${JSON.stringify(p)}: c${i}`).join(', ');
      return `${imports}
const FROM_SOURCE = { ${known} };
export const publishedFiles = new Map();
export async function loadConfigFile(path) {
  if (publishedFiles.has(path)) return publishedFiles.get(path);
  if (path in FROM_SOURCE) return FROM_SOURCE[path];
  if (!/^[a-z0-9-]+(\\/[a-z0-9-]+)*$/.test(path)) return undefined;
  const m = await import(/* @vite-ignore */ './cfg-${hash}-' + path.replace(/\\//g, '.') + '.js');
  return m.default;
}`;
    },
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

const ICON_SEAM = '/src/widgets/icon/icon-svg.ts';

/**
 * The same for the icons screens may name (scripts/gen-icons.ts): `assets/icon-<hash>-AddOutline.js`,
 * one hash over the icon files, found by name by the build's version of src/widgets/icon/icon-svg.ts.
 */
export function iconChunks(root: string): Plugin {
  const dir = join(root, 'src/widgets/icon/svg');
  let hash = '';
  return {
    name: 'gf-icon-chunks',
    apply: 'build',
    buildStart() {
      const h = createHash('sha256');
      for (const f of filesUnder(dir)) h.update(relative(dir, f)).update('\0').update(readFileSync(f));
      for (const pkg of ['vite', 'rolldown'])
        h.update(JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version);
      hash = h.digest('hex').slice(0, 10);
      for (const f of filesUnder(dir).filter((p) => p.endsWith('.json')))
        this.emitFile({
          type: 'chunk',
          id: f,
          fileName: `assets/icon-${hash}-${relative(dir, f).slice(0, -5)}.js`,
          preserveSignature: 'strict',
        });
    },
    load(id) {
      if (!id.replace(/\\/g, '/').endsWith(ICON_SEAM)) return null;
      // the icons a screen draws when it opens come inside its preload script (route-preload.ts)
      return `export async function loadIconSvg(name) {
  if (!/^[A-Z][A-Za-z]+$/.test(name)) return undefined;
  const inline = globalThis.__gfIcons?.[name];
  if (typeof inline === 'string') return inline;
  try {
    return (await import(/* @vite-ignore */ './icon-${hash}-' + name + '.js')).default;
  } catch {
    return undefined;
  }
}`;
    },
    generateBundle(_options, bundle) {
      for (const c of Object.values(bundle))
        if (
          c.type === 'chunk' &&
          /(^|\/)icon-[0-9a-f]{10}-/.test(c.fileName) &&
          (c.moduleIds.length !== 1 || c.imports.length)
        )
          this.error(
            `icon chunk ${c.fileName} is not pure data (modules: ${c.moduleIds.join(', ')}; imports: ${c.imports.join(', ')}): its name would not follow its content`,
          );
    },
  };
}
