/**
 * The websocket benches' shared kit (ws-fanout.ts, live-fanout.ts): N sockets subscribed to one topic,
 * held by a few client processes (forks of the bench's own file) so no single client event loop is the
 * bottleneck; each client records, per event, now − the send time the event carries.
 *
 * A bench file calls `subscriberMain(sentAt)` when it runs as a child (`isSubscriberChild(flag)`), and
 * `startSubscribers(...)` in the parent; `sentAt(text)` reads the send time (ms, performance clock)
 * from a raw message, or null for messages that do not count.
 */
import { fork } from 'node:child_process';
import WebSocket from 'ws';

type ToParent = { type: 'ready'; opened: number } | { type: 'done'; latencies: number[]; got: number };
type ToChild =
  | { type: 'start'; url: string; topic: string; tokens: string[]; count: number }
  | { type: 'finish' };

/** the clock both sides stamp with (same machine: wall-clock aligned, sub-ms) */
export const benchNow = () => performance.timeOrigin + performance.now();

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

export const isSubscriberChild = (flag: string) => process.env[flag] === '1';

/** Child process: open `count` sockets, subscribe each, record (receive time − sentAt) per event. */
export async function subscriberMain(sentAt: (text: string) => number | null): Promise<void> {
  const latencies: number[] = [];
  let got = 0;
  const sockets: WebSocket[] = [];
  process.on('message', async (raw: ToChild) => {
    if (raw.type === 'finish') {
      process.send?.({ type: 'done', latencies, got } satisfies ToParent, () => {
        for (const s of sockets) s.terminate();
        process.exit(0);
      });
      return;
    }
    const { url, topic, tokens, count } = raw;
    const wsUrl = url.replace(/^http/, 'ws');
    let opened = 0;
    // open in small batches: a burst of thousands of handshakes at once only measures the accept queue
    for (let i = 0; i < count; i += 100) {
      const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) => {
        const token = tokens[(i + j) % tokens.length];
        return new Promise<void>((ok, fail) => {
          const ws = new WebSocket(`${wsUrl}/ws?token=${encodeURIComponent(token)}`, {
            perMessageDeflate: false,
          });
          sockets.push(ws);
          ws.on('error', fail);
          ws.on('message', (data) => {
            const text = String(data);
            const at = text.startsWith('{"type":"event"') ? sentAt(text) : null;
            if (at !== null) {
              latencies.push(benchNow() - at);
              got++;
            } else if (text.includes('"ready"')) {
              ws.send(JSON.stringify({ type: 'subscribe', topic }));
            } else if (text.includes('"subscribed"')) {
              opened++;
              ok();
            }
          });
        });
      });
      await Promise.all(batch);
    }
    process.send?.({ type: 'ready', opened } satisfies ToParent);
  });
}

export interface Subscribers {
  opened: number;
  connectMs: number;
  /** asks every client for its numbers and ends them: all latencies sorted, events received */
  finish(): Promise<{ latencies: number[]; got: number }>;
  kill(): void;
}

/** Forks `procs` clients of `self` (with env[flag]=1) holding `total` subscribed sockets between them. */
export async function startSubscribers(o: {
  self: string;
  flag: string;
  url: string;
  topic: string;
  tokens: string[];
  total: number;
  procs: number;
}): Promise<Subscribers> {
  const children: ReturnType<typeof fork>[] = [];
  const kill = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  };
  const per = Math.ceil(o.total / o.procs);
  const ready: Promise<number>[] = [];
  const t0 = Date.now();
  for (let i = 0; i < o.procs; i++) {
    const count = Math.min(per, o.total - i * per);
    if (count <= 0) break;
    const child = fork(o.self, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [o.flag]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(child);
    ready.push(
      new Promise((ok, fail) => {
        child.once('message', (m: ToParent) => (m.type === 'ready' ? ok(m.opened) : fail(new Error('bad'))));
        child.once('exit', (code) => fail(new Error(`client process exited with ${code}`)));
      }),
    );
    child.send({ type: 'start', url: o.url, topic: o.topic, tokens: o.tokens, count } satisfies ToChild);
  }
  let opened: number;
  try {
    opened = (await Promise.all(ready)).reduce((a, b) => a + b, 0);
  } catch (err) {
    kill();
    throw err;
  }
  const connectMs = Date.now() - t0;
  const finish = async () => {
    const results = await Promise.all(
      children.map(
        (child) =>
          new Promise<{ latencies: number[]; got: number }>((ok) => {
            child.removeAllListeners('exit');
            child.once('message', (m: ToParent) => m.type === 'done' && ok(m));
            child.send({ type: 'finish' } satisfies ToChild);
          }),
      ),
    );
    return {
      latencies: results.flatMap((r) => r.latencies).sort((a, b) => a - b),
      got: results.reduce((a, r) => a + r.got, 0),
    };
  };
  return { opened, connectMs, finish, kill };
}
