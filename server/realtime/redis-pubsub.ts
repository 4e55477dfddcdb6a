/**
 * PubSub over Redis: one connection publishes, one subscribes (Redis requires a dedicated connection
 * in subscriber mode). Handlers are kept locally; Redis subscriptions follow the first/last handler.
 */
import { Redis } from 'ioredis';
import type { PatternHandler, PubSub, PubSubHandler } from './pubsub';

/**
 * INCR-or-jump and PUBLISH in one script: Redis runs scripts one at a time, so two nodes publishing on
 * the same topic can never publish seq 6 before seq 5. The counter lives a day after the last message.
 */
const PUBLISH_SEQUENCED = `
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local seq = math.max(last + 1, tonumber(ARGV[1]))
redis.call('SET', KEYS[1], seq, 'EX', 86400)
redis.call('PUBLISH', ARGV[2], ARGV[3] .. seq .. ARGV[4])
return seq
`;

type SequencedRedis = Redis & {
  publishSequenced(
    key: string,
    min: number,
    channel: string,
    prefix: string,
    suffix: string,
  ): Promise<number>;
};

export class RedisPubSub implements PubSub {
  private readonly pub: SequencedRedis;
  private readonly sub: Redis;
  private readonly channels = new Map<string, Set<PubSubHandler>>();
  private readonly patterns = new Map<string, Set<PatternHandler>>();

  constructor(url: string) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 }) as SequencedRedis;
    this.pub.defineCommand('publishSequenced', { numberOfKeys: 1, lua: PUBLISH_SEQUENCED });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub.on('message', (channel: string, message: string) => {
      for (const handler of [...(this.channels.get(channel) ?? [])]) handler(message);
    });
    this.sub.on('pmessage', (pattern: string, channel: string, message: string) => {
      for (const handler of [...(this.patterns.get(pattern) ?? [])]) handler(channel, message);
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.pub.publish(channel, message);
  }

  async subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
      await this.sub.subscribe(channel);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.channels.get(channel) === set) {
        this.channels.delete(channel);
        await this.sub.unsubscribe(channel);
      }
    };
  }

  async subscribePrefix(prefix: string, handler: PatternHandler): Promise<() => Promise<void>> {
    // prefixes are our own constants ("topic:"), so glob characters cannot sneak in
    const pattern = `${prefix}*`;
    let set = this.patterns.get(pattern);
    if (!set) {
      set = new Set();
      this.patterns.set(pattern, set);
      await this.sub.psubscribe(pattern);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.patterns.get(pattern) === set) {
        this.patterns.delete(pattern);
        await this.sub.punsubscribe(pattern);
      }
    };
  }

  async publishSequenced(
    channel: string,
    seqKey: string,
    minSeq: number,
    parts: { prefix: string; suffix: string },
  ): Promise<number> {
    return Number(await this.pub.publishSequenced(seqKey, minSeq, channel, parts.prefix, parts.suffix));
  }

  async close(): Promise<void> {
    this.channels.clear();
    this.patterns.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
