/**
 * The websocket hub: which sockets this node holds, per session and per topic. The messages both ways
 * are declared in contracts/realtime.ts.
 *
 * Topic events go through the PubSub once per node (a prefix subscription), are kept in a bounded
 * per-topic replay buffer, and are written to each local subscriber as the same serialized string.
 */
import {
  EVENT_HEAD,
  type Frame,
  KICKED_CLOSE_CODE,
  LOGOUT_CLOSE_CODE,
  readFrame,
  type ServerMessage,
  type SessionMessage,
  SLOW_CLIENT_CLOSE_CODE,
} from '../../contracts/realtime';
import type { AppConfig } from '../config';
import { LocalPubSub, type PubSub } from './pubsub';
import { RedisPubSub } from './redis-pubsub';
import { ReplayBuffers, type ReplayOptions } from './replay';

export interface SocketLike {
  readonly readyState: number;
  /** bytes queued but not yet sent (ws); a client this far behind is cut off */
  readonly bufferedAmount?: number;
  /** a Buffer is sent as a text frame when opts.binary is false (ws) */
  send(data: string | Buffer, opts?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** Topics are "<kind>:<id>", e.g. match:123, chat:match-9, matches:live; user:<id> is private to that user. */
const TOPIC_PATTERN = /^[a-z][a-z0-9_-]{0,31}:[A-Za-z0-9_.-]{1,64}$/;
const MAX_TOPICS_PER_SOCKET = 50;
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const OPEN = 1;
const TOPIC_CHANNEL = 'topic:';
/** evictions reach every node on this channel ({topic, userId, code}) */
const EVICT_CHANNEL = 'hub:evict';
/** messages after which the socket's session is over, so it must stop receiving (private topics too) */
const CLOSE_AFTER: Record<SessionMessage['type'], number> = {
  kicked: KICKED_CLOSE_CODE,
  logout: LOGOUT_CLOSE_CODE,
};

interface Client {
  socket: SocketLike;
  sessionId: number;
  userId: number | null;
  /** the words of a refusal code in the socket's language (ws-routes); none: the code alone */
  describe?: (code: number) => string;
  topics: Set<string>;
  offSession: (() => Promise<void>) | null;
  closed: boolean;
}

export interface PublishOptions {
  /** the publisher's own sequence (e.g. the match's seq); the hub never goes backwards, see publish */
  seq?: number;
}

/**
 * A topic kind's guard, registered by the module that owns the kind (e.g. the chat module for "chat:",
 * which asks the live module's ban check for "chat:live-<id>"): resolves null to let the user in, or
 * the envelope code that refuses. Run once per subscription, never per message.
 */
export type TopicGuard = (topic: string, userId: number | null) => Promise<number | null>;

export interface Hub {
  attach(
    socket: SocketLike,
    session: { sessionId: number; userId: number | null; describe?: (code: number) => string },
  ): void;
  /** guard every topic "<kind>:..." (one guard per kind; the hub itself knows no module) */
  guardTopics(kind: string, guard: TopicGuard): void;
  /**
   * Drop a user's subscriptions to a topic on every node (a ban imposed): each socket gets
   * {type:'error', reason:'evicted', code, topic} and no further event of the topic. A later
   * subscription goes through the topic's guard again.
   */
  evict(topic: string, userId: number, code: number): Promise<void>;
  sendToSession(sessionId: number, msg: SessionMessage): Promise<void>;
  /**
   * Publish on a topic to every node. The event's seq is max(last seq of the topic + 1, publisher seq),
   * where the publisher seq is opts.seq or else a numeric `data.seq`: strictly increasing per topic
   * even when one topic carries several matches' seqs (matches:live). Resolves with the seq.
   */
  publish(topic: string, data: unknown, opts?: PublishOptions): Promise<number>;
  /** the last seq this node has seen on a topic (undefined when none) */
  lastSeq(topic: string): number | undefined;
  connectionCount(): number;
  close(): Promise<void>;
}

export function createPubSub(config: Pick<AppConfig, 'redisUrl'>): PubSub {
  return config.redisUrl ? new RedisPubSub(config.redisUrl) : new LocalPubSub();
}

function sendText(client: Client, text: string | Buffer): void {
  const { socket } = client;
  if (socket.readyState !== OPEN) return;
  // a phone that stopped reading would make the server hold every event for it; it can resume later
  if ((socket.bufferedAmount ?? 0) > MAX_BUFFERED_BYTES) {
    socket.close(SLOW_CLIENT_CLOSE_CODE, 'too slow');
    return;
  }
  if (typeof text === 'string') socket.send(text);
  else socket.send(text, { binary: false });
}

function sendJson(client: Client, msg: ServerMessage): void {
  sendText(client, JSON.stringify(msg));
}

function parse(data: unknown): Frame | null {
  const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : '';
  return text.length > 4096 ? null : readFrame(text);
}

/** Event texts start with {"type":"event","seq":N, — read N without parsing the whole payload. */
function seqOf(text: string): number {
  if (!text.startsWith(EVENT_HEAD)) return Number.NaN;
  return Number.parseInt(text.slice(EVENT_HEAD.length, EVENT_HEAD.length + 20), 10);
}

export function createHub(pubsub: PubSub, replayOpts?: ReplayOptions): Hub {
  const clients = new Set<Client>();
  const subscribers = new Map<string, Set<Client>>();
  const replay = new ReplayBuffers(replayOpts);

  function onTopicMessage(channel: string, text: string): void {
    const topic = channel.slice(TOPIC_CHANNEL.length);
    const seq = seqOf(text);
    if (!Number.isFinite(seq)) return;
    replay.add(topic, seq, text);
    const set = subscribers.get(topic);
    if (!set) return;
    // encoded once for every subscriber (ws would otherwise convert the string per socket)
    const bytes = set.size > 1 ? Buffer.from(text) : text;
    for (const client of set) sendText(client, bytes);
  }
  const guards = new Map<string, TopicGuard>();
  /** per "<topic> <userId>": evictions seen on this node, so a guard that ran across one runs again */
  const evictions = new Map<string, number>();
  const evictKey = (topic: string, userId: number | null) => `${topic} ${userId ?? ''}`;

  function onEvict(raw: string): void {
    let msg: { topic?: unknown; userId?: unknown; code?: unknown };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    const { topic, userId, code } = msg;
    if (typeof topic !== 'string' || typeof userId !== 'number' || typeof code !== 'number') return;
    const key = evictKey(topic, userId);
    if (evictions.size > 10_000) evictions.clear();
    evictions.set(key, (evictions.get(key) ?? 0) + 1);
    for (const client of [...(subscribers.get(topic) ?? [])]) {
      if (client.userId !== userId) continue;
      leave(client, topic);
      sendJson(client, { type: 'error', reason: 'evicted', code, msg: client.describe?.(code), topic });
    }
  }

  const ready = Promise.all([
    pubsub.subscribePrefix(TOPIC_CHANNEL, onTopicMessage),
    pubsub.subscribe(EVICT_CHANNEL, onEvict),
  ]);
  ready.catch(() => {});

  /** the topic kind's guard (none: open); runs again when an eviction of this user came meanwhile */
  async function refusal(client: Client, topic: string): Promise<number | null> {
    const guard = guards.get(topic.slice(0, topic.indexOf(':')));
    if (!guard) return null;
    const key = evictKey(topic, client.userId);
    for (let tries = 0; tries < 3; tries++) {
      const before = evictions.get(key);
      const code = await guard(topic, client.userId);
      if (code !== null || evictions.get(key) === before) return code;
    }
    throw new Error('evicted while joining, again and again');
  }

  function mayJoin(client: Client, topic: string): boolean {
    if (!TOPIC_PATTERN.test(topic)) return false;
    if (topic.startsWith('session:')) return false;
    if (topic.startsWith('user:')) return client.userId !== null && topic === `user:${client.userId}`;
    return true;
  }

  function join(client: Client, topic: string, since: number | null): void {
    // all synchronous: no live event can slip between the replay and the subscription
    let set = subscribers.get(topic);
    if (!set) {
      set = new Set();
      subscribers.set(topic, set);
    }
    set.add(client);
    client.topics.add(topic);
    if (since === null) {
      sendJson(client, { type: 'subscribed', topic, seq: replay.lastSeq(topic) ?? 0 });
      return;
    }
    const missed = replay.since(topic, since);
    sendJson(client, { type: 'subscribed', topic, seq: missed.last });
    if (missed.kind === 'reset') sendJson(client, { type: 'reset', topic, seq: missed.last });
    else for (const text of missed.texts) sendText(client, text);
  }

  function leave(client: Client, topic: string): void {
    client.topics.delete(topic);
    const set = subscribers.get(topic);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) subscribers.delete(topic);
  }

  async function onMessage(client: Client, data: unknown): Promise<void> {
    const msg = parse(data);
    if (!msg) return sendJson(client, { type: 'error', reason: 'bad_message' });
    if (msg.type === 'ping') return sendJson(client, { type: 'pong' });
    const topic = typeof msg.topic === 'string' ? msg.topic : '';
    if (msg.type === 'sub' || msg.type === 'subscribe') {
      if (!mayJoin(client, topic)) return sendJson(client, { type: 'error', reason: 'bad_topic', topic });
      const since =
        typeof msg.since === 'number' && Number.isSafeInteger(msg.since) && msg.since >= 0 ? msg.since : null;
      await ready;
      if (client.closed) return;
      let code: number | null;
      try {
        code = await refusal(client, topic);
      } catch {
        code = -1;
      }
      if (client.closed) return;
      if (code === -1) return sendJson(client, { type: 'error', reason: 'unavailable', topic });
      if (code !== null)
        return sendJson(client, {
          type: 'error',
          reason: 'forbidden',
          code,
          msg: client.describe?.(code),
          topic,
        });
      // counted after the await: the check and the join happen together
      if (client.topics.size >= MAX_TOPICS_PER_SOCKET && !client.topics.has(topic)) {
        return sendJson(client, { type: 'error', reason: 'too_many_topics', topic });
      }
      return join(client, topic, since);
    }
    if (msg.type === 'unsub' || msg.type === 'unsubscribe') {
      leave(client, topic);
      return sendJson(client, { type: 'unsubscribed', topic });
    }
    sendJson(client, { type: 'error', reason: 'unknown_type' });
  }

  async function listenSession(client: Client): Promise<void> {
    const off = await pubsub.subscribe(`session:${client.sessionId}`, (raw) => {
      // only this hub publishes on session channels, and only session messages
      const msg = parse(raw) as SessionMessage | null;
      if (!msg) return;
      sendJson(client, msg);
      const closeCode = CLOSE_AFTER[msg.type];
      if (closeCode) client.socket.close(closeCode, msg.type);
    });
    if (client.closed) await off();
    else client.offSession = off;
  }

  return {
    attach(socket, session) {
      const client: Client = { socket, ...session, topics: new Set(), offSession: null, closed: false };
      clients.add(client);
      socket.on('message', (data) => void onMessage(client, data).catch(() => {}));
      socket.on('close', () => {
        client.closed = true;
        clients.delete(client);
        for (const topic of [...client.topics]) leave(client, topic);
        void client.offSession?.().catch(() => {});
      });
      void Promise.all([listenSession(client), ready])
        .then(() => sendJson(client, { type: 'ready' }))
        .catch(() => {});
    },
    async sendToSession(sessionId, msg) {
      await pubsub.publish(`session:${sessionId}`, JSON.stringify(msg));
    },
    async publish(topic, data, opts) {
      // this node must see its own event (replay buffer) before anyone asks for it
      await ready;
      const own = opts?.seq ?? (data as { seq?: unknown } | null)?.seq;
      const minSeq = typeof own === 'number' && Number.isSafeInteger(own) && own > 0 ? own : 1;
      // the seq goes in front so every node reads it cheaply (seqOf) and sends the text untouched
      const suffix = `,${JSON.stringify({ topic, data }).slice(1)}`;
      return pubsub.publishSequenced(`${TOPIC_CHANNEL}${topic}`, `rt:seq:${topic}`, minSeq, {
        prefix: EVENT_HEAD,
        suffix,
      });
    },
    guardTopics(kind, guard) {
      guards.set(kind, guard);
    },
    async evict(topic, userId, code) {
      await ready;
      await pubsub.publish(EVICT_CHANNEL, JSON.stringify({ topic, userId, code }));
    },
    lastSeq: (topic) => replay.lastSeq(topic),
    connectionCount() {
      return clients.size;
    },
    async close() {
      for (const client of clients) client.socket.close(1001, 'server shutting down');
      clients.clear();
      subscribers.clear();
      await pubsub.close();
    },
  };
}
