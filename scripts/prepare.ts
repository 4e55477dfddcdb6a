/**
 * Runs after `npm install` / `npm ci`: builds the web bundle so the first `npm start` serves at once.
 * Skipped when the bundle is already fresh, and never fails the install (npm start builds again).
 */
import { spawnSync } from 'node:child_process';
import { bundleIsStale, ROOT } from './lib/web-bundle';

if (process.env.SKIP_WEB_BUILD !== '1' && bundleIsStale()) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) console.warn('[prepare] web build failed; `npm start` will try again');
}
