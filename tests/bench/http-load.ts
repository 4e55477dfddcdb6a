/**
 * What the HTTP load benches (match list, shop list, discover feed) share: the real app on a PGlite copy
 * of the test template in a child process (so autocannon in this process does not steal its event
 * loop), a bare Fastify route as the machine's reference, and autocannon as a promise.
 *
 * A bench file calls `benchMain(import.meta.url, serve, bench)` at its end: run with `--serve PORT` it
 * is the child (serve), run directly it is the bench and prints its table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db';

export type Row = { what: string; value: string; budget: string; ok: boolean };

/** The real app (production mode, no background jobs) on a fresh copy of the seeded template. */
export async function openBenchApp(
  prepare?: (db: Db) => Promise<void>,
): Promise<{ app: FastifyInstance; db: Db }> {
  process.env.NODE_ENV = 'production';
  const { buildApp } = await import('../../server/app');
  const { loadConfig } = await import('../../server/config');
  const { freshPglite } = await import('../../server/test/template-db');
  const opened = await freshPglite();
  if (prepare) await prepare(opened.db);
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'production', JOBS: '0' }),
    dataDir: opened.dataDir,
    jobs: false,
    // HTTP throughput only: no demo broadcaster (its ffmpeg would compete with the measurement)
    liveDemo: false,
  };
  const app = await buildApp({ db: opened.db, config, logger: false });
  return { app, db: opened.db };
}

/** A bare Fastify JSON route (`/hello`, plus any given routes) on a port: the reference throughput. */
export async function listenBare(port: number, routes: Record<string, unknown> = {}) {
  const Fastify = (await import('fastify')).default;
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ code: 0, msg: 'ok', data: { hello: 'world' } }));
  for (const [path, body] of Object.entries(routes)) bare.get(path, async () => body);
  await bare.listen({ port, host: '127.0.0.1' });
}

/** Tell the parent the child is serving, with numbers it needs (counts, ids). */
export const ready = (...values: number[]) => console.log(`READY ${values.join(' ')}`);

/**
 * Start `file --serve port` and wait for its READY line; resolves with the numbers it printed (and all it
 * printed before, for a child that hands over more than numbers).
 */
export function startServeChild(
  file: string,
  port: number,
): Promise<{ child: ChildProcess; values: number[]; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(file), '--serve', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
    // its own process group: whatever it started is killed with it (below), not left to the next part
    detached: true,
  });
  child.once('exit', () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone
    }
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /READY ([\d ]*)\n/.exec(out);
      if (m) resolve({ child, values: m[1].trim().split(' ').map(Number), out });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}): ${out}`)));
  });
}

export function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/** The end of a bench file: the child when run with --serve, else the bench with its table. */
export async function benchMain(
  file: string,
  serve: (port: number) => Promise<void>,
  bench: () => Promise<Row[]>,
) {
  if (process.argv.includes('--serve')) {
    await serve(Number(process.argv[process.argv.indexOf('--serve') + 1]));
  } else if (process.argv[1] && fileURLToPath(file) === process.argv[1]) {
    const rows = await bench();
    console.table(rows);
    process.exit(rows.every((r) => r.ok) ? 0 : 1);
  }
}
