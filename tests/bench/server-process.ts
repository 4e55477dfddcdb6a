/** Start the real server (as `npm start` does) on a port and data directory, and time its first answer. */
import { type ChildProcess, spawn } from 'node:child_process';
import { ROOT } from '../../scripts/lib/web-bundle';

export interface RunningServer {
  url: string;
  msToFirstResponse: number;
  stop(): Promise<void>;
}

export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  const t0 = performance.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // a bundle built into its own WEB_DIR is served as it is: `npm start` would otherwise rebuild it
      // from the shared tree whenever dist/web looks stale
      ...(process.env.WEB_DIR ? { SKIP_WEB_BUILD: '1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const r = await fetch(`${url}/prs/api/v1/user/default-phone-code?platform=H5`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 25));
  }
  const msToFirstResponse = performance.now() - t0;
  return {
    url,
    msToFirstResponse,
    async stop() {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
      // whatever of the group outlived npm (the demo broadcaster's ffmpeg was seen running on for an
      // hour, burning a core under every later measurement)
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is gone: nothing outlived it
      }
    },
  } satisfies RunningServer;
}
