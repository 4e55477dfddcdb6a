/** The limiter's contract and the sliding-window arithmetic both stores share. */
export interface RateRule {
  /** at most `limit` actions ... */
  limit: number;
  /** ... in any window of this many milliseconds (limit 1 = a minimum interval) */
  windowMs: number;
}

export type RateVerdict = { ok: true } | { ok: false; retryAfterMs: number };

export interface RateLimiter {
  /**
   * Record one action of `key` at `nowMs` when every rule allows it; otherwise record nothing and say
   * how long until the tightest rule would allow one. Entries later than `nowMs` (a clock set back
   * in tests) are not counted.
   */
  take(key: string, rules: readonly RateRule[], nowMs: number): Promise<RateVerdict>;
  close(): Promise<void>;
}

/** The wait the rules impose on a log of action times (ascending), 0 when one more is allowed. */
export function waitFor(times: readonly number[], rules: readonly RateRule[], nowMs: number): number {
  let wait = 0;
  for (const rule of rules) {
    const inWindow = times.filter((t) => t > nowMs - rule.windowMs && t <= nowMs);
    if (inWindow.length < rule.limit) continue;
    // the limit-th most recent entry must leave the window before one more fits
    const pivot = inWindow[inWindow.length - rule.limit];
    wait = Math.max(wait, pivot + rule.windowMs - nowMs);
  }
  return wait;
}

export function longestWindow(rules: readonly RateRule[]): number {
  return rules.reduce((m, r) => Math.max(m, r.windowMs), 0);
}
