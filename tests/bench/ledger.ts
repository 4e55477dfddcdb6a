/**
 * Ledger throughput on PGlite: one "purchase" = one transaction that debits the buyer's coins and
 * credits the seller's income, each with an idempotency key (what a plan purchase costs the ledger).
 * Run alone: npx tsx tests/bench/ledger.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, openPglite } from '../../server/db';
import { checkLedgerInvariant, postLedger, postLedgerBatch } from '../../server/modules/wallet';

export async function benchLedger(): Promise<{ what: string; value: string; budget: string; ok: boolean }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'goalfan-ledger-bench-'));
  const opened = await openPglite(dir);
  try {
    const db = opened.db;
    const ids: number[] = [];
    for (const name of ['buyer', 'seller']) {
      const r = (await db.execute(
        sql`insert into users (user_external, nickname) values (${`u_bench_${name}`}, ${name}) returning id`,
      )) as unknown as { rows: { id: number }[] };
      ids.push(r.rows[0].id);
    }
    const [buyer, seller] = ids;
    const n = 2000;
    await postLedger(db, { userId: buyer, account: 'coins', amount: (n + 50) * 10, type: 'recharge' });
    const purchase = (i: number) =>
      db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await postLedger(tx, {
          userId: buyer,
          account: 'coins',
          amount: -10,
          type: 'plan_purchase',
          idempotencyKey: `b${i}`,
        });
        await postLedger(tx, {
          userId: seller,
          account: 'income',
          amount: 7,
          type: 'expert_income',
          idempotencyKey: `s${i}`,
        });
      });
    for (let i = 0; i < 50; i++) await purchase(-1 - i); // warm-up
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await purchase(i);
    const perSecond = n / ((performance.now() - t0) / 1000);
    // settlement-sized batch: 20000 credits over 1000 users' accounts in one transaction
    const users: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const r = (await db.execute(
        sql`insert into users (user_external, nickname) values (${`u_bench_${i}`}, 'b') returning id`,
      )) as unknown as { rows: { id: number }[] };
      users.push(r.rows[0].id);
    }
    const batch = Array.from({ length: 20000 }, (_, i) => ({
      userId: users[i % users.length],
      account: 'coins' as const,
      amount: 5,
      type: 'refund' as const,
      idempotencyKey: `refund:${i}`,
    }));
    const t1 = performance.now();
    await db.transaction((tx) => postLedgerBatch(tx as unknown as Db, batch));
    const batchMs = performance.now() - t1;
    const inv = await checkLedgerInvariant(db);
    return [
      {
        what: 'ledger purchases/s (debit + credit, PGlite, sequential)',
        value: perSecond.toFixed(0),
        budget: '>= 300',
        ok: perSecond >= 300,
      },
      {
        what: 'postLedgerBatch of 20000 credits (PGlite, one transaction)',
        value: `${batchMs.toFixed(0)} ms`,
        budget: '<= 5000 ms',
        ok: batchMs <= 5000,
      },
      {
        what: 'ledger invariant after the run',
        value: inv.ok ? 'ok' : `${inv.mismatches.length} mismatches`,
        budget: 'ok',
        ok: inv.ok,
      },
    ];
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchLedger().then((rows) => console.table(rows));
}
