/**
 * Model fits and backtests on one worker thread (fit-worker.ts), so the CPU they take never blocks the
 * server's event loop. Jobs queue on the worker in order; the thread starts at the first job and does
 * not keep the process alive. Where a worker cannot start or dies, its jobs run inline (slower to
 * answer, same result).
 */
import { Worker } from 'node:worker_threads';
import { type BacktestOptions, type BacktestResult, backtest, type Finished } from './backtest';
import { type FitOptions, fitModel, type Model, type Result } from './model';

export type FitJob =
  | { kind: 'fit'; results: Result[]; options: FitOptions }
  | { kind: 'backtest'; results: Finished[]; options: BacktestOptions };

type Pending = { job: FitJob; resolve: (v: unknown) => void; reject: (e: Error) => void };
interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

let current: Thread | null = null;
let unavailable = false;
let nextId = 1;

const inline = (job: FitJob): unknown =>
  job.kind === 'fit' ? fitModel(job.results, job.options) : backtest(job.results, job.options);

/** a thread is gone (it could not load, or was stopped): what it held runs here instead */
function takeBack(t: Thread): void {
  if (current === t) current = null;
  const jobs = [...t.pending.values()];
  t.pending.clear();
  for (const p of jobs) {
    try {
      p.resolve(inline(p.job));
    } catch (err) {
      p.reject(err as Error);
    }
  }
}

function thread(): Thread | null {
  if (current || unavailable) return current;
  let worker: Worker;
  try {
    // the entry registers tsx in the thread (the server runs its TypeScript through it) first
    worker = new Worker(new URL('./fit-worker-entry.mjs', import.meta.url));
  } catch (err) {
    console.warn('[predictions] no fit thread, fitting inline', err);
    unavailable = true;
    return null;
  }
  const t: Thread = { worker, pending: new Map() };
  worker.unref();
  worker.on('message', (msg: { id: number; result?: unknown; error?: string }) => {
    const p = t.pending.get(msg.id);
    if (!p) return;
    t.pending.delete(msg.id);
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve(msg.result);
  });
  worker.on('error', (err) => {
    console.warn('[predictions] fit thread failed, fitting inline', err);
    unavailable = true;
    takeBack(t);
  });
  worker.on('exit', () => takeBack(t));
  current = t;
  return t;
}

function run(job: FitJob): Promise<unknown> {
  const t = thread();
  if (!t) return Promise.resolve().then(() => inline(job));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    t.pending.set(id, { job, resolve, reject });
    t.worker.postMessage({ id, job });
  });
}

export const fitOffThread = (results: Result[], options: FitOptions) =>
  run({ kind: 'fit', results, options }) as Promise<Model>;

export const backtestOffThread = (results: Finished[], options: BacktestOptions) =>
  run({ kind: 'backtest', results, options }) as Promise<BacktestResult>;

/** ends the thread (the server's close); jobs it still held finish inline, the next job starts a new one */
export async function stopFitThread(): Promise<void> {
  const t = current;
  current = null;
  if (t) await t.worker.terminate();
}
