/**
 * One WebSocket per client (`/ws?token=`), topic subscriptions on top, reconnect with backoff.
 * Wire format (server/realtime/hub.ts): client sends {type:'sub'|'unsub', topic} and {type:'ping'};
 * server sends {type:'event', topic, data}, and {type:'kicked'} (then closes with 4001) when this
 * session was revoked because the account logged in elsewhere. 4401 means the token was refused.
 */
export const KICKED_CLOSE_CODE = 4001;
export const AUTH_FAILED_CLOSE_CODE = 4401;
const PING_MS = 25_000;

export type TopicListener = (data: unknown, message: Record<string, unknown>) => void;

export interface RealtimeOptions {
  getToken(): string | null;
  onKicked(): void;
  /** builds the socket URL; default derives ws(s):// from the page location */
  url?: (token: string) => string;
  WebSocketImpl?: typeof WebSocket;
  /** the token was refused (expired or revoked): fetch a fresh one before the next attempt */
  onAuthFailed?(): Promise<unknown>;
  /** first retry delay; doubles up to maxDelayMs */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface RealtimeClient {
  connect(): void;
  disconnect(): void;
  subscribe(topic: string, listener: TopicListener): () => void;
  readonly connected: boolean;
}

function defaultUrl(token: string): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws?token=${encodeURIComponent(token)}`;
}

export function createRealtimeClient(opts: RealtimeOptions): RealtimeClient {
  const topics = new Map<string, Set<TopicListener>>();
  const base = opts.baseDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 30_000;
  let socket: WebSocket | null = null;
  let wanted = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  const sendJson = (msg: unknown) => {
    if (socket?.readyState === 1) socket.send(JSON.stringify(msg));
  };

  function scheduleRetry() {
    if (!wanted || retryTimer) return;
    const delay = Math.min(max, base * 2 ** attempt);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
  }

  function onMessage(ev: MessageEvent) {
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(String(ev.data));
    } catch {
      return;
    }
    if (msg.type === 'kicked') {
      opts.onKicked();
      // the session is revoked: reconnecting with the same token would only be refused
      close();
      return;
    }
    const topic = typeof msg.topic === 'string' ? msg.topic : null;
    if (!topic) return;
    for (const l of topics.get(topic) ?? []) l(msg.data, msg);
  }

  function open() {
    const token = opts.getToken();
    const Impl = opts.WebSocketImpl ?? globalThis.WebSocket;
    if (!wanted || !token || !Impl) return;
    const ws = new Impl((opts.url ?? defaultUrl)(token));
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      for (const topic of topics.keys()) sendJson({ type: 'sub', topic });
      // idle sockets are cut by proxies and phone networks; a ping keeps this one warm
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = setInterval(() => sendJson({ type: 'ping' }), PING_MS);
    };
    ws.onmessage = onMessage;
    ws.onclose = (ev?: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = null;
      if (ev?.code === KICKED_CLOSE_CODE) {
        opts.onKicked();
        close();
        return;
      }
      if (ev?.code === AUTH_FAILED_CLOSE_CODE && opts.onAuthFailed) {
        void opts.onAuthFailed().finally(scheduleRetry);
        return;
      }
      scheduleRetry();
    };
  }

  function close() {
    wanted = false;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const ws = socket;
    socket = null;
    ws?.close();
  }

  return {
    connect() {
      if (wanted && socket) return;
      wanted = true;
      attempt = 0;
      open();
    },
    disconnect: close,
    subscribe(topic, listener) {
      let set = topics.get(topic);
      if (!set) {
        set = new Set();
        topics.set(topic, set);
        sendJson({ type: 'sub', topic });
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && topics.get(topic) === set) {
          topics.delete(topic);
          sendJson({ type: 'unsub', topic });
        }
      };
    },
    get connected() {
      return socket?.readyState === 1;
    },
  };
}
