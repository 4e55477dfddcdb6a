/**
 * Websocket fan-out: one real server process, 5000 sockets subscribed to one match topic (held by
 * several client processes so no single client event loop is the bottleneck), ~20 events published
 * through the server's dev publish endpoint; per-event delivery latency to every subscriber
 * (publish call start -> message parsed in the client), p50 / p99 / max. Budget: p99 <= 200 ms.
 * Run alone: npx tsx tests/bench/ws-fanout.ts   (SUBSCRIBERS=, EVENTS=, CLIENT_PROCS= to vary)
 */
import { fork } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { devPublish, fetchToken, startNode } from '../../server/realtime/testing/nodes';

const SELF = fileURLToPath(import.meta.url);
const TOPIC = 'match:900001';

type ToParent = { type: 'ready'; opened: number } | { type: 'done'; latencies: number[]; got: number };
type ToChild = { type: 'start'; url: string; tokens: string[]; count: number } | { type: 'finish' };

const now = () => performance.timeOrigin + performance.now();

/** Child process: open `count` sockets, subscribe each, record (receive time - sentAt) per event. */
async function clientMain(): Promise<void> {
  const latencies: number[] = [];
  let got = 0;
  const sockets: WebSocket[] = [];
  process.on('message', async (raw: ToChild) => {
    if (raw.type === 'finish') {
      process.send!({ type: 'done', latencies, got } satisfies ToParent, () => {
        for (const s of sockets) s.terminate();
        process.exit(0);
      });
      return;
    }
    const { url, tokens, count } = raw;
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
            if (text.startsWith('{"type":"event"') && !text.includes('"warmup":true')) {
              // read only the timestamp: the harness's own parsing should not count as delivery time
              const at = text.indexOf('"sentAt":');
              latencies.push(now() - Number.parseFloat(text.slice(at + 9, at + 40)));
              got++;
            } else if (text.includes('"ready"')) {
              ws.send(JSON.stringify({ type: 'subscribe', topic: TOPIC }));
            } else if (text.includes('"subscribed"')) {
              opened++;
              ok();
            }
          });
        });
      });
      await Promise.all(batch);
    }
    process.send!({ type: 'ready', opened } satisfies ToParent);
  });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function benchWsFanout(): Promise<
  { what: string; value: string; budget: string; ok: boolean }[]
> {
  const subscribers = Number(process.env.SUBSCRIBERS ?? 5000);
  const events = Number(process.env.EVENTS ?? 20);
  // client processes compete with the server for the same cores: not more of them than cores (2..5)
  const procs = Number(process.env.CLIENT_PROCS ?? Math.max(2, Math.min(5, cpus().length)));
  const node = await startNode({ log: (l) => process.env.BENCH_VERBOSE && process.stderr.write(l) });
  const children: ReturnType<typeof fork>[] = [];
  try {
    // sockets share a handful of visitor sessions: the hub does not care, and it keeps the DB out of it
    const tokens = await Promise.all(Array.from({ length: 20 }, () => fetchToken(node.url)));
    const per = Math.ceil(subscribers / procs);
    const ready: Promise<number>[] = [];
    for (let i = 0; i < procs; i++) {
      const count = Math.min(per, subscribers - i * per);
      if (count <= 0) break;
      const child = fork(SELF, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, WS_FANOUT_CHILD: '1' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      ready.push(
        new Promise((ok, fail) => {
          child.once('message', (m: ToParent) =>
            m.type === 'ready' ? ok(m.opened) : fail(new Error('bad')),
          );
          child.once('exit', (code) => fail(new Error(`client process exited with ${code}`)));
        }),
      );
      child.send({ type: 'start', url: node.url, tokens, count } satisfies ToChild);
    }
    const t0 = Date.now();
    const opened = (await Promise.all(ready)).reduce((a, b) => a + b, 0);
    const connectMs = Date.now() - t0;

    // a running server is warm: let the connection burst settle and send two events that do not count
    await new Promise((r) => setTimeout(r, 2000));
    for (let n = -1; n <= 0; n++) {
      await devPublish(node.url, TOPIC, { kind: 'match', n, warmup: true, data: { id: 900001, minute: 0 } });
      await new Promise((r) => setTimeout(r, 500));
    }
    for (let n = 1; n <= events; n++) {
      await devPublish(node.url, TOPIC, { kind: 'match', n, sentAt: now(), data: { id: 900001, minute: n } });
      // spaced like a busy match (a burst of events is still well under a second apart)
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1000));
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
    const all = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const got = results.reduce((a, r) => a + r.got, 0);
    const p50 = Math.round(percentile(all, 50));
    const p99 = Math.round(percentile(all, 99));
    const max = Math.round(all[all.length - 1] ?? Number.NaN);
    const expected = opened * events;
    console.error(
      `[ws-fanout] ${opened} subscribers (${procs} client processes, connected in ${connectMs} ms), ${events} events: ` +
        `delivered ${got}/${expected}, p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`,
    );
    return [
      {
        what: `websocket fan-out: ${opened} subscribers x ${events} events, delivery p99`,
        value: `${p99} ms (p50 ${p50} ms, max ${max} ms)`,
        budget: '≤ 200 ms',
        ok: p99 <= 200 && opened === subscribers,
      },
      {
        what: 'websocket fan-out: messages delivered',
        value: `${got} / ${expected}`,
        budget: `= ${subscribers * events}`,
        ok: got === subscribers * events,
      },
    ];
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await node.stop();
  }
}

if (process.env.WS_FANOUT_CHILD === '1') {
  await clientMain();
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await benchWsFanout();
  for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'} |`);
  process.exit(0);
}
