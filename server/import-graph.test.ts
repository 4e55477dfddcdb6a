/** The import-cycle check of `npm test` (scripts/check-imports.ts) catches what it should. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractsViolations } from '../scripts/lib/contracts-purity';
import { cyclesOf, importGraph, sourceFiles, specifierGraph } from '../scripts/lib/import-graph';
import { faceViolations } from '../scripts/lib/module-faces';

const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (rel: string, text: string) => {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
};

describe('import cycles', () => {
  write('app/a.ts', "import { b } from './b';\nexport const a = () => b();\n");
  write('app/b.ts', "import { a } from './a';\nexport const b = () => a;\n");
  write('app/c.tsx', "import { b } from './b';\nexport const C = () => <i>{String(b)}</i>;\n");
  write('app/lazy.ts', "export const go = () => import('./lazy-back');\n");
  write('app/lazy-back.ts', "import { go } from './lazy';\nexport const back = go;\n");
  write('app/types.ts', "import type { T } from './types-back';\nexport type U = T;\n");
  write('app/types-back.ts', "import type { U } from './types';\nexport type T = U | 1;\n");
  write('app/a.test.ts', "import { a } from './a';\na();\n");

  it('finds static and dynamic cycles (TS and TSX), not type-only ones, and skips tests', () => {
    const files = sourceFiles(join(root, 'app'));
    expect(files.some((f) => f.endsWith('a.test.ts'))).toBe(false);
    const cycles = cyclesOf(importGraph(root, files));
    expect(cycles).toEqual([
      ['app/a.ts', 'app/b.ts'],
      ['app/lazy-back.ts', 'app/lazy.ts'],
    ]);
  });

  it('sees type-only cycles too when asked for every named import', () => {
    const cycles = cyclesOf(specifierGraph(root, sourceFiles(join(root, 'app'))));
    expect(cycles).toEqual([
      ['app/a.ts', 'app/b.ts'],
      ['app/lazy-back.ts', 'app/lazy.ts'],
      ['app/types-back.ts', 'app/types.ts'],
    ]);
  });

  it('the repository has none, type imports included', () => {
    for (const dir of ['server', 'src', 'contracts']) {
      const repo = join(import.meta.dirname, '..');
      const files = sourceFiles(join(repo, dir));
      expect(cyclesOf(importGraph(repo, files))).toEqual([]);
      expect(cyclesOf(specifierGraph(repo, files))).toEqual([]);
    }
  });
});

describe('module faces', () => {
  const face = mkdtempSync(join(tmpdir(), 'module-faces-'));
  afterAll(() => rmSync(face, { recursive: true, force: true }));
  // fixture sources spell quotes as %, so this file's own text holds no import of a module's inside
  const put = (rel: string, text: string) => {
    mkdirSync(join(face, rel, '..'), { recursive: true });
    writeFileSync(join(face, rel), text.replaceAll('%', "'"));
  };
  put('server/modules/wallet/index.ts', 'export { post } from %./ledger%;\n');
  put('server/modules/wallet/ledger.ts', 'export const post = 1;\n');
  put('server/modules/wallet/test-support.ts', 'export const fund = 1;\n');
  put('server/modules/plans/ok.ts', 'import { post } from %../wallet%;\nexport const a = post;\n');
  put(
    'server/modules/plans/bad.ts',
    "import type { post } from '../wallet/ledger';\nexport type B = typeof post;\n",
  );
  put('server/modules/plans/own.ts', 'import { a } from %./ok%;\nexport const c = a;\n');
  put('server/modules/plans/x.test.ts', 'import { fund } from %../wallet/test-support%;\nvoid fund;\n');
  put(
    'server/modules/plans/test-kit.ts',
    'import { fund } from %../wallet/test-support%;\nexport const k = fund;\n',
  );
  put('server/modules/plans/y.test.ts', 'import { post } from %../wallet/ledger%;\nvoid post;\n');
  put('server/app.ts', 'import { post } from %./modules/wallet/ledger%;\nvoid post;\n');

  it('refuses a reach past a face from another module or the app, type imports included; tests may use test helpers', () => {
    expect(faceViolations(face)).toEqual([
      'server/app.ts -> server/modules/wallet/ledger.ts',
      'server/modules/plans/bad.ts -> server/modules/wallet/ledger.ts',
      'server/modules/plans/y.test.ts -> server/modules/wallet/ledger.ts',
    ]);
  });

  it('the repository has none', () => {
    expect(faceViolations(join(import.meta.dirname, '..'))).toEqual([]);
  });
});

describe('contracts stay pure', () => {
  const pure = mkdtempSync(join(tmpdir(), 'contracts-'));
  afterAll(() => rmSync(pure, { recursive: true, force: true }));
  const put = (rel: string, text: string) => {
    mkdirSync(join(pure, rel, '..'), { recursive: true });
    writeFileSync(join(pure, rel), text.replaceAll('%', "'"));
  };
  put(
    'contracts/fee.ts',
    'import rules from %../screens/rules.json%;\nimport { x } from %./x%;\nexport const f = [rules, x];\n',
  );
  put('contracts/x.ts', 'export const x = 1;\n');
  put(
    'contracts/bad.ts',
    'import { h } from %../src/engine/hub%;\nimport { readFileSync } from %node:fs%;\nexport const b = [h, readFileSync];\n',
  );
  put(
    'contracts/worse.ts',
    'import dayjs from %dayjs%;\nimport { db } from %../server/db%;\nexport const w = [dayjs, db];\n',
  );
  put('contracts/fee.test.ts', 'import { describe } from %vitest%;\nvoid describe;\n');

  it('refuses src/, server/, packages and builtins; allows itself and JSON config; skips tests', () => {
    expect(contractsViolations(pure)).toEqual([
      'contracts/bad.ts -> node:fs (a package or builtin)',
      'contracts/bad.ts -> src/engine/hub',
      'contracts/worse.ts -> dayjs (a package or builtin)',
      'contracts/worse.ts -> server/db',
    ]);
  });

  it('the repository has none', () => {
    expect(contractsViolations(join(import.meta.dirname, '..'))).toEqual([]);
  });
});
