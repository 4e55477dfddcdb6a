/**
 * Match list throughput and latency. `npx tsx tests/bench/match-list.ts` (or benchMatchList() from
 * the bench runner). A child process (this file with --serve) opens a real PGlite copy of the test
 * template, adds ≥ 300 matches for today, plays the past ones, and serves the real app plus a bare
 * Fastify JSON route on the next port; autocannon here measures both (max throughput with 20
 * connections, then p99 at a fixed 500 req/s).
 * Budgets: list ≥ 0.5x bare throughput; p99 ≤ 30 ms at 500 req/s.
 */
import type autocannon from 'autocannon';
import { benchMain, listenBare, load, openBenchApp, type Row, ready, startServeChild } from './http-load';

const PORT = Number(process.env.BENCH_LIST_PORT ?? 18950);
const LIST = '/mdr/api/v1/matches?tab=instant';
const LIST_DAY = '/mdr/api/v1/matches?tab=instant&size=500';

async function serve(port: number) {
  const { insertTestFixtures } = await import('../../server/modules/matches/test-fixtures');
  const { playPastMatches } = await import('../../server/feed/catch-up');
  const { app } = await openBenchApp(async (db) => {
    const now = Date.now();
    // matches every 4 minutes across today (HK), so the instant tab holds ≥ 300 of them
    const dayStart = Date.parse(`${new Date(now + 8 * 3600_000).toISOString().slice(0, 10)}T00:00:00+08:00`);
    await insertTestFixtures(db, {
      now: dayStart + 12 * 3600_000,
      perDay: 320,
      days: [0, 0],
      prefix: 'BENCH',
      spacingMs: 4 * 60_000,
    });
    await playPastMatches(db, new Date(now));
  });
  await app.listen({ port, host: '127.0.0.1' });
  // the same answer as a plain object, serialized per request: the cost of this payload without our caching
  await listenBare(port + 1, { '/same': JSON.parse((await app.inject({ url: LIST })).body) });
  ready(JSON.parse((await app.inject({ url: LIST_DAY })).body).data.total);
}

export async function benchMatchList(): Promise<Row[]> {
  const {
    child,
    values: [total],
  } = await startServeChild(import.meta.url, PORT);
  const base = `http://127.0.0.1:${PORT}`;
  const bareUrl = `http://127.0.0.1:${PORT + 1}/hello`;
  try {
    await load({ url: `${base}${LIST}`, connections: 10, duration: 2 }); // warm-up
    await load({ url: bareUrl, connections: 10, duration: 2 });
    const bare = await load({ url: bareUrl, connections: 20, duration: 8 });
    const same = await load({ url: `http://127.0.0.1:${PORT + 1}/same`, connections: 20, duration: 8 });
    const list = await load({ url: `${base}${LIST}`, connections: 20, duration: 8 });
    const day = await load({ url: `${base}${LIST_DAY}`, connections: 20, duration: 5 });
    const fixed = await load({ url: `${base}${LIST}`, connections: 20, duration: 10, overallRate: 500 });
    const fixedDay = await load({
      url: `${base}${LIST_DAY}`,
      connections: 20,
      duration: 10,
      overallRate: 500,
    });
    // what the app's match tab does: the whole day, asked for by a browser (brotli accepted)
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const fixedDayBr = await load({
      url: `${base}${LIST_DAY}`,
      connections: 20,
      duration: 10,
      overallRate: 500,
      headers: browser,
    });
    const bytesPer = (r: autocannon.Result) => r.throughput.total / Math.max(1, r.requests.total);
    const ratio = list.requests.average / bare.requests.average;
    const errors =
      list.non2xx +
      list.errors +
      fixed.non2xx +
      fixed.errors +
      day.non2xx +
      fixedDay.non2xx +
      fixedDayBr.non2xx;
    return [
      {
        what: "match list: matches in today's list",
        value: String(total),
        budget: '≥ 300',
        ok: total >= 300,
      },
      {
        what: 'bare Fastify JSON route throughput',
        value: `${Math.round(bare.requests.average)} req/s`,
        budget: '(reference)',
        ok: true,
      },
      {
        what: `match list ${LIST} throughput`,
        value: `${Math.round(list.requests.average)} req/s (${ratio.toFixed(2)}x bare)`,
        budget: '≥ 0.5x bare',
        ok: ratio >= 0.5,
      },
      {
        what: 'bare Fastify route, same list payload (JSON.stringify per request)',
        value: `${Math.round(same.requests.average)} req/s (list = ${(list.requests.average / same.requests.average).toFixed(2)}x)`,
        budget: '(info)',
        ok: true,
      },
      {
        what: 'match list whole day (size=500) throughput',
        value: `${Math.round(day.requests.average)} req/s, ${Math.round(day.throughput.average / 1e6)} MB/s`,
        budget: '(info)',
        ok: true,
      },
      {
        what: 'match list p99 at 500 req/s',
        value: `${fixed.latency.p99} ms (p50 ${fixed.latency.p50} ms)`,
        budget: '≤ 30 ms',
        ok: fixed.latency.p99 <= 30,
      },
      {
        what: 'match list size=500 p99 at 500 req/s',
        value: `${fixedDay.latency.p99} ms`,
        budget: '≤ 30 ms',
        ok: fixedDay.latency.p99 <= 30,
      },
      {
        what: 'match list size=500 as a browser asks (br): p99 at 500 req/s, bytes per answer',
        value: `${fixedDayBr.latency.p99} ms; ${Math.round(bytesPer(fixedDayBr) / 1024)} KB (plain ${Math.round(bytesPer(fixedDay) / 1024)} KB)`,
        budget: '≤ 30 ms',
        ok: fixedDayBr.latency.p99 <= 30,
      },
      { what: 'match list errors / non-2xx', value: String(errors), budget: '0', ok: errors === 0 },
    ];
  } finally {
    child.kill('SIGTERM');
  }
}

await benchMain(import.meta.url, serve, benchMatchList);
