/**
 * `npm test`: every check the project has, in the order that fails fastest, ending with one line
 * "N passed, N failed" that adds up unit, API and browser tests.
 *   lint+format -> typecheck -> config files -> import cycles -> vitest (unit + server) -> web build -> Playwright
 * Set TEST_SKIP=e2e,typecheck (comma list) to skip steps while iterating; CI sets nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/web-bundle';

const skip = new Set((process.env.TEST_SKIP ?? '').split(',').filter(Boolean));
const reports = join(ROOT, 'test-results');
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(step: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  if (skip.has(step)) {
    console.log(`\n== ${step}: skipped (TEST_SKIP)`);
    return true;
  }
  console.log(`\n== ${step}: ${cmd} ${args.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`== ${step}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (!ok) failures.push(step);
  return ok;
}

const countedFailures: Record<string, number> = {};

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  countedFailures.vitest = r.numFailedTests ?? 0;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  failed += r.stats?.unexpected ?? 0;
  countedFailures.e2e = r.stats?.unexpected ?? 0;
}

const t0 = Date.now();
run('lint', 'npx', ['biome', 'check', '.']);
run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('typecheck-contracts', 'npx', ['tsc', '--noEmit', '-p', 'contracts/tsconfig.json']);
run('config', 'npx', ['tsx', 'scripts/check-config.ts']);
run('imports', 'npx', ['tsx', 'scripts/check-imports.ts']);
const vitestJson = join(reports, 'vitest.json');
run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
countVitest(vitestJson);
if (!skip.has('e2e')) {
  if (run('build', 'npm', ['run', 'build', '--silent'])) {
    const pwJson = join(reports, 'playwright.json');
    run('e2e', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
    countPlaywright(pwJson);
  }
}

console.log(`\n== npm test finished in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
if (failures.length) console.log(`== failed steps: ${failures.join(', ')}`);
// Steps without their own counted tests (lint, typecheck, config, build) count as one failure each; so
// does a test step that failed with no failed test (an unhandled error, a file that would not load).
const stepFailures = failures.filter((s) => (s !== 'vitest' && s !== 'e2e') || !countedFailures[s]).length;
console.log(`${passed} passed, ${failed + stepFailures} failed`);
process.exit(failures.length ? 1 : 0);
