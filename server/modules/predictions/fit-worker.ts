/**
 * The worker thread's side of fit-thread.ts: fits and backtests run here, off the server's event loop
 * (a backtest over a season of results is seconds of CPU; on the main thread it froze every request,
 * websocket and live match for that long).
 */
import { parentPort } from 'node:worker_threads';
import { backtest } from './backtest';
import type { FitJob } from './fit-thread';
import { fitModel } from './model';

parentPort?.on('message', ({ id, job }: { id: number; job: FitJob }) => {
  try {
    const result =
      job.kind === 'fit' ? fitModel(job.results, job.options) : backtest(job.results, job.options);
    parentPort?.postMessage({ id, result });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
