/** Start the real server (as `npm start` does) on a port and data directory, and time its first answer. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/web-bundle';

/** the process groups of the servers this runner started (each server leads its own group) */
const groups = new Set<number>();

function stat(pid: number): { ppid: number; pgid: number; cmd: string } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid pgrp ...": comm may hold spaces, so split after its closing bracket
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return { ppid: Number(f[1]), pgid: Number(f[2]), cmd };
  } catch {
    return null;
  }
}

/**
 * Ends what a stopped part left running: orphans (parent 1) in this runner's process group or in the
 * group of any server it started, e.g. an ffmpeg whose server was killed. Answers what it killed, so
 * the runner can say so; a part then never measures beside the previous part's leftovers. Linux only
 * (no /proc elsewhere: nothing is found).
 */
export function killLeftovers(): string[] {
  const own = stat(process.pid)?.pgid;
  const killed: string[] = [];
  let pids: number[] = [];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return killed;
  }
  for (const pid of pids) {
    if (pid === process.pid) continue;
    const s = stat(pid);
    if (s?.ppid !== 1 || !(s.pgid === own || groups.has(s.pgid))) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.push(`${pid} ${s.cmd.slice(0, 80)}`);
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}

export interface RunningServer {
  url: string;
  /** the server's process group (npm leads it; node and its ffmpeg children are in it) */
  pgid: number | undefined;
  msToFirstResponse: number;
  stop(): Promise<void>;
}

/**
 * A throwaway self-signed certificate for localhost in `dir` (Debian's openssl): the bench serves HTTPS
 * with HTTP/2 as a deployment does (TLS_CERT_FILE), and its browsers are told to accept the certificate.
 */
export function selfSignedTls(dir: string): Record<string, string> {
  const cert = join(dir, 'bench-cert.pem');
  const key = join(dir, 'bench-key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost'],
    ],
    { stdio: 'ignore' },
  );
  return { TLS_CERT_FILE: cert, TLS_KEY_FILE: key };
}

/** GET a JSON answer from the bench's own server, whose certificate (if any) is self-signed. */
export function getJson<T>(url: string): Promise<T> {
  if (!url.startsWith('https:')) return fetch(url).then((r) => r.json() as Promise<T>);
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => {
          try {
            resolve(JSON.parse(body) as T);
          } catch (err) {
            reject(err);
          }
        });
      })
      .on('error', reject);
  });
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
  if (child.pid) groups.add(child.pid);
  // over TLS the certificate names localhost
  const url = env.TLS_CERT_FILE ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const r = await getJson<{ code?: number }>(`${url}/prs/api/v1/user/default-phone-code?platform=H5`);
      if (typeof r.code === 'number') break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 25));
  }
  const msToFirstResponse = performance.now() - t0;
  return {
    url,
    pgid: child.pid,
    msToFirstResponse,
    async stop() {
      const exited = child.exitCode !== null || child.signalCode !== null;
      try {
        if (child.pid && !exited) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group is gone already (npm exited on its own)
      }
      if (!exited && child.exitCode === null && child.signalCode === null)
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

/** A server started as `npm start` does on a fresh data directory, for the time of `fn`; then stopped and removed. */
export async function withServer<T>(
  port: number,
  env: Record<string, string>,
  fn: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-bench-'));
  const server = await startServer(port, dataDir, env);
  try {
    return await fn(server);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
