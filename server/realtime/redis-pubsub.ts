/**
 * PubSub over Redis: one connection publishes, one subscribes (Redis requires a dedicated connection
 * in subscriber mode). Handlers are kept locally; Redis subscriptions follow the first/last handler.
 */
import { Redis } from 'ioredis';
import type { PubSub, PubSubHandler } from './pubsub';

export class RedisPubSub implements PubSub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channels = new Map<string, Set<PubSubHandler>>();

  constructor(url: string) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub.on('message', (channel: string, message: string) => {
      for (const handler of [...(this.channels.get(channel) ?? [])]) handler(message);
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

  async close(): Promise<void> {
    this.channels.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
