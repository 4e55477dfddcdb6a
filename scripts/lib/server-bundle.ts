/**
 * `npm start` runs the server from one esbuild bundle (dist/server/main.mjs) instead of ~700 TypeScript
 * files each resolved and loaded through tsx's loader: on one core that was 2.2 s of every start against
 * ~1.3 s (the reopen budget is 3 s). The bundle is made again whenever a file it was made from changes
 * (their sizes and times are kept beside it), so a pulled change or an edit is always what runs.
 * Packages stay in node_modules. Each file's `import.meta.dirname`/`url` is its own source location,
 * so paths to migrations, seed data, locales and schemas resolve as they do from the sources.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const OWN_CODE = /\.(ts|mts)$/;

/** `import.meta.dirname`, `.filename` and `.url` of each source file, written in as its own values */
function sourceLocations(root: string): Plugin {
  return {
    name: 'gf-source-locations',
    setup(b) {
      b.onLoad({ filter: OWN_CODE }, (args) => {
        if (!args.path.startsWith(root) || args.path.includes('/node_modules/')) return undefined;
        const code = readFileSync(args.path, 'utf8')
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        return { contents: code, loader: 'ts' };
      });
    },
  };
}

type Kept = { inputs: Record<string, string> };

const stamp = (file: string) => {
  if (!existsSync(file)) return '-';
  const st = statSync(file);
  return `${st.size}:${st.mtimeMs}`;
};

/** The bundle of server/main.ts, made first if missing or older than a file it was made from. */
export async function serverBundle(root: string): Promise<string> {
  const outDir = join(root, 'dist', 'server');
  const out = join(outDir, 'main.mjs');
  const keptFile = join(outDir, 'inputs.json');
  try {
    const kept = JSON.parse(readFileSync(keptFile, 'utf8')) as Kept;
    if (existsSync(out) && Object.entries(kept.inputs).every(([f, s]) => stamp(f) === s)) return out;
  } catch {
    // no bundle yet
  }
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [join(root, 'server', 'main.ts')],
    outfile: out,
    // written below, each file whole: another start may be reading the previous bundle meanwhile
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
    plugins: [sourceLocations(root)],
  });
  for (const file of result.outputFiles) {
    writeFileSync(`${file.path}.${process.pid}`, file.contents);
    renameSync(`${file.path}.${process.pid}`, file.path);
  }
  const inputs: Record<string, string> = {};
  for (const f of Object.keys(result.metafile.inputs)) {
    const abs = resolve(root, f);
    inputs[abs] = stamp(abs);
  }
  writeFileSync(`${keptFile}.${process.pid}`, JSON.stringify({ inputs } satisfies Kept));
  renameSync(`${keptFile}.${process.pid}`, keptFile);
  return out;
}
