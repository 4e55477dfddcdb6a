/**
 * Runs after `npm install` / `npm ci`: builds the web bundle, the server bundle and the embedded
 * database template, so the first `npm start` serves at once. Each is skipped when fresh, and none
 * fails the install (`npm start` makes each again when needed).
 */
import { spawnSync } from 'node:child_process';
import { START_TEMPLATE_ROOT } from '../server/bootstrap/embedded';
import { pgliteTemplate } from '../server/bootstrap/template';
import { serverBundle } from './lib/server-bundle';
import { bundleIsStale, ROOT } from './lib/web-bundle';

if (process.env.SKIP_WEB_BUILD !== '1' && bundleIsStale()) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) console.warn('[prepare] web build failed; `npm start` will try again');
}

try {
  await serverBundle(ROOT);
} catch (err) {
  console.warn('[prepare] server bundle failed; `npm start` will try again', err);
}

try {
  const t0 = Date.now();
  await pgliteTemplate(START_TEMPLATE_ROOT);
  console.log(`[prepare] database template ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
} catch (err) {
  console.warn('[prepare] database template failed; `npm start` will build it', err);
}
