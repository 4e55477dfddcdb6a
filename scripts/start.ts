/**
 * `npm start`: build the web bundle if it is missing or stale, then run the server (app, API and
 * operator console on one port) on the embedded database, created, migrated and seeded on first run.
 */
import { spawnSync } from 'node:child_process';
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

await import('../server/main');
