/**
 * Per-topic replay buffers of one node. Every node sees every topic message (one node-wide pattern
 * subscription), so its buffers are complete from the moment it started, whoever published.
 *
 * A buffer knows `completeAfter`: every message with seq > completeAfter is in it. A client resuming
 * with `since` gets the buffered messages after `since` when since >= completeAfter, else it must
 * refetch (reset): messages it missed were evicted (too many / too old) or arrived before this node
 * started. Seqs are strictly increasing per topic (the publisher guarantees it, see hub.publish).
 */
export interface ReplayOptions {
  /** messages kept per topic */
  perTopic?: number;
  /** messages older than this are dropped (ms) */
  maxAgeMs?: number;
  /** topics tracked; the least recently published ones are forgotten first */
  maxTopics?: number;
}

interface Entry {
  seq: number;
  at: number;
  /** the serialized event, sent as-is */
  text: string;
}

interface TopicBuffer {
  entries: Entry[];
  completeAfter: number;
  last: number;
}

export type ReplayResult =
  | { kind: 'replay'; texts: string[]; last: number }
  | { kind: 'reset'; last: number };

export class ReplayBuffers {
  private readonly topics = new Map<string, TopicBuffer>();
  private readonly perTopic: number;
  private readonly maxAgeMs: number;
  private readonly maxTopics: number;

  constructor(
    opts: ReplayOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.perTopic = opts.perTopic ?? 200;
    this.maxAgeMs = opts.maxAgeMs ?? 10 * 60_000;
    this.maxTopics = opts.maxTopics ?? 20_000;
  }

  add(topic: string, seq: number, text: string): void {
    let buf = this.topics.get(topic);
    if (buf) {
      // Map order is insertion order: re-insert so the oldest-published topic is first to go
      this.topics.delete(topic);
    } else {
      buf = { entries: [], completeAfter: seq - 1, last: seq - 1 };
      if (this.topics.size >= this.maxTopics) {
        const oldest = this.topics.keys().next().value;
        if (oldest !== undefined) this.topics.delete(oldest);
      }
    }
    this.topics.set(topic, buf);
    if (seq <= buf.last) return; // duplicate or out of order: the publisher's seq rules prevent this
    buf.entries.push({ seq, at: this.now(), text });
    buf.last = seq;
    this.trim(buf);
  }

  private trim(buf: TopicBuffer): void {
    const cutoff = this.now() - this.maxAgeMs;
    let drop = 0;
    while (
      drop < buf.entries.length &&
      (buf.entries.length - drop > this.perTopic || buf.entries[drop].at < cutoff)
    )
      drop++;
    if (drop) {
      buf.completeAfter = buf.entries[drop - 1].seq;
      buf.entries.splice(0, drop);
    }
  }

  /** What a client that has seen everything up to `since` missed. */
  since(topic: string, since: number): ReplayResult {
    const buf = this.topics.get(topic);
    // nothing seen here (new node, or a long-quiet topic that was forgotten): we cannot tell what was missed
    if (!buf) return { kind: 'reset', last: 0 };
    this.trim(buf);
    if (since < buf.completeAfter || since > buf.last) return { kind: 'reset', last: buf.last };
    const texts: string[] = [];
    for (const e of buf.entries) if (e.seq > since) texts.push(e.text);
    return { kind: 'replay', texts, last: buf.last };
  }

  lastSeq(topic: string): number | undefined {
    return this.topics.get(topic)?.last;
  }

  size(): number {
    return this.topics.size;
  }
}
