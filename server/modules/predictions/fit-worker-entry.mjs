// The worker thread's entry: plain JavaScript that teaches the thread TypeScript (tsx, as the server
// itself runs), then loads the real worker. `--import tsx` in a worker's execArgv is not applied on Node 20.
import { register } from 'tsx/esm/api';

register();
await import('./fit-worker.ts');
