/**
 * `playPastMatches(db, now)`: the simulator's catch-up in one call, for tests and the bench that need
 * played matches without running the feed. Matches writes (catchUpMatches); this only picks the
 * provider and its seed and speed.
 */

import { DEFAULT_SIM_SEED } from '../config';
import type { Db } from '../db';
import { type CatchUpResult, catchUpMatches } from '../modules/matches';
import { createSimulatorProvider } from './simulator/provider';

export interface CatchUpOptions {
  speed?: number;
  seed?: number;
  /** only these matches */
  ids?: number[];
}

export function playPastMatches(db: Db, now: Date, opts: CatchUpOptions = {}): Promise<CatchUpResult> {
  const feed = createSimulatorProvider({ db, speed: opts.speed ?? 1, seed: opts.seed ?? DEFAULT_SIM_SEED });
  return catchUpMatches(db, feed, now, { ids: opts.ids });
}
