/**
 * `npm start`: build the web bundle if it is missing or stale, then run the server (app, API and
 * operator console on one port) on the embedded database, created, migrated and seeded on first run.
 * The server runs from its own bundle (scripts/lib/server-bundle.ts), made again when a source changes;
 * SERVER_FROM_SOURCES=1 runs the TypeScript files as they are.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { serverBundle } from './lib/server-bundle';
import { bundleIsStale, ROOT } from './lib/web-bundle';

if (process.env.SKIP_WEB_BUILD !== '1' && bundleIsStale()) {
  console.log('[start] web bundle missing or stale: building…');
  const t0 = Date.now();
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[start] web build failed');
    process.exit(r.status ?? 1);
  }
  console.log(`[start] web bundle built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.env.SERVER_FROM_SOURCES === '1') await import('../server/main');
else {
  // stack traces name the TypeScript files and lines, not the bundle's
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(await serverBundle(ROOT)).href);
}
