/**
 * The limiter in Redis: one sorted set per key (score = action time), checked and added to by one
 * Lua script; Redis runs scripts one at a time, so parallel actions on any number of nodes cannot
 * both take the last slot.
 */
import { Redis } from 'ioredis';
import type { RateLimiter, RateRule, RateVerdict } from './rules';
import { longestWindow } from './rules';

/**
 * KEYS[1] the log; ARGV: now, longest window, member, then limit/window pairs.
 * Answers 0 (recorded) or the wait in ms.
 */
const TAKE = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local keep = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - keep)
local wait = 0
for i = 4, #ARGV, 2 do
  local limit = tonumber(ARGV[i])
  local w = tonumber(ARGV[i + 1])
  local lo = '(' .. tostring(now - w)
  local n = redis.call('ZCOUNT', key, lo, now)
  if n >= limit then
    local r = redis.call('ZREVRANGEBYSCORE', key, now, lo, 'WITHSCORES', 'LIMIT', limit - 1, 1)
    local t = tonumber(r[2]) + w - now
    if t > wait then wait = t end
  end
end
if wait > 0 then return wait end
redis.call('ZADD', key, now, ARGV[3])
redis.call('PEXPIRE', key, keep)
return 0
`;

type LimiterRedis = Redis & {
  rateTake(key: string, ...args: (string | number)[]): Promise<number>;
};

let seq = 0;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: LimiterRedis;
  private warned = false;

  constructor(
    url: string,
    private readonly prefix = 'goalfan:rl:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 }) as LimiterRedis;
    this.redis.defineCommand('rateTake', { numberOfKeys: 1, lua: TAKE });
    // connection errors surface in take (and are retried by ioredis): no unhandled 'error' events
    this.redis.on('error', () => {});
  }

  async take(key: string, rules: readonly RateRule[], nowMs: number): Promise<RateVerdict> {
    const member = `${nowMs}:${process.pid}:${++seq}:${Math.random().toString(36).slice(2, 8)}`;
    const args: (string | number)[] = [nowMs, longestWindow(rules), member];
    for (const r of rules) args.push(r.limit, r.windowMs);
    let wait: number;
    try {
      wait = Number(await this.redis.rateTake(this.prefix + key, ...args));
    } catch (err) {
      // Redis away: the action goes through (a limit is a guard, not the action's precondition); said once
      if (!this.warned)
        console.warn(`[ratelimit] Redis unavailable, not limiting: ${(err as Error).message}`);
      this.warned = true;
      return { ok: true };
    }
    this.warned = false;
    return wait > 0 ? { ok: false, retryAfterMs: Math.ceil(wait) } : { ok: true };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
