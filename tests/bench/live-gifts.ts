/**
 * Gifts through the ledger (issue 14 budget: ≥ 500 gifts/s on PGlite). The real app on a PGlite copy of
 * the seeded template (server/test/harness), gifts sent over its HTTP routes (Fastify inject: the
 * route's schema, auth, idempotency and the ledger, without sockets): 20 viewers each send in turn to
 * one room, 20 in flight at a time, then the ledger invariant is checked.
 * Run alone: npx tsx tests/bench/live-gifts.ts
 */

import { liveCreators } from '../../server/db/schema';
import { checkLedgerInvariant, postLedger } from '../../server/modules/wallet';
import { createTestApp } from '../../server/test/harness';
import type { Row } from './http-load';

export async function benchLiveGifts(): Promise<Row[]> {
  const t = await createTestApp();
  try {
    const creator = await t.loginByPhone('62179000');
    await t.db.insert(liveCreators).values({ userId: creator.userId });
    const room = await t.call('POST', '/mdr/api/v1/live/rooms', {
      token: creator.token,
      body: { title: 'bench', category: 'football' },
    });
    const viewers: { token: string; userId: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const v = await t.loginByPhone(`6218${String(i).padStart(4, '0')}`);
      await postLedger(t.db, { userId: v.userId, account: 'coins', amount: 1_000_000, type: 'recharge' });
      viewers.push(v);
    }
    const n = 2000;
    const refusals = new Map<number, number>();
    let sent = 0;
    let failed = 0;
    const send = async (i: number, tap = `bench-tap-${i}`) => {
      const v = viewers[i % viewers.length];
      const r = await t.call('POST', `/mdr/api/v1/live/rooms/${room.data.id}/gifts`, {
        token: v.token,
        body: { gift_id: 'ball', tap_id: tap },
      });
      if (r.code !== 0) refusals.set(r.code, (refusals.get(r.code) ?? 0) + 1);
      return r.code === 0;
    };
    for (let i = 0; i < 100; i++) await send(i, `warmup-tap-${i}`);
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < n) {
          if (await send(next++)) sent++;
          else failed++;
        }
      }),
    );
    const rate = Math.round((n / (performance.now() - t0)) * 1000);
    const invariant = await checkLedgerInvariant(t.db);
    const invariantOk = invariant.ok;
    return [
      {
        what: 'live gifts through the ledger (PGlite, HTTP inject, 20 in flight)',
        value: `${rate} gifts/s`,
        budget: '≥ 500 gifts/s',
        ok: rate >= 500,
      },
      {
        what: 'live gifts sent / refused',
        value: `${sent} / ${failed}${failed ? ` (codes ${JSON.stringify(Object.fromEntries(refusals))})` : ''}`,
        budget: `${n} / 0`,
        ok: sent === n && failed === 0,
      },
      {
        what: 'ledger invariant after the gifts',
        value: invariantOk ? 'holds' : JSON.stringify(invariant.mismatches.slice(0, 3)),
        budget: 'holds',
        ok: invariantOk,
      },
    ];
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchLiveGifts();
  console.table(rows);
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
