/**
 * Migrated and seeded PGlite templates. Creating a PGlite directory runs initdb (~3-5 s), so one
 * template is made per content of migrations + seed code and copied: by the test harness per test
 * file, and by `npm start` for a fresh DATA_DIR (the template is built once at `npm install`).
 * Several processes may ask at once: a lock directory makes one build and the others wait.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { openPglite } from '../db';
import { seedAll } from './seed';

const SERVER_DIR = resolve(import.meta.dirname, '..');

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

/**
 * Every file the seed runs, as esbuild resolves the imports of seed.ts (the same parser that bundles
 * the app), so a change anywhere in the seed's import closure — a simulator tweak included — makes a
 * new template. Type-only imports are erased, as they are at run time.
 */
function seedClosure(): string[] {
  const out = buildSync({
    entryPoints: [join(SERVER_DIR, 'bootstrap', 'seed.ts')],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: join(tmpdir(), 'goalfan-seed-closure'),
    logLevel: 'silent',
  });
  return Object.keys(out.metafile.inputs).map((p) => resolve(p));
}

const FINGERPRINT_CACHE = resolve(
  SERVER_DIR,
  '..',
  'node_modules',
  '.cache',
  'goalfan-template-fingerprint.json',
);

/** size and modification time of each file (and which files there are): cheap to take at every start */
function statSignature(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    const st = existsSync(file) ? statSync(file) : null;
    hash.update(`${file}\0${st ? `${st.size}:${st.mtimeMs}` : '-'}\0`);
  }
  return hash.digest('hex');
}

/**
 * Changes whenever a migration or anything the seed runs changes, so a stale template is never used.
 * Working out what the seed runs bundles seed.ts with esbuild and hashing reads every file (~0.3 s of
 * every start); the answer is kept with the files' sizes and times, and taken again while none of them
 * (nor the set of migrations and seed data) has changed.
 */
export function templateFingerprint(cacheFile = FINGERPRINT_CACHE): string {
  const fixed = [
    ...filesUnder(join(SERVER_DIR, 'db', 'migrations'), () => true),
    ...filesUnder(join(SERVER_DIR, 'db', 'seed-data'), () => true),
  ].sort();
  try {
    const kept = JSON.parse(readFileSync(cacheFile, 'utf8')) as {
      closure: string[];
      signature: string;
      fingerprint: string;
    };
    if (kept.signature === statSignature([...fixed, ...kept.closure])) return kept.fingerprint;
  } catch {
    // none kept yet, or unreadable: work it out
  }
  const closure = seedClosure().sort();
  const hash = createHash('sha256');
  for (const file of [...new Set([...fixed, ...closure])].sort()) {
    if (!existsSync(file)) continue;
    hash.update(relative(SERVER_DIR, file));
    hash.update(readFileSync(file));
  }
  const fingerprint = hash.digest('hex').slice(0, 16);
  try {
    // several processes may start at once: each writes its own file and renames it into place
    mkdirSync(dirname(cacheFile), { recursive: true });
    const mine = `${cacheFile}.${process.pid}`;
    writeFileSync(
      mine,
      JSON.stringify({ closure, signature: statSignature([...fixed, ...closure]), fingerprint }),
    );
    renameSync(mine, cacheFile);
  } catch {
    // a read-only node_modules: worked out again next time
  }
  return fingerprint;
}

export async function withDirLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // a builder that died leaves its lock behind; templates take seconds, so minutes means stale
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > 120_000)
          rmSync(lockDir, { recursive: true, force: true });
      } catch {
        /* lock vanished meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockDir}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Templates of earlier code versions pile up in tmp (~40 MB each) while the schema and seeds change:
 * keep the three newest and anything built in the last ten minutes (a concurrent run may still copy it).
 */
function removeOldTemplates(root: string, keep: string): void {
  const entries = readdirSync(root)
    .map((name) => join(root, name))
    .flatMap((path) => {
      try {
        return [{ path, mtime: statSync(path).mtimeMs }];
      } catch {
        return [];
      }
    })
    .filter((e) => e.path !== keep && !e.path.endsWith('.lock'))
    .sort((a, b) => b.mtime - a.mtime);
  for (const [i, e] of entries.entries()) {
    if (i >= 2 && Date.now() - e.mtime > 600_000) rmSync(e.path, { recursive: true, force: true });
  }
}

export async function pgliteTemplate(root: string = join(tmpdir(), 'goalfan-pg-templates')): Promise<string> {
  mkdirSync(root, { recursive: true });
  const dir = join(root, templateFingerprint());
  if (existsSync(join(dir, 'READY'))) return dir;
  await withDirLock(`${dir}.lock`, async () => {
    if (existsSync(join(dir, 'READY'))) return;
    const building = `${dir}.building-${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    const db = await openPglite(join(building, 'pgdata'), { seed: seedAll });
    await db.close();
    writeFileSync(join(building, 'READY'), new Date().toISOString());
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
    removeOldTemplates(root, dir);
  });
  return dir;
}
