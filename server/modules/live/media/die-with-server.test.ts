/**
 * ffmpeg dies with the server even when the server is killed with SIGKILL (issue 14: four demo
 * broadcasters were seen burning CPU for 1.5 h after a bench had killed its servers). A child Node
 * process stands in for the server: it starts a packager on a generated programme, prints the
 * ffmpeg pid, and is killed hard; the ffmpeg must be gone within a few seconds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ffmpegPath } from './ffmpeg';

const alive = (pid: number) => {
  try {
    // a zombie is dead too (its parent, the reaper, may not have collected it yet)
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux' && ffmpegPath() && existsSync('/usr/bin/setpriv'))(
  'live packager process hygiene',
  () => {
    it('ffmpeg exits when the server process is killed with SIGKILL', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'live-hygiene-'));
      dirs.push(dir);
      const packager = fileURLToPath(new URL('./packager.ts', import.meta.url));
      const script = join(dir, 'server.mts');
      writeFileSync(
        script,
        `import { startPackager } from ${JSON.stringify(packager)};
const child = startPackager({
  input: ['-re', '-f', 'lavfi', '-i', 'color=c=black:s=320x180:r=15'],
  lineDirs: [${JSON.stringify(dir)}],
});
console.log('FFMPEG ' + child?.pid);
setInterval(() => {}, 1000);
`,
      );
      const server = spawn(process.execPath, ['--import', 'tsx', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(server);
      const pid = await new Promise<number>((resolve, reject) => {
        let out = '';
        server.stdout?.on('data', (d) => {
          out += String(d);
          const m = /FFMPEG (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        server.once('exit', () => reject(new Error(`server exited: ${out}`)));
      });
      // ffmpeg is up and encoding (its playlist appears)
      const t0 = Date.now();
      while (!existsSync(join(dir, 'index.m3u8')) && Date.now() - t0 < 20_000)
        await new Promise((r) => setTimeout(r, 100));
      expect(alive(pid)).toBe(true);
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('ffmpeg');
      server.kill('SIGKILL');
      const t1 = Date.now();
      while (alive(pid) && Date.now() - t1 < 5000) await new Promise((r) => setTimeout(r, 50));
      expect(alive(pid)).toBe(false);
    }, 40_000);
  },
);
