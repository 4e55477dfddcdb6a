/**
 * The app's config manifest: `GET /mdr/api/v1/app-config` (issue 15). `npx tsx tests/bench/app-config.ts`
 * (or benchAppConfig() from the bench runner, part `appconfig`). A child process (this file with
 * --serve) opens a real PGlite copy of the test template and serves the real app; autocannon here
 * measures the manifest at a fixed 500 req/s (every open app asks for it on start, after first paint).
 * Budget (issue 15): p99 ≤ 10 ms at 500 req/s.
 */
import { benchMain, load, openBenchApp, type Row, ready, startServeChild } from './http-load';

const PORT = Number(process.env.BENCH_APPCONFIG_PORT ?? 18970);
const MANIFEST = '/mdr/api/v1/app-config';

async function serve(port: number) {
  const { app } = await openBenchApp();
  await app.listen({ port, host: '127.0.0.1' });
  ready(Object.keys(JSON.parse((await app.inject({ url: MANIFEST })).body).data.docs).length);
}

export async function benchAppConfig(): Promise<Row[]> {
  const {
    child,
    values: [docs],
  } = await startServeChild(import.meta.url, PORT);
  const url = `http://127.0.0.1:${PORT}${MANIFEST}`;
  try {
    await load({ url, connections: 10, duration: 2 }); // warm-up
    const max = await load({ url, connections: 20, duration: 5 });
    const fixed = await load({ url, connections: 20, duration: 10, overallRate: 500 });
    const errors = max.non2xx + max.errors + fixed.non2xx + fixed.errors;
    return [
      {
        what: 'app-config manifest: changed documents listed',
        value: String(docs),
        budget: '(info)',
        ok: true,
      },
      {
        what: 'app-config manifest throughput',
        value: `${Math.round(max.requests.average)} req/s`,
        budget: '(info)',
        ok: true,
      },
      {
        what: 'app-config manifest p99 at 500 req/s',
        value: `${fixed.latency.p99} ms (p50 ${fixed.latency.p50} ms)`,
        budget: '≤ 10 ms',
        ok: fixed.latency.p99 <= 10,
      },
      { what: 'app-config errors / non-2xx', value: String(errors), budget: '0', ok: errors === 0 },
    ];
  } finally {
    child.kill('SIGTERM');
  }
}

await benchMain(import.meta.url, serve, benchAppConfig);
