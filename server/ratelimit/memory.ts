/** The in-process limiter: one sorted log of action times per key (single node only). */
import type { RateLimiter, RateRule, RateVerdict } from './rules';
import { longestWindow, waitFor } from './rules';

/** keys kept before a sweep drops the ones whose newest entry is older than their longest window */
const SWEEP_AT = 10_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, { times: number[]; keepMs: number }>();

  async take(key: string, rules: readonly RateRule[], nowMs: number): Promise<RateVerdict> {
    const keepMs = longestWindow(rules);
    const log = this.logs.get(key) ?? { times: [], keepMs };
    log.keepMs = Math.max(log.keepMs, keepMs);
    log.times = log.times.filter((t) => t > nowMs - log.keepMs);
    const wait = waitFor(log.times, rules, nowMs);
    if (wait > 0) return { ok: false, retryAfterMs: Math.ceil(wait) };
    log.times.push(nowMs);
    log.times.sort((a, b) => a - b);
    this.logs.set(key, log);
    if (this.logs.size > SWEEP_AT) this.sweep(nowMs);
    return { ok: true };
  }

  private sweep(nowMs: number): void {
    for (const [k, log] of this.logs) {
      if (!log.times.some((t) => t > nowMs - log.keepMs)) this.logs.delete(k);
    }
  }

  async close(): Promise<void> {
    this.logs.clear();
  }
}
