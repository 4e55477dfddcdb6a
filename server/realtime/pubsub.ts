/**
 * Message fan-out between server nodes. In-process by default; with REDIS_URL every node publishes to
 * and subscribes from Redis, so a login on node A kicks a socket held by node B.
 */
export type PubSubHandler = (message: string) => void;

export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** resolves to an unsubscribe function */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class LocalPubSub implements PubSub {
  private readonly channels = new Map<string, Set<PubSubHandler>>();

  async publish(channel: string, message: string): Promise<void> {
    for (const handler of [...(this.channels.get(channel) ?? [])]) handler(message);
  }

  async subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.channels.get(channel) === set) this.channels.delete(channel);
    };
  }

  async close(): Promise<void> {
    this.channels.clear();
  }
}
