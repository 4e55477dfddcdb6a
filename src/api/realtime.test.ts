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
