/**
 * Orders budget on PGlite (in-process app, fresh seeded database):
 *  - shop order creation with stock reservation through the HTTP API (inject): ≥ 200 orders/s. Each order
 *    is its own HTTP call and transaction: the order row, a conditional stock UPDATE per line, the lines,
 *    the audit row. ORDERS_BENCH_INFLIGHT (default 1) sets the clients in flight (PGlite runs one
 *    statement at a time, so more only adds scheduling)
 *  - the race of issue 12: 200 concurrent orders for the last 20 units → exactly 20 succeed, stock 0
 * Run alone: npx tsx tests/bench/orders.ts
 */
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../server/test/harness';

type Result = { what: string; value: string; budget: string; ok: boolean };

const address = {
  receiver: '陳大文',
  area_code: '852',
  phone: '91234567',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-WC', name: '灣仔區' },
  ],
  detail: '軒尼詩道 123 號 8 樓 A 室',
};

export async function benchOrders(): Promise<Result[]> {
  const t = await createTestApp();
  try {
    const out: Result[] = [];
    const skus = (
      (await t.db.execute(
        sql`select k.id from shop_skus k join shop_products p on p.id = k.product_id where p.status = 1
            order by k.id limit 20`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
    await t.db.execute(
      sql`update shop_skus set stock = 100000 where id in (${sql.join(
        skus.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
    const buyers: { token: string; addressId: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const b = await t.loginByPhone(`6997${String(i + 100).padStart(4, '0')}`);
      const a = await t.call('POST', '/mdr/api/v1/shop/addresses', { token: b.token, body: address });
      buyers.push({ token: b.token, addressId: a.data.id });
    }
    const order = (b: (typeof buyers)[number], key: string, items: { sku_id: number; quantity: number }[]) =>
      t.call('POST', '/mdr/api/v1/shop/orders', {
        token: b.token,
        body: { idempotency_key: key, address_id: b.addressId, items },
      });
    // two lines per order (the cart of the e2e journey), SKUs spread over 20
    const lines = (i: number) => [
      { sku_id: skus[i % 20], quantity: 1 },
      { sku_id: skus[(i * 7 + 3) % 20], quantity: 1 },
    ];
    for (let i = 0; i < 50; i++) await order(buyers[i % 10], `warm-order-${i}`, lines(i));

    const total = 1000;
    let next = 0;
    let okCount = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: Number(process.env.ORDERS_BENCH_INFLIGHT ?? 1) }, async () => {
        while (next < total) {
          const i = next++;
          const r = await order(buyers[i % 10], `bench-order-${i}`, lines(i));
          if (r.code === 0) okCount++;
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    const rate = okCount / secs;
    out.push({
      what: `shop orders/s with stock reservation (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, HTTP inject, in flight ${process.env.ORDERS_BENCH_INFLIGHT ?? 1}, ${okCount}/${total} orders of 2 lines)`,
      value: `${Math.round(rate)}/s`,
      budget: '≥ 200/s',
      ok: rate >= 200 && okCount === total,
    });

    // the last 20 units of one SKU, 200 orders at once
    const last = skus[0];
    await t.db.execute(sql`update shop_skus set stock = 20 where id = ${last}`);
    const race = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        order(buyers[i % 10], `race-${i}`, [{ sku_id: last, quantity: 1 }]),
      ),
    );
    const won = race.filter((r) => r.code === 0).length;
    const [{ stock }] = (
      (await t.db.execute(sql`select stock from shop_skus where id = ${last}`)) as unknown as {
        rows: { stock: number }[];
      }
    ).rows;
    out.push({
      what: `200 concurrent orders for the last 20 units (stock after: ${stock}, 5xx: ${race.filter((r) => r.status >= 500).length})`,
      value: `${won} succeeded`,
      budget: 'exactly 20',
      ok: won === 20 && Number(stock) === 0,
    });
    return out;
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchOrders().then(
    (rows) => {
      for (const r of rows) console.log(`${r.ok ? '✓' : '✗'} ${r.what}: ${r.value} (budget ${r.budget})`);
      process.exit(rows.every((r) => r.ok) ? 0 : 1);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
