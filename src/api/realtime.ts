/**
 * One WebSocket per client (`/ws?token=`), topic subscriptions on top (reference-counted), reconnect
 * with exponential backoff and resume: on reconnect each topic is re-subscribed with `since` = the last
 * seq seen, so the server replays what was missed, or answers `reset` (then listeners get
 * `{kind:'reset', topic}` and refetch). Wire format: contracts/realtime.ts. {type:'kicked'} (then
 * close 4001) means the session was revoked by a login elsewhere; 4401 means the token was refused.
 * A topic the server refuses or evicts ({type:'error', reason:'forbidden'|'evicted', topic}) gets
 * `{kind:'refused', ...}` and is not asked for again (not on reconnect either) until all its listeners
 * left: a banned viewer's phone must not knock on the door at every reconnect.
 */
import {
  AUTH_FAILED_CLOSE_CODE,
  type ClientMessage,
  type Frame,
  KICKED_CLOSE_CODE,
  type RefusedNotice,
  readFrame,
  refusedNotice,
  resetNotice,
} from '../../contracts/realtime';

const PING_MS = 25_000;

/** `data` is the published payload, or a ResetNotice when missed messages are gone. */
export type TopicListener = (data: unknown, message: Frame) => void;
export type RealtimeState = 'idle' | 'connecting' | 'open' | 'retrying';

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
  readonly state: RealtimeState;
  /** called on every state change; returns an unsubscribe */
  onState(listener: (state: RealtimeState) => void): () => void;
  /** the last seq delivered on a topic (tests, debugging) */
  lastSeq(topic: string): number | undefined;
}

function defaultUrl(token: string): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws?token=${encodeURIComponent(token)}`;
}

export function createRealtimeClient(opts: RealtimeOptions): RealtimeClient {
  const topics = new Map<string, Set<TopicListener>>();
  /** last seq per topic while subscribed (a new subscriber fetches fresh data, it needs no replay) */
  const seqs = new Map<string, number>();
  /** topics the server refused or evicted, with the notice late listeners get too */
  const refused = new Map<string, RefusedNotice>();
  const stateListeners = new Set<(s: RealtimeState) => void>();
  const base = opts.baseDelayMs ?? 1000;
  const max = opts.maxDelayMs ?? 30_000;
  let socket: WebSocket | null = null;
  let wanted = false;
  let attempt = 0;
  let state: RealtimeState = 'idle';
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  const setState = (next: RealtimeState) => {
    if (next === state) return;
    state = next;
    for (const l of [...stateListeners]) l(next);
  };

  const sendJson = (msg: ClientMessage) => {
    if (socket?.readyState === 1) socket.send(JSON.stringify(msg));
  };

  const subMessage = (topic: string): ClientMessage => {
    const since = seqs.get(topic);
    return since === undefined ? { type: 'sub', topic } : { type: 'sub', topic, since };
  };

  function scheduleRetry() {
    if (!wanted || retryTimer) return;
    setState('retrying');
    const delay = Math.min(max, base * 2 ** attempt);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
  }

  function deliver(topic: string, data: unknown, msg: Frame) {
    for (const l of [...(topics.get(topic) ?? [])]) {
      try {
        l(data, msg);
      } catch (e) {
        console.error('[realtime] listener failed', e);
      }
    }
  }

  function onMessage(ev: MessageEvent) {
    const msg = readFrame(String(ev.data));
    if (!msg) return;
    if (msg.type === 'kicked') {
      opts.onKicked();
      // the session is revoked: reconnecting with the same token would only be refused
      close();
      return;
    }
    const topic = typeof msg.topic === 'string' ? msg.topic : null;
    if (!topic) return;
    const seq = typeof msg.seq === 'number' ? msg.seq : undefined;
    const refusal = topics.has(topic) ? refusedNotice(topic, msg) : null;
    if (refusal) {
      refused.set(topic, refusal);
      seqs.delete(topic);
      deliver(topic, refusal, msg);
      return;
    }
    if (msg.type === 'subscribed') {
      // the baseline a later resume starts from, when nothing arrived yet
      if (seq !== undefined && !seqs.has(topic)) seqs.set(topic, seq);
      return;
    }
    if (msg.type === 'reset') {
      if (seq !== undefined) seqs.set(topic, seq);
      deliver(topic, resetNotice(topic), msg);
      return;
    }
    if (msg.type !== 'event') return;
    if (seq !== undefined) {
      const last = seqs.get(topic);
      // a replay may overlap what already arrived
      if (last !== undefined && seq <= last) return;
      seqs.set(topic, seq);
    }
    deliver(topic, msg.data, msg);
  }

  function open() {
    const token = opts.getToken();
    const Impl = opts.WebSocketImpl ?? globalThis.WebSocket;
    if (!wanted || !token || !Impl) {
      setState('idle');
      return;
    }
    setState('connecting');
    const ws = new Impl((opts.url ?? defaultUrl)(token));
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      for (const topic of topics.keys()) if (!refused.has(topic)) sendJson(subMessage(topic));
      // idle sockets are cut by proxies and phone networks; a ping keeps this one warm
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = setInterval(() => sendJson({ type: 'ping' }), PING_MS);
      setState('open');
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
        setState('retrying');
        void opts.onAuthFailed().finally(scheduleRetry);
        return;
      }
      scheduleRetry();
    };
  }

  function close() {
    wanted = false;
    // a new connection may be another account's (login, logout): the server's guards decide again
    refused.clear();
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const ws = socket;
    socket = null;
    ws?.close();
    setState('idle');
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
        sendJson(subMessage(topic));
      }
      set.add(listener);
      const notice = refused.get(topic);
      // a listener joining a refused topic hears so too (after subscribe returned, as an event would)
      if (notice)
        queueMicrotask(() => {
          if (set.has(listener) && refused.get(topic) === notice) listener(notice, { type: 'error' });
        });
      return () => {
        set.delete(listener);
        if (set.size === 0 && topics.get(topic) === set) {
          topics.delete(topic);
          seqs.delete(topic);
          // a refused topic has nothing to leave; the next subscriber asks again (a ban may have ended)
          if (!refused.delete(topic)) sendJson({ type: 'unsub', topic });
        }
      };
    },
    get connected() {
      return socket?.readyState === 1;
    },
    get state() {
      return state;
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    lastSeq: (topic) => seqs.get(topic),
  };
}
