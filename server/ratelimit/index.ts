/**
 * Per-user action limits that hold across server nodes: a sliding-window log per key (one action =
 * one entry at the server clock's now), checked against every rule at once and recorded only when all
 * rules allow it. In memory by default (one process, `npm start` needs nothing); in Redis when
 * REDIS_URL is set, where one Lua script does the check and the record atomically, so two nodes
 * sharing one Redis share one limit.
 */
import type { AppConfig } from '../config';
import { ApiError } from '../http/errors';
import { MemoryRateLimiter } from './memory';
import { RedisRateLimiter } from './redis';
import type { RateLimiter, RateRule } from './rules';

export type { RateLimiter, RateRule, RateVerdict } from './rules';
export { MemoryRateLimiter, RedisRateLimiter };

export function createRateLimiter(config: Pick<AppConfig, 'redisUrl'>): RateLimiter {
  return config.redisUrl ? new RedisRateLimiter(config.redisUrl) : new MemoryRateLimiter();
}

/** Take one slot or throw `code` with `{ retry_after_ms }` (the envelope every limit answers). */
export async function enforce(
  limiter: RateLimiter,
  key: string,
  rules: readonly RateRule[],
  nowMs: number,
  code: number,
): Promise<void> {
  const verdict = await limiter.take(key, rules, nowMs);
  if (!verdict.ok) throw new ApiError(code, { retry_after_ms: verdict.retryAfterMs });
}
