/**
 * A gift seen by N viewers of one live room (issue 14 budget: 5,000 viewers, p99 ≤ 1 s). One real
 * server process as `npm start` runs it (demo broadcaster off, so no ffmpeg competes), N websockets subscribed to live:<room>
 * (held by a few client processes), and the README's demo fan sending real gifts over HTTP (route,
 * ledger, publish). Latency per viewer and gift: POST start -> the gift event parsed in the client;
 * the send time travels in the gift's own tap id (fan-<µs>), so nothing is added to the event.
 * Run alone: npx tsx tests/bench/live-fanout.ts   (VIEWERS=, GIFTS=, CLIENT_PROCS= to vary)
 */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liveTopic } from '../../contracts/live';
import { fetchToken } from '../../server/realtime/testing/nodes';
import type { Row } from './http-load';
import { startServer } from './server-process';
import {
  isSubscriberChild,
  benchNow as now,
  percentile as pct,
  type Subscribers,
  startSubscribers,
  subscriberMain,
} from './ws-kit';

const SELF = fileURLToPath(import.meta.url);
const CHILD_FLAG = 'LIVE_FANOUT_CHILD';

/** the send time travels in the gift's tap id (fan-<µs>) */
function sentAt(text: string): number | null {
  const at = text.indexOf('"tap_id":"fan-');
  return at < 0 ? null : Number.parseInt(text.slice(at + 14, at + 40), 10) / 1000;
}

const BASIC = `Basic ${Buffer.from('h5-client:h5-secret').toString('base64')}`;

/** The README's demo fan (500 coins), signed in by password as the login screen does. */
async function demoFanToken(base: string): Promise<string> {
  const post = async (path: string, body: unknown, auth: string) =>
    (await (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { code: number; data: Record<string, unknown> };
  const visitor = `Bearer ${(await post('/prs/api/v1/token', {}, BASIC)).data.token}`;
  const pk = (
    await (await fetch(`${base}/prs/api/v1/user/public-key`, { headers: { authorization: visitor } })).json()
  ).data as { key: string; now: number };
  const stamped = JSON.stringify({ ts: pk.now, nonce: randomBytes(12).toString('hex'), pw: 'Demo1234' });
  const password = publicEncrypt(
    { key: pk.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(stamped),
  ).toString('base64');
  const login = await post(
    '/prs/api/v1/user/login',
    { login_type: 1, area_code: '852', phone: '91234567', password },
    visitor,
  );
  if (login.code !== 0) throw new Error(`demo fan login failed: ${JSON.stringify(login)}`);
  return String(login.data.token);
}

export async function benchLiveFanout(): Promise<Row[]> {
  const viewers = Number(process.env.VIEWERS ?? 5000);
  const gifts = Number(process.env.GIFTS ?? 20);
  const procs = Number(process.env.CLIENT_PROCS ?? Math.max(2, Math.min(4, cpus().length)));
  const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-bench-livefan-'));
  const node = await startServer(Number(process.env.BENCH_LIVEFAN_PORT ?? 18908), dataDir, {
    LIVE_DEMO: '0',
    SKIP_WEB_BUILD: '1',
  });
  let subs: Subscribers | null = null;
  try {
    const fan = await demoFanToken(node.url);
    const rooms = (await (
      await fetch(`${node.url}/mdr/api/v1/live/rooms?status=idle`, {
        headers: { authorization: `Bearer ${fan}` },
      })
    ).json()) as { data: { list: { id: number }[] } };
    const room = rooms.data.list[0]?.id;
    if (!room) return [{ what: 'live fan-out: a seeded room', value: 'none', budget: '≥ 1', ok: false }];
    const tokens = await Promise.all(Array.from({ length: 20 }, () => fetchToken(node.url)));
    subs = await startSubscribers({
      self: SELF,
      flag: CHILD_FLAG,
      url: node.url,
      topic: liveTopic(room),
      tokens,
      total: viewers,
      procs,
    });
    const { opened } = subs;
    await new Promise((r) => setTimeout(r, 2000));
    let refused = 0;
    for (let n = 0; n < gifts; n++) {
      // one gift every 300 ms: the pace of a busy room's taps (a combo is ≤ 1 per tap)
      const tap = `fan-${Math.round(now() * 1000)}`;
      const r = (await (
        await fetch(`${node.url}/mdr/api/v1/live/rooms/${room}/gifts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fan}`, 'content-type': 'application/json' },
          body: JSON.stringify({ gift_id: 'ball', tap_id: tap }),
        })
      ).json()) as { code: number };
      if (r.code !== 0) refused++;
      await new Promise((res) => setTimeout(res, 300));
    }
    await new Promise((r) => setTimeout(r, 1500));
    const { latencies: all, got } = await subs.finish();
    const sent = gifts - refused;
    const p99 = Math.round(pct(all, 99));
    return [
      {
        what: `live gift seen by ${opened} viewers of one room (${sent} gifts over HTTP), p99`,
        value: `${p99} ms (p50 ${Math.round(pct(all, 50))} ms, max ${Math.round(all[all.length - 1] ?? Number.NaN)} ms)`,
        budget: '≤ 1000 ms',
        ok: p99 <= 1000 && opened === viewers,
      },
      {
        what: 'live gift events delivered',
        value: `${got} / ${opened * sent}${refused ? ` (${refused} gifts refused)` : ''}`,
        budget: `= ${viewers * gifts}`,
        ok: got === viewers * gifts,
      },
    ];
  } finally {
    subs?.kill();
    await node.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isSubscriberChild(CHILD_FLAG)) {
  await subscriberMain(sentAt);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = await benchLiveFanout();
  console.table(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
