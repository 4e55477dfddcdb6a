/**
 * Demo promotion history (issue 12, item 7): +852 91234567 shared products with five demo fans
 * (+852 5900 0001…0005), who bought through the link. Made through the real paths: the order creation
 * with its stock reservation and share code, a payment row settled by `applyPayment` (what the gateway's
 * callback calls), the merchant's `shipOrder`, and the state machine's confirm and review moves, which
 * carry the commission (pending, then credited to the sharer's ledger). Three orders complete, two wait
 * for shipping or receipt, so 推廣收益 shows credited and pending commission. Once per database.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { shareCodeOf } from '../promo';
import { shipOrder } from './order-actions';
import { createOrder } from './orders-service';
import { applyPayment } from './payments-service';
import { transition } from './state-machine';

const SHARER = '91234567';
const BUYERS = ['59000001', '59000002', '59000003', '59000004', '59000005'];
const ADDRESS = {
  receiver: ['陳家俊', '黃詠詩', '李志明', '張美玲', '劉浩然'],
  detail: [
    '彌敦道 612 號 8 樓 B 室',
    '英皇道 1063 號 15 樓',
    '大河道 99 號 21 樓 D 室',
    '沙田正街 3 號 9 樓',
    '鄉事會路 2 號 5 樓 A 室',
  ],
  district: [
    ['HK-YT', '油尖旺區'],
    ['HK-EA', '東區'],
    ['HK-TW', '荃灣區'],
    ['HK-ST', '沙田區'],
    ['HK-TM', '屯門區'],
  ],
};

async function userIdOf(db: Db, phone: string): Promise<number | null> {
  const [u] = await rows(db, sql`select id from users where area_code = '852' and phone = ${phone}`);
  return u ? Number(u.id) : null;
}

export async function seedShareHistory(db: Db): Promise<void> {
  const sharer = await userIdOf(db, SHARER);
  if (!sharer) return;
  const [done] = await rows(db, sql`select 1 from shop_orders where sharer_id = ${sharer} limit 1`);
  if (done) return;
  const code = await shareCodeOf(db, sharer);
  const skus = await rows(
    db,
    sql`select k.id, k.product_id from shop_skus k join shop_products p on p.id = k.product_id
        where p.status = 1 and k.stock >= 5 order by p.sort, p.id, k.id limit 40`,
  );
  if (skus.length < BUYERS.length) return;
  for (const [i, phone] of BUYERS.entries()) {
    const buyer = await userIdOf(db, phone);
    if (!buyer) continue;
    const [a] = await rows(
      db,
      sql`insert into shop_addresses (user_id, receiver, area_code, phone, region, detail, is_default)
          values (${buyer}, ${ADDRESS.receiver[i]}, '852', ${phone}, ${JSON.stringify([
            { code: 'HK', name: '香港' },
            { code: ADDRESS.district[i][0], name: ADDRESS.district[i][1] },
          ])}::jsonb, ${ADDRESS.detail[i]}, true) returning id`,
    );
    const o = await createOrder(
      db,
      buyer,
      {
        idempotency_key: `seed-share-${i + 1}`,
        address_id: Number(a.id),
        items: [{ sku_id: Number(skus[i * 7].id), quantity: 1 + (i % 2) }],
        share_code: code,
        share_product_id: Number(skus[i * 7].product_id),
        from_cart: false,
      },
      'zhhk',
    );
    const paymentNo = `SPSEEDSHARE${i + 1}${Date.now()}`;
    await db.execute(
      sql`insert into shop_payments (payment_no, order_id, user_id, idempotency_key, amount, currency, provider, created_at)
          values (${paymentNo}, ${o.id}, ${buyer}, ${`seed-share-pay-${i + 1}`}, ${o.pay_amount}, 'HKD', 'sandbox', ${now()})`,
    );
    await applyPayment(db, {
      order_no: paymentNo,
      status: 'paid',
      amount_cents: o.pay_amount,
      currency: 'HKD',
      provider_txn: `SBXSEED${i + 1}`,
      ts: Math.floor(now().getTime() / 1000),
    });
    if (i === 4) continue; // paid, waiting for the merchant
    await shipOrder(db, o.id, 'sf', `SF${String(1402_3377_0000 + i * 173)}`);
    if (i === 3) continue; // on its way
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await transition(tx, o.id, 'confirm', 'user', [sql`received_at = ${now()}`]);
      await transition(tx, o.id, 'review', 'system');
    });
  }
}
