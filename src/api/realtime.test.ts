import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient } from './realtime';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev?: CloseEvent) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(JSON.parse(s));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSend(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) } as MessageEvent);
  }
  serverDrop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function make(onKicked = vi.fn()) {
  const rt = createRealtimeClient({
    getToken: () => 'tok 1',
    onKicked,
    url: (t) => `ws://h/ws?token=${encodeURIComponent(t)}`,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  return { rt, onKicked };
}

describe('realtime client', () => {
  it('connects with the token, subscribes to topics and delivers their messages', () => {
    const { rt } = make();
    const got = vi.fn();
    rt.subscribe('match:1', got);
    rt.connect();
    const ws = FakeSocket.all[0];
    expect(ws.url).toBe('ws://h/ws?token=tok%201');
    ws.serverOpen();
    expect(ws.sent).toEqual([{ type: 'sub', topic: 'match:1' }]);
    ws.serverSend({ type: 'event', topic: 'match:1', data: { score: '1-0' } });
    ws.serverSend({ type: 'event', topic: 'match:2', data: {} });
    expect(got).toHaveBeenCalledTimes(1);
    expect(got.mock.calls[0][0]).toEqual({ score: '1-0' });
  });

  it('reconnects with growing delays and re-subscribes', () => {
    const { rt } = make();
    rt.subscribe('chat:9', () => {});
    rt.connect();
    FakeSocket.all[0].serverDrop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].serverDrop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    FakeSocket.all[2].serverOpen();
    expect(FakeSocket.all[2].sent).toEqual([{ type: 'sub', topic: 'chat:9' }]);
  });

  it('a kicked message reports it and stops reconnecting', () => {
    const { rt, onKicked } = make();
    rt.connect();
    FakeSocket.all[0].serverOpen();
    FakeSocket.all[0].serverSend({ type: 'kicked' });
    expect(onKicked).toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a kicked close code also reports it; a refused token gets a fresh one before retrying', async () => {
    const { rt, onKicked } = make();
    rt.connect();
    FakeSocket.all[0].serverDrop(4001);
    expect(onKicked).toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const refresh = vi.fn(async () => 'fresh');
    const rt2 = createRealtimeClient({
      getToken: () => 'tok',
      onKicked: vi.fn(),
      onAuthFailed: refresh,
      url: (t) => `ws://h/ws?token=${t}`,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    rt2.connect();
    FakeSocket.all[1].serverDrop(4401);
    expect(refresh).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('pings an open socket to keep it alive', () => {
    const { rt } = make();
    rt.connect();
    FakeSocket.all[0].serverOpen();
    vi.advanceTimersByTime(25_000);
    expect(FakeSocket.all[0].sent).toContainEqual({ type: 'ping' });
  });

  it('unsubscribes when the last listener leaves; disconnect stops retries', () => {
    const { rt } = make();
    rt.connect();
    const ws = FakeSocket.all[0];
    ws.serverOpen();
    const off = rt.subscribe('m', () => {});
    off();
    expect(ws.sent).toEqual([
      { type: 'sub', topic: 'm' },
      { type: 'unsub', topic: 'm' },
    ]);
    rt.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('resume and state', () => {
  it('resumes each topic with the last seq seen, drops replayed duplicates, passes resets on', () => {
    const { rt } = make();
    const got: unknown[] = [];
    rt.subscribe('match:1', (d) => got.push(d));
    rt.subscribe('chat:r', (d) => got.push(d));
    rt.connect();
    let ws = FakeSocket.all[0];
    ws.serverOpen();
    ws.serverSend({ type: 'subscribed', topic: 'match:1', seq: 4 });
    ws.serverSend({ type: 'subscribed', topic: 'chat:r', seq: 0 });
    ws.serverSend({ type: 'event', topic: 'match:1', seq: 5, data: { n: 5 } });
    ws.serverSend({ type: 'event', topic: 'match:1', seq: 6, data: { n: 6 } });
    ws.serverDrop();
    vi.advanceTimersByTime(1000);
    ws = FakeSocket.all[1];
    ws.serverOpen();
    expect(ws.sent).toEqual([
      { type: 'sub', topic: 'match:1', since: 6 },
      { type: 'sub', topic: 'chat:r', since: 0 },
    ]);
    // the server replays 6 (already seen) and 7, then says the chat gap is too old
    ws.serverSend({ type: 'event', topic: 'match:1', seq: 6, data: { n: 6 } });
    ws.serverSend({ type: 'event', topic: 'match:1', seq: 7, data: { n: 7 } });
    ws.serverSend({ type: 'reset', topic: 'chat:r', seq: 90 });
    expect(got).toEqual([{ n: 5 }, { n: 6 }, { n: 7 }, { kind: 'reset', topic: 'chat:r' }]);
    expect(rt.lastSeq('chat:r')).toBe(90);
  });

  it('counts listeners per topic: one sub, unsub only after the last one leaves', () => {
    const { rt } = make();
    rt.connect();
    const ws = FakeSocket.all[0];
    ws.serverOpen();
    const a = vi.fn();
    const b = vi.fn();
    const offA = rt.subscribe('match:3', a);
    const offB = rt.subscribe('match:3', b);
    ws.serverSend({ type: 'event', topic: 'match:3', seq: 1, data: 1 });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    offA();
    expect(ws.sent).toEqual([{ type: 'sub', topic: 'match:3' }]);
    offB();
    expect(ws.sent).toEqual([
      { type: 'sub', topic: 'match:3' },
      { type: 'unsub', topic: 'match:3' },
    ]);
  });

  it('reports its state: connecting, open, retrying, idle', () => {
    const { rt } = make();
    const states: string[] = [];
    rt.onState((s) => states.push(s));
    expect(rt.state).toBe('idle');
    rt.connect();
    FakeSocket.all[0].serverOpen();
    FakeSocket.all[0].serverDrop();
    rt.disconnect();
    expect(states).toEqual(['connecting', 'open', 'retrying', 'idle']);
  });
  it('a refused or evicted topic tells its listeners once and is not asked for again on reconnect', async () => {
    const { rt } = make();
    const chat = vi.fn();
    const other = vi.fn();
    rt.subscribe('chat:live-9', chat);
    rt.subscribe('match:1', other);
    rt.connect();
    FakeSocket.all[0].serverOpen();
    FakeSocket.all[0].serverSend({
      type: 'error',
      reason: 'forbidden',
      code: 170402,
      msg: 'banned',
      topic: 'chat:live-9',
    });
    expect(chat).toHaveBeenCalledTimes(1);
    expect(chat.mock.calls[0][0]).toEqual({
      kind: 'refused',
      topic: 'chat:live-9',
      reason: 'forbidden',
      code: 170402,
      msg: 'banned',
    });
    expect(other).not.toHaveBeenCalled();
    // a later listener of the same topic hears it too, without a new request
    const late = vi.fn();
    rt.subscribe('chat:live-9', late);
    await Promise.resolve();
    expect(late.mock.calls[0][0]).toMatchObject({ kind: 'refused', reason: 'forbidden' });
    expect(FakeSocket.all[0].sent).toHaveLength(2);
    // the network drops: only the topic still open is subscribed again
    FakeSocket.all[0].serverDrop();
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1].serverOpen();
    expect(FakeSocket.all[1].sent).toEqual([{ type: 'sub', topic: 'match:1' }]);
    // an eviction while subscribed stops that topic the same way
    FakeSocket.all[1].serverSend({ type: 'error', reason: 'evicted', code: 170402, topic: 'match:1' });
    expect(other.mock.calls[0][0]).toMatchObject({ kind: 'refused', reason: 'evicted', code: 170402 });
    FakeSocket.all[1].serverDrop();
    vi.advanceTimersByTime(2000);
    FakeSocket.all[2].serverOpen();
    expect(FakeSocket.all[2].sent).toEqual([]);
    // another account signs in (disconnect, connect): the server decides afresh for every topic
    rt.disconnect();
    rt.connect();
    FakeSocket.all[3].serverOpen();
    expect(FakeSocket.all[3].sent).toEqual([
      { type: 'sub', topic: 'chat:live-9' },
      { type: 'sub', topic: 'match:1' },
    ]);
  });

  it('a refused topic is asked for again when every listener left and a new one comes', () => {
    const { rt } = make();
    rt.connect();
    const ws = FakeSocket.all[0];
    ws.serverOpen();
    const off = rt.subscribe('chat:live-9', () => {});
    ws.serverSend({ type: 'error', reason: 'forbidden', code: 170402, topic: 'chat:live-9' });
    off();
    // nothing to leave: the server never let it in
    expect(ws.sent).toEqual([{ type: 'sub', topic: 'chat:live-9' }]);
    rt.subscribe('chat:live-9', () => {});
    expect(ws.sent).toEqual([
      { type: 'sub', topic: 'chat:live-9' },
      { type: 'sub', topic: 'chat:live-9' },
    ]);
  });
});
