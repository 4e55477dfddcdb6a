/**
 * Plans budgets on PGlite (in-process app, fresh seeded database):
 *  - plan purchases per second through the HTTP API (inject): ≥ 300/s, ledger invariant after. PGlite runs one
 *    statement at a time, so clients in flight only add scheduling; PLANS_BENCH_INFLIGHT (default 1) sets it
 *  - settlement of one match carrying 1000 plans and 20000 purchases (half red, half refunded): ≤ 10 s
 * Run alone: npx tsx tests/bench/plans.ts
 */
import { sql } from 'drizzle-orm';
import { overridePlanRules, settleDue } from '../../server/modules/plans';
import { finishMatch, fund, makeExpert, makeMatches } from '../../server/modules/plans/test-support';
import { checkLedgerInvariant, postLedger } from '../../server/modules/wallet';
import { createTestApp } from '../../server/test/harness';

type Result = { what: string; value: string; budget: string; ok: boolean };

async function bulkPlans(
  db: Parameters<typeof makeExpert>[0],
  expertId: number,
  matchId: number,
  count: number,
  price: number,
) {
  const res = await db.execute(sql`
    insert into plans (expert_id, lottery, play_type, mode, title, content, price, refund_if_not_red, close_at)
    select ${expertId}, 'jczq', 'spf', 'single', 'bench ' || g, repeat('分析', 30), ${price}, g % 2 = 0,
           now() + interval '1 day'
    from generate_series(1, ${count}) g
    returning id`);
  const ids = (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  // the plans that promise a refund pick a draw (not red on a 1:0: refunded), the others the home win
  // (red); by the flag, not by the id's parity, which matched the flag's only when the first id was even
  await db.execute(sql`
    insert into plan_matches (plan_id, match_id, picks, odds)
    select p.id, ${matchId}, case when p.refund_if_not_red then '["1"]'::jsonb else '["3"]'::jsonb end,
      '{}'::jsonb
    from plans p where p.id = any(${sql.raw(`array[${ids.join(',')}]::int[]`)})`);
  return ids;
}

export async function benchPlans(): Promise<Result[]> {
  const t = await createTestApp();
  overridePlanRules({ dailyPublishQuota: 1_000_000 });
  try {
    const out: Result[] = [];
    const expert = await t.loginByPhone('69990001');
    await makeExpert(t.db, expert.userId);
    const [m1, m2] = await makeMatches(t.db, 2);

    // purchases/s: 10 buyers, 100 plans each way; every purchase is its own HTTP call and transaction
    const plans = await bulkPlans(t.db, expert.userId, m1, 200, 18);
    const buyers = [];
    for (let i = 0; i < 10; i++) {
      const b = await t.loginByPhone(`6999${String(i + 100).padStart(4, '0')}`);
      await fund(t.db, b.userId, 18 * 200);
      buyers.push(b);
    }
    const jobs = buyers.flatMap((b, bi) => plans.map((p, pi) => ({ b, p, k: `bench-${bi}-${pi}` })));
    // warm-up (JIT, statement caches) on plans bought outside the measured run
    const warm = await bulkPlans(t.db, expert.userId, m1, 50, 18);
    await fund(t.db, buyers[0].userId, 18 * 50);
    for (const [i, p] of warm.entries())
      await t.call('POST', `/mdr/api/v1/user/expert-plans/${p}/orders`, {
        token: buyers[0].token,
        body: { idempotency_key: `warm-${i}` },
      });
    let next = 0;
    let okCount = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: Number(process.env.PLANS_BENCH_INFLIGHT ?? 1) }, async () => {
        while (next < jobs.length) {
          const j = jobs[next++];
          const r = await t.call('POST', `/mdr/api/v1/user/expert-plans/${j.p}/orders`, {
            token: j.b.token,
            body: { idempotency_key: j.k },
          });
          if (r.code === 0) okCount++;
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    const rate = okCount / secs;
    const inv1 = await checkLedgerInvariant(t.db);
    out.push({
      what: `plan purchases/s (PGlite, HTTP inject, ${okCount} purchases, ledger invariant ${inv1.ok ? 'holds' : 'BROKEN'})`,
      value: `${Math.round(rate)}/s`,
      budget: '≥ 300/s',
      ok: rate >= 300 && inv1.ok && okCount === jobs.length,
    });

    // settlement: 1000 plans on one match, 20 buyers x 1000 plans = 20000 purchases
    const big = await bulkPlans(t.db, expert.userId, m2, 1000, 18);
    const idList = sql.raw(`array[${big.join(',')}]::int[]`);
    for (let i = 0; i < 20; i++) {
      const b = await t.loginByPhone(`6998${String(i + 100).padStart(4, '0')}`);
      await fund(t.db, b.userId, 18 * 1000);
      await t.db.execute(sql`
        insert into plan_orders (plan_id, user_id, price, idempotency_key)
        select id, ${b.userId}, 18, 'bench-' || id from unnest(${idList}) id`);
      // the purchases' coins leave the buyer's wallet through the ledger (one entry for the batch)
      await postLedger(t.db, {
        userId: b.userId,
        account: 'coins',
        amount: -18 * 1000,
        type: 'plan_purchase',
        idempotencyKey: `bench-buy-${i}`,
      });
    }
    await t.db.execute(sql`update plans set buy_count = 20 where id = any(${idList})`);
    await finishMatch(t.db, m2, [1, 0]);
    const s0 = performance.now();
    const report = await settleDue(t.db, { matchId: m2 });
    const settleSecs = (performance.now() - s0) / 1000;
    const inv2 = await checkLedgerInvariant(t.db);
    out.push({
      what: `settle 1000 plans / 20000 purchases (${report.settled} settled, ${report.refunds} refunds, ${report.incomes} incomes, invariant ${inv2.ok ? 'holds' : 'BROKEN'})`,
      value: `${settleSecs.toFixed(2)} s`,
      budget: '≤ 10 s',
      ok: settleSecs <= 10 && inv2.ok && report.settled === 1000 && report.refunds === 10000,
    });
    return out;
  } finally {
    overridePlanRules(null);
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPlans().then(
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
