/**
 * The websocket hub: which sockets this node holds, per session and per topic. Sends go through the
 * PubSub so they reach sockets on any node. Messages are JSON; server -> client:
 *   {type:'kicked'}                 the session was revoked by a newer login (socket closes after)
 *   {type:'logout'}                 the session ended (logout, password reset); socket closes after
 *   {type:'event', topic, data}     something published on a topic the client subscribed to
 *   {type:'subscribed'|'unsubscribed', topic}, {type:'error', code, reason}
 * client -> server: {type:'sub', topic}, {type:'unsub', topic}, {type:'ping'} (answered {type:'pong'}).
 */
import type { AppConfig } from '../config';
import { LocalPubSub, type PubSub } from './pubsub';
import { RedisPubSub } from './redis-pubsub';

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

export interface RealtimeMessage {
  type: string;
  [key: string]: unknown;
}

/** Topics are "<kind>:<id>", e.g. match:123, room:abc; user:<id> is private to that user. */
const TOPIC_PATTERN = /^[a-z][a-z0-9_-]{0,31}:[A-Za-z0-9_.-]{1,64}$/;
const MAX_TOPICS_PER_SOCKET = 50;
const OPEN = 1;
export const KICKED_CLOSE_CODE = 4001;
export const LOGOUT_CLOSE_CODE = 4002;
/** messages after which the socket's session is over, so it must stop receiving (private topics too) */
const CLOSE_AFTER: Record<string, number> = { kicked: KICKED_CLOSE_CODE, logout: LOGOUT_CLOSE_CODE };

interface Client {
  socket: SocketLike;
  sessionId: number;
  userId: number | null;
  unsubscribers: Map<string, () => Promise<void>>;
}

export interface Hub {
  attach(socket: SocketLike, session: { sessionId: number; userId: number | null }): void;
  sendToSession(sessionId: number, msg: RealtimeMessage): Promise<void>;
  publish(topic: string, data: unknown): Promise<void>;
  connectionCount(): number;
  close(): Promise<void>;
}

export function createPubSub(config: Pick<AppConfig, 'redisUrl'>): PubSub {
  return config.redisUrl ? new RedisPubSub(config.redisUrl) : new LocalPubSub();
}

function sendJson(socket: SocketLike, msg: RealtimeMessage): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(msg));
}

function parse(data: unknown): RealtimeMessage | null {
  try {
    const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : '';
    if (text.length > 4096) return null;
    const msg = JSON.parse(text);
    return msg && typeof msg === 'object' && typeof msg.type === 'string' ? msg : null;
  } catch {
    return null;
  }
}

export function createHub(pubsub: PubSub): Hub {
  const clients = new Set<Client>();

  async function listen(client: Client, channel: string): Promise<void> {
    if (client.unsubscribers.has(channel)) return;
    const placeholder = async () => {};
    client.unsubscribers.set(channel, placeholder);
    const unsubscribe = await pubsub.subscribe(channel, (raw) => {
      const msg = parse(raw);
      if (!msg) return;
      sendJson(client.socket, msg);
      const closeCode = CLOSE_AFTER[msg.type];
      if (closeCode) client.socket.close(closeCode, msg.type);
    });
    if (client.unsubscribers.get(channel) === placeholder && clients.has(client)) {
      client.unsubscribers.set(channel, unsubscribe);
    } else {
      await unsubscribe();
    }
  }

  async function unlisten(client: Client, channel: string): Promise<void> {
    const unsubscribe = client.unsubscribers.get(channel);
    client.unsubscribers.delete(channel);
    if (unsubscribe) await unsubscribe();
  }

  function mayJoin(client: Client, topic: string): boolean {
    if (!TOPIC_PATTERN.test(topic)) return false;
    if (topic.startsWith('session:')) return false;
    if (topic.startsWith('user:')) return client.userId !== null && topic === `user:${client.userId}`;
    return true;
  }

  async function onMessage(client: Client, data: unknown): Promise<void> {
    const msg = parse(data);
    if (!msg) return sendJson(client.socket, { type: 'error', reason: 'bad_message' });
    if (msg.type === 'ping') return sendJson(client.socket, { type: 'pong' });
    const topic = typeof msg.topic === 'string' ? msg.topic : '';
    if (msg.type === 'sub') {
      if (!mayJoin(client, topic))
        return sendJson(client.socket, { type: 'error', reason: 'bad_topic', topic });
      const topics = [...client.unsubscribers.keys()].filter((c) => c.startsWith('topic:'));
      if (topics.length >= MAX_TOPICS_PER_SOCKET && !client.unsubscribers.has(`topic:${topic}`)) {
        return sendJson(client.socket, { type: 'error', reason: 'too_many_topics', topic });
      }
      await listen(client, `topic:${topic}`);
      return sendJson(client.socket, { type: 'subscribed', topic });
    }
    if (msg.type === 'unsub') {
      await unlisten(client, `topic:${topic}`);
      return sendJson(client.socket, { type: 'unsubscribed', topic });
    }
    sendJson(client.socket, { type: 'error', reason: 'unknown_type' });
  }

  return {
    attach(socket, session) {
      const client: Client = { socket, ...session, unsubscribers: new Map() };
      clients.add(client);
      socket.on('message', (data) => void onMessage(client, data).catch(() => {}));
      socket.on('close', () => {
        clients.delete(client);
        for (const channel of [...client.unsubscribers.keys()])
          void unlisten(client, channel).catch(() => {});
      });
      void listen(client, `session:${session.sessionId}`)
        .then(() => sendJson(socket, { type: 'ready' }))
        .catch(() => {});
    },
    async sendToSession(sessionId, msg) {
      await pubsub.publish(`session:${sessionId}`, JSON.stringify(msg));
    },
    async publish(topic, data) {
      await pubsub.publish(`topic:${topic}`, JSON.stringify({ type: 'event', topic, data }));
    },
    connectionCount() {
      return clients.size;
    },
    async close() {
      for (const client of clients) client.socket.close(1001, 'server shutting down');
      clients.clear();
      await pubsub.close();
    },
  };
}
