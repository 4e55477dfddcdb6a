/**
 * `npm test` step "imports": no import cycle in server/ or src/ (scripts/lib/import-graph.ts), and no
 * import past a server module's face (scripts/lib/module-faces.ts). Prints each problem, exits 1 on any.
 */
import { join } from 'node:path';
import { cyclesOf, importGraph, sourceFiles } from './lib/import-graph';
import { faceViolations } from './lib/module-faces';
import { ROOT } from './lib/web-bundle';

const problems: string[] = [];
for (const dir of ['server', 'src']) {
  const graph = importGraph(ROOT, sourceFiles(join(ROOT, dir)));
  for (const cycle of cyclesOf(graph))
    problems.push(`${dir}: import cycle of ${cycle.length} files: ${cycle.join(', ')}`);
}
for (const v of faceViolations(ROOT))
  problems.push(`past a module's face (import server/modules/<x>, its index.ts): ${v}`);
if (problems.length) {
  for (const p of problems) console.error(p);
  process.exit(1);
}
console.log("imports OK: no cycle in server/ or src/, no import past a module's face");
