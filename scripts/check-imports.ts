/**
 * `npm test` step "imports": no import cycle in server/, src/ or contracts/ (scripts/lib/import-graph.ts),
 * no import past a server module's face (scripts/lib/module-faces.ts), and contracts/ imports nothing but
 * itself and JSON config (scripts/lib/contracts-purity.ts). Prints each problem, exits 1 on any.
 */
import { join } from 'node:path';
import { contractsViolations } from './lib/contracts-purity';
import { cyclesOf, importGraph, sourceFiles, specifierGraph } from './lib/import-graph';
import { faceViolations } from './lib/module-faces';
import { ROOT } from './lib/web-bundle';

const problems: string[] = [];
for (const dir of ['server', 'src', 'contracts']) {
  const files = sourceFiles(join(ROOT, dir));
  const runtime = cyclesOf(importGraph(ROOT, files));
  for (const cycle of runtime)
    problems.push(`${dir}: import cycle of ${cycle.length} files: ${cycle.join(', ')}`);
  const seen = new Set(runtime.map((c) => c.join()));
  for (const cycle of cyclesOf(specifierGraph(ROOT, files)))
    if (!seen.has(cycle.join()))
      problems.push(
        `${dir}: import cycle (type imports included) of ${cycle.length} files: ${cycle.join(', ')}`,
      );
}
for (const v of faceViolations(ROOT))
  problems.push(`past a module's face (import server/modules/<x>, its index.ts): ${v}`);
for (const v of contractsViolations(ROOT))
  problems.push(`contracts/ must stay pure (contracts/ and JSON config only): ${v}`);
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log(
  "imports OK: no cycle in server/, src/ or contracts/, no import past a module's face, contracts/ pure",
);
