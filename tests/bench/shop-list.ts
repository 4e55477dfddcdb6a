/**
 * Shop product list throughput and latency. `npx tsx tests/bench/shop-list.ts` (or benchShopList()
 * from the bench runner, part `shoplist`). A child process (this file with --serve) opens a real
 * PGlite copy of the test template (the seeded catalogue: ~60 products, ~300 SKUs) and serves the
 * real app plus a bare Fastify JSON route on the next port; autocannon here measures both (max
 * throughput with 20 connections, then p99 at a fixed 500 req/s).
 * Budgets (issue 12): list ≥ 0.5x bare throughput; p99 ≤ 30 ms at 500 req/s.
 */
import { benchMain, listenBare, load, openBenchApp, type Row, ready, startServeChild } from './http-load';

const PORT = Number(process.env.BENCH_SHOP_PORT ?? 18960);
/** the first page of the goods screen: a category, default order */
const LIST = '/mdr/api/v1/shop/products?category_id=1&size=20';
/** a search as the search screen sends it, sorted by price */
const SEARCH = `/mdr/api/v1/shop/products?keyword=${encodeURIComponent('球衣')}&sort=price_asc&size=20`;

async function serve(port: number) {
  const { app } = await openBenchApp();
  await app.listen({ port, host: '127.0.0.1' });
  await listenBare(port + 1);
  ready(JSON.parse((await app.inject({ url: LIST })).body).data.total);
}

export async function benchShopList(): Promise<Row[]> {
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
    const list = await load({ url: `${base}${LIST}`, connections: 20, duration: 8 });
    const search = await load({ url: `${base}${SEARCH}`, connections: 20, duration: 5 });
    const fixed = await load({ url: `${base}${LIST}`, connections: 20, duration: 10, overallRate: 500 });
    const fixedSearch = await load({
      url: `${base}${SEARCH}`,
      connections: 20,
      duration: 10,
      overallRate: 500,
    });
    const ratio = list.requests.average / bare.requests.average;
    const errors =
      list.non2xx + list.errors + fixed.non2xx + fixed.errors + search.non2xx + fixedSearch.non2xx;
    return [
      { what: 'shop list: products in the category', value: String(total), budget: '> 0', ok: total > 0 },
      {
        what: 'bare Fastify JSON route throughput',
        value: `${Math.round(bare.requests.average)} req/s`,
        budget: '(reference)',
        ok: true,
      },
      {
        what: `shop list ${LIST} throughput`,
        value: `${Math.round(list.requests.average)} req/s (${ratio.toFixed(2)}x bare)`,
        budget: '≥ 0.5x bare',
        ok: ratio >= 0.5,
      },
      {
        what: 'shop search (keyword, price order) throughput',
        value: `${Math.round(search.requests.average)} req/s`,
        budget: '(info)',
        ok: true,
      },
      {
        what: 'shop list p99 at 500 req/s',
        value: `${fixed.latency.p99} ms (p50 ${fixed.latency.p50} ms)`,
        budget: '≤ 30 ms',
        ok: fixed.latency.p99 <= 30,
      },
      {
        what: 'shop search p99 at 500 req/s',
        value: `${fixedSearch.latency.p99} ms (p50 ${fixedSearch.latency.p50} ms)`,
        budget: '≤ 30 ms',
        ok: fixedSearch.latency.p99 <= 30,
      },
      { what: 'shop list errors / non-2xx', value: String(errors), budget: '0', ok: errors === 0 },
    ];
  } finally {
    child.kill('SIGTERM');
  }
}

await benchMain(import.meta.url, serve, benchShopList);
