/**
 * Message fan-out between server nodes. In-process by default; with REDIS_URL every node publishes to
 * and subscribes from Redis, so a login on node A kicks a socket held by node B and a topic event
 * published on A reaches sockets held by B.
 */
export type PubSubHandler = (message: string) => void;
export type PatternHandler = (channel: string, message: string) => void;

export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** resolves to an unsubscribe function */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>>;
  /** every channel starting with `prefix` (one subscription per node for all topics) */
  subscribePrefix(prefix: string, handler: PatternHandler): Promise<() => Promise<void>>;
  /**
   * Publish with the next sequence number of `seqKey`, atomically, so the order of seqs is the order
   * every subscriber sees: seq = max(last + 1, minSeq). `build(seq)` must give the message; Redis
   * builds it from `prefix + seq + suffix` (see RedisPubSub). Resolves with the seq used.
   */
  publishSequenced(
    channel: string,
    seqKey: string,
    minSeq: number,
    parts: { prefix: string; suffix: string },
  ): Promise<number>;
  close(): Promise<void>;
}

export class LocalPubSub implements PubSub {
  private readonly channels = new Map<string, Set<PubSubHandler>>();
  private readonly prefixes = new Set<{ prefix: string; handler: PatternHandler }>();
  private readonly seqs = new Map<string, number>();

  async publish(channel: string, message: string): Promise<void> {
    this.deliver(channel, message);
  }

  private deliver(channel: string, message: string): void {
    for (const handler of [...(this.channels.get(channel) ?? [])]) handler(message);
    for (const p of [...this.prefixes]) if (channel.startsWith(p.prefix)) p.handler(channel, message);
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

  async subscribePrefix(prefix: string, handler: PatternHandler): Promise<() => Promise<void>> {
    const entry = { prefix, handler };
    this.prefixes.add(entry);
    return async () => {
      this.prefixes.delete(entry);
    };
  }

  async publishSequenced(
    channel: string,
    seqKey: string,
    minSeq: number,
    parts: { prefix: string; suffix: string },
  ): Promise<number> {
    const seq = Math.max((this.seqs.get(seqKey) ?? 0) + 1, minSeq);
    this.seqs.set(seqKey, seq);
    this.deliver(channel, `${parts.prefix}${seq}${parts.suffix}`);
    return seq;
  }

  async close(): Promise<void> {
    this.channels.clear();
    this.prefixes.clear();
  }
}
