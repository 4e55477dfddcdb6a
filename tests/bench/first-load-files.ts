/**
 * `npx tsx tests/bench/first-load-files.ts`: which files the first load of #/match downloads, each with
 * its gzip size, largest first (the bench's size row, itemised). Needs a built bundle; starts its own server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process';
import { firstLoadFiles } from './sizes';

const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-files-'));
const server = await startServer(Number(process.env.PORT ?? 18910), dataDir);
try {
  const { files } = await firstLoadFiles(server.url);
  files.sort((a, b) => b.gz - a.gz);
  for (const f of files)
    console.log(`${(f.gz / 1024).toFixed(1).padStart(6)} KB  ${f.type.padEnd(10)} ${f.file}`);
  const js = files.filter((f) => f.type === 'script').reduce((s, f) => s + f.gz, 0);
  console.log(`JS total ${(js / 1024).toFixed(1)} KB in ${files.length} files`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
