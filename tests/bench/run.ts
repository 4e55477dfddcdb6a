/**
 * `npm run bench`: measures the budgets of the foundation issue and prints them against their limits.
 *   cold start (fresh data dir) and reopen, engine runtime size, first-load size of #/match,
 *   Lighthouse on #/login, every tab root, the shop and a product detail (on a server of its own over
 *   HTTPS + HTTP/2 as deployed; LH_PLAIN=1: plain HTTP/1.1), a 200-field config form vs plain React.
 * and those of the match centre and experts issues (match list throughput, detail route size, websocket
 * fan-out, plan purchases and settlement), each of which starts its own server.
 * Needs a built web bundle (npm run build) and Debian's Chromium. Select parts: BENCH=start,size,lh,form,matchlist,shoplist,feed,search,detail,database,discover,ws,comment,ledger,gifts,live,livefan,latency,democpu,plans,orders,appconfig,cfgpublish
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formBench } from './form-mount';
import { killLeftovers, startServer } from './server-process';
import { engineRuntimeGzipKB, firstLoadGzipKB } from './sizes';

const ALL =
  'start,size,lh,form,matchlist,shoplist,feed,search,detail,database,discover,ws,comment,ledger,gifts,live,livefan,latency,democpu,plans,orders,appconfig,cfgpublish';
const parts = new Set((process.env.BENCH ?? ALL).split(','));
const rows: { what: string; value: string; budget: string; ok: boolean }[] = [];
const row = (what: string, value: number, unit: string, budget: number, lowerIsBetter = true) =>
  rows.push({
    what,
    value: `${value} ${unit}`,
    budget: `${lowerIsBetter ? '≤' : '≥'} ${budget} ${unit}`,
    ok: lowerIsBetter ? value <= budget : value >= budget,
  });

const dataDir = mkdtempSync(join(tmpdir(), 'goalfan-bench-'));
// BENCH_PORT: several checkouts may bench on one machine
const port = Number(process.env.BENCH_PORT ?? 18900);
// the first server serves only these parts: a run of other parts does not start it (nor its demo broadcaster)
if (['start', 'size', 'form'].some((p) => parts.has(p))) {
  let server = await startServer(port, dataDir);
  if (parts.has('start')) {
    row(
      'cold npm start -> first response (fresh data dir)',
      Math.round(server.msToFirstResponse),
      'ms',
      10000,
    );
    await server.stop();
    server = await startServer(port, dataDir);
    row('npm start -> first response (reopen)', Math.round(server.msToFirstResponse), 'ms', 3000);
  }
  try {
    if (parts.has('size')) {
      row('engine runtime (src/engine) gzip', await engineRuntimeGzipKB(), 'KB', 25);
      const first = await firstLoadGzipKB(server.url);
      row(`first load #/match JS gzip (${first.files} files)`, first.js, 'KB', 150);
      row('first load #/match CSS gzip', first.css, 'KB', 20);
    }
    if (parts.has('form')) {
      const f = formBench();
      rows.push({
        what: `200-field form mount (production React): config ${f.configMs} ms vs hand-written ${f.handMs} ms`,
        value: `${f.ratio}x`,
        budget: '≤ 2x',
        ok: f.ratio <= 2,
      });
      for (const [fields, ms] of Object.entries(f.keystroke))
        rows.push({
          what: `form keystroke, ${fields} fields`,
          value: `${ms} ms`,
          budget: '≤ 1.3 ms',
          ok: ms <= 1.3,
        });
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
} else rmSync(dataDir, { recursive: true, force: true });

// Each of these starts (and stops) its own server and database.
type Row = { what: string; value: string; budget: string; ok: boolean };
const suites: [string, () => Promise<Row[]>][] = [
  // the sign-in page, every bottom-tab root (issue 11), the shop and a product detail (issue 12), on a
  // server of its own over HTTPS + HTTP/2
  ['lh', async () => (await import('./lighthouse')).benchLighthouse()],
  ['matchlist', async () => (await import('./match-list')).benchMatchList()],
  ['shoplist', async () => (await import('./shop-list')).benchShopList()],
  ['appconfig', async () => (await import('./app-config')).benchAppConfig()],
  ['cfgpublish', async () => (await import('./config-publish')).benchConfigPublish()],
  ['feed', async () => (await import('./news-feed')).benchNewsFeed()],
  ['search', async () => (await import('./search')).benchSearch()],
  ['detail', async () => (await import('./detail-size')).benchDetailSize()],
  ['database', async () => (await import('./database-size')).benchDatabaseSize()],
  ['discover', async () => (await import('./discover-size')).benchDiscoverSize()],
  ['ws', async () => (await import('./ws-fanout')).benchWsFanout()],
  ['comment', async () => (await import('./comment-latency')).benchCommentLatency()],
  ['ledger', async () => (await import('./ledger')).benchLedger()],
  ['gifts', async () => (await import('./live-gifts')).benchLiveGifts()],
  ['live', async () => (await import('./live-size')).benchLiveSize()],
  ['livefan', async () => (await import('./live-fanout')).benchLiveFanout()],
  ['latency', async () => (await import('./live-latency')).benchLiveLatency()],
  ['democpu', async () => (await import('./live-demo-cpu')).benchLiveDemoCpu()],
  ['plans', async () => (await import('./plans')).benchPlans()],
  ['orders', async () => (await import('./orders')).benchOrders()],
];
const sweep = (after: string) => {
  const left = killLeftovers();
  if (left.length)
    console.warn(`bench: killed ${left.length} leftover process(es) after ${after}:\n  ${left.join('\n  ')}`);
};
sweep('the first server');
for (const [name, run] of suites) {
  if (!parts.has(name)) continue;
  try {
    rows.push(...(await run()));
  } catch (err) {
    rows.push({
      what: `${name} benchmark`,
      value: `failed: ${(err as Error).message}`,
      budget: '-',
      ok: false,
    });
  }
  sweep(name);
}

console.log('\n| measure | value | budget | ok |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'NO'} |`);
