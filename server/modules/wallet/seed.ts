import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { postLedger } from './ledger';

/**
 * Demo money for the first demo account (+852 91234567): 500 yun coins to try purchases with and 300
 * income coins to try a withdrawal. Posted through the ledger with fixed idempotency keys, so a
 * second seed run moves nothing and the ledger invariant holds.
 */
export async function seedWallet(db: Db): Promise<void> {
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.areaCode, '852'), eq(users.phone, '91234567')));
  if (!demo) return;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await postLedger(t, {
      userId: demo.id,
      account: 'coins',
      amount: 500,
      type: 'recharge',
      refType: 'demo',
      idempotencyKey: 'seed:demo-coins',
      memo: 'demo',
    });
    await postLedger(t, {
      userId: demo.id,
      account: 'income',
      amount: 300,
      type: 'expert_income',
      refType: 'demo',
      idempotencyKey: 'seed:demo-income',
      memo: 'demo',
    });
  });
}
