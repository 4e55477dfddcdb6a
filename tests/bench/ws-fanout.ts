/**
 * Websocket fan-out: one real server process, 5000 sockets subscribed to one match topic (held by
 * several client processes so no single client event loop is the bottleneck), ~20 events published
 * through the server's dev publish endpoint; per-event delivery latency to every subscriber
 * (publish call start -> message parsed in the client), p50 / p99 / max. Budget: p99 <= 200 ms.
 * Run alone: npx tsx tests/bench/ws-fanout.ts   (SUBSCRIBERS=, EVENTS=, CLIENT_PROCS= to vary)
 */
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { devPublish, fetchToken, startNode } from '../../server/realtime/testing/nodes';
import {
  isSubscriberChild,
  benchNow as now,
  percentile,
  type Subscribers,
  startSubscribers,
  subscriberMain,
} from './ws-kit';

const SELF = fileURLToPath(import.meta.url);
const TOPIC = 'match:900001';
const CHILD_FLAG = 'WS_FANOUT_CHILD';

/** the publish time the bench puts in each counted event (warm-up events carry none) */
function sentAt(text: string): number | null {
  if (text.includes('"warmup":true')) return null;
  // read only the timestamp: the harness's own parsing should not count as delivery time
  const at = text.indexOf('"sentAt":');
  return at < 0 ? null : Number.parseFloat(text.slice(at + 9, at + 40));
}

export async function benchWsFanout(): Promise<
  { what: string; value: string; budget: string; ok: boolean }[]
> {
  const subscribers = Number(process.env.SUBSCRIBERS ?? 5000);
  const events = Number(process.env.EVENTS ?? 20);
  // client processes compete with the server for the same cores: not more of them than cores (2..5)
  const procs = Number(process.env.CLIENT_PROCS ?? Math.max(2, Math.min(5, cpus().length)));
  const node = await startNode({ log: (l) => process.env.BENCH_VERBOSE && process.stderr.write(l) });
  let subs: Subscribers | null = null;
  try {
    // sockets share a handful of visitor sessions: the hub does not care, and it keeps the DB out of it
    const tokens = await Promise.all(Array.from({ length: 20 }, () => fetchToken(node.url)));
    subs = await startSubscribers({
      self: SELF,
      flag: CHILD_FLAG,
      url: node.url,
      topic: TOPIC,
      tokens,
      total: subscribers,
      procs,
    });
    const { opened, connectMs } = subs;

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
    const { latencies: all, got } = await subs.finish();
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
    subs?.kill();
    await node.stop();
  }
}

if (isSubscriberChild(CHILD_FLAG)) {
  await subscriberMain(sentAt);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await benchWsFanout();
  for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'} |`);
  process.exit(0);
}
