/**
 * Real processes for realtime tests and the fan-out benchmark: a redis-server on a free port and
 * server nodes (`tsx server/main.ts`) on fresh data directories, plus a small websocket client.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';

export const ROOT = resolve(import.meta.dirname, '../../..');
const CLIENT_BASIC = `Basic ${Buffer.from('h5-client:h5-secret').toString('base64')}`;

export function haveRedisServer(): boolean {
  return spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up in ${ms} ms`);
}

function killTree(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      ok();
    });
    child.kill('SIGTERM');
  });
}

export interface Running {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<Running> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  await waitFor(
    async () =>
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG',
    'redis-server',
    10_000,
  ).catch(async () => {
    // redis-cli may be missing: the TCP port answering is enough
    await waitFor(() => portOpen(port), 'redis-server', 10_000);
  });
  return { url, port, stop: () => killTree(child) };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      ok(true);
    });
    s.on('error', () => ok(false));
  });
}

export interface NodeOptions {
  redisUrl?: string;
  env?: Record<string, string>;
  /** open-file limit of the node process (default 65536, capped by the hard limit) */
  maxFiles?: number;
  /** log lines of the node go here (default: dropped) */
  log?: (line: string) => void;
}

/** A real server process on a free port and a fresh embedded database. */
export async function startNode(opts: NodeOptions = {}): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-rt-node-'));
  const cmd = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  // many sockets need many file descriptors: raise the limit inside the node's own shell
  const child = spawn(
    'sh',
    ['-c', `ulimit -n ${opts.maxFiles ?? 65536} 2>/dev/null || true; exec "$@"`, 'sh', ...cmd],
    {
      cwd: ROOT,
      env: {
        // each node gets its own embedded database: a shared DATABASE_URL (CI's PostgreSQL run) would
        // have two nodes migrating one database at once; Redis only when asked for
        ...Object.fromEntries(
          Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'REDIS_URL'),
        ),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JOBS: '0',
        LOG_LEVEL: 'warn',
        DEV_OUTBOX: '1',
        NODE_ENV: 'development',
        WEB_DIR: join(dataDir, 'no-web'),
        ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log = opts.log ?? (() => {});
  child.stdout?.on('data', (b) => log(String(b)));
  child.stderr?.on('data', (b) => log(String(b)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}`);
    const r = await fetch(`${url}/prs/api/v1/token`, { method: 'POST' });
    return r.status > 0;
  }, `server node on ${port}`);
  return {
    url,
    port,
    stop: async () => {
      await killTree(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function fetchToken(base: string): Promise<string> {
  const r = await fetch(`${base}/prs/api/v1/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
    body: '{}',
  });
  const json = (await r.json()) as { code: number; data: { token: string } };
  if (json.code !== 0) throw new Error(`token failed: ${JSON.stringify(json)}`);
  return json.data.token;
}

export async function devPublish(base: string, topic: string, data: unknown): Promise<number> {
  const r = await fetch(`${base}/dev/realtime/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ topic, data }),
  });
  const json = (await r.json()) as { code: number; data: { seq: number } };
  if (json.code !== 0) throw new Error(`publish failed: ${JSON.stringify(json)}`);
  return json.data.seq;
}

export interface TestClient {
  messages: any[];
  send(msg: unknown): void;
  /** resolves with the first message (already received or future) matching */
  until(match: (m: any) => boolean, ms?: number): Promise<any>;
  close(): void;
}

export async function connectClient(base: string, token: string): Promise<TestClient> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
  const messages: any[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of [...waiters]) w();
  });
  const client: TestClient = {
    messages,
    send: (msg) => ws.send(JSON.stringify(msg)),
    close: () => ws.terminate(),
    until(match, ms = 5000) {
      return new Promise((ok, fail) => {
        const check = () => {
          const found = messages.find(match);
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          ok(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`no matching message in ${ms} ms; got ${JSON.stringify(messages).slice(0, 500)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
  };
  await client.until((m) => m.type === 'ready', 10_000);
  return client;
}
