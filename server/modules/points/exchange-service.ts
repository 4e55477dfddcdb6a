/**
 * Exchanges: goods for points (and, for some goods, HKD through the payment gateway). Making one is ONE
 * transaction: the row (idempotent on the caller's key), the stock reservation (a conditional UPDATE,
 * never below 0), the points debit (the ledger refuses to go negative, and then everything rolls
 * back), and for points-only coupon goods the shop coupon. Goods with cash wait in pending_payment until
 * the gateway's callback (exchange-pay.ts); unpaid past the shop's payment window they close, the stock
 * and the points go back. Numbers start `PX`, which is also the gateway's order number.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { shopOrderRules } from '../../../contracts/rules';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { now, nowMs } from '../../http/clock';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { rulesDocument } from '../config';
import { exchangeTracking } from './exchange-merchant';
import { EXCHANGE_STATES, exchangeTransition } from './exchange-states';
import { addressOf, col } from './goods-service';
import { postPoints } from './ledger';
import { pointsRules } from './rules';

export const EXCHANGE_PREFIX = 'PX';
export const EXCHANGE_TABS = ['all', ...EXCHANGE_STATES] as const;
export type ExchangeTab = (typeof EXCHANGE_TABS)[number];

const DAY = 86_400_000;
const newNo = () => `${EXCHANGE_PREFIX}${nowMs()}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).getTime());

/** where a paid (or points-only) exchange goes: goods to ship, or done at once */
export const settledStatus = (kind: string) => (kind === 'physical' ? 'pending_shipment' : 'completed');

export interface ExchangeInput {
  goods_id: number;
  quantity: number;
  address_id?: number;
  idempotency_key: string;
}

export async function createExchange(db: Db, userId: number, input: ExchangeInput, lang: Lang) {
  if (input.quantity > pointsRules().exchangeMax)
    throw new ApiError(E.BAD_REQUEST, { in: 'body', pointer: '/quantity', keyword: 'maximum' });
  await closeOverdue(db, userId);
  const id = await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [g] = await rows(tx, sql`select * from points_goods where id = ${input.goods_id}`);
    if (!g) throw new ApiError(E.NOT_FOUND);
    const address = g.kind === 'physical' ? await addressOf(tx, userId, input.address_id) : null;
    if (g.kind === 'physical' && (!address || !input.address_id))
      throw new ApiError(E.POINTS_ADDRESS_MISSING);
    const cash = Number(g.cash) * input.quantity;
    const points = Number(g.points) * input.quantity;
    const status = cash > 0 ? 'pending_payment' : settledStatus(String(g.kind));
    const deadline =
      cash > 0 ? new Date(nowMs() + shopOrderRules(rulesDocument()).payTimeoutMinutes * 60_000) : null;
    const [ex] = await rows(
      tx,
      sql`insert into points_exchanges (exchange_no, user_id, goods_id, quantity, points, cash, status, address,
            idempotency_key, pay_deadline, created_at, pay_status)
          values (${newNo()}, ${userId}, ${input.goods_id}, ${input.quantity}, ${points}, ${cash}, ${status},
            ${address ? JSON.stringify(address) : null}::jsonb, ${input.idempotency_key}, ${deadline}, ${now()},
            ${cash > 0 ? 'pending' : null})
          on conflict (user_id, idempotency_key) do nothing returning id, exchange_no`,
    );
    if (!ex) return null; // a retry: answered below with the first one
    const [taken] = await rows(
      tx,
      sql`update points_goods set stock = stock - ${input.quantity}, sold = sold + ${input.quantity}
          where id = ${input.goods_id} and status = 1 and stock >= ${input.quantity} returning id`,
    );
    if (!taken) throw new ApiError(E.POINTS_GOODS_UNAVAILABLE, { stock: Number(g.stock) });
    await postPoints(tx, {
      userId,
      amount: -points,
      reason: 'exchange',
      refId: String(ex.exchange_no),
      key: `exchange:${ex.id}`,
    });
    if (status === 'completed') await grantGoods(tx, userId, Number(ex.id));
    return Number(ex.id);
  });
  const found =
    id ??
    Number(
      (
        await rows(
          db,
          sql`select id from points_exchanges where user_id = ${userId} and idempotency_key = ${input.idempotency_key}`,
        )
      )[0]?.id,
    );
  return exchangeDetail(db, userId, found, lang);
}

/**
 * What a settled virtual exchange gives, in the transaction that settles it (called once: on the insert
 * of a points-only exchange, or by the payment callback that moves it out of pending_payment under its
 * row lock): coupon goods, `quantity` copies of their shop coupon kind valid 30 days; perk goods, the
 * perk's end moved `perk_days × quantity` days past the later of now and its current end.
 */
export async function grantGoods(tx: Db, userId: number, exchangeId: number): Promise<void> {
  const at = nowMs();
  await tx.execute(
    sql`insert into shop_user_coupons (coupon_id, user_id, starts_at, expires_at, source)
        select c.id, ${userId}, ${new Date(at)}, ${new Date(at + 30 * DAY)}, ${`points:${exchangeId}`}
        from points_exchanges x join points_goods g on g.id = x.goods_id
        join shop_coupons c on c.code = g.coupon_code
        cross join generate_series(1, x.quantity)
        where x.id = ${exchangeId} and g.kind = 'coupon'`,
  );
  const start = new Date(at);
  await tx.execute(
    sql`insert into points_user_perks (user_id, perk, expires_at, updated_at)
        select ${userId}, g.perk, ${start}::timestamptz + make_interval(days => g.perk_days * x.quantity), ${start}
        from points_exchanges x join points_goods g on g.id = x.goods_id
        where x.id = ${exchangeId} and g.kind = 'perk' and g.perk is not null and g.perk_days > 0
        on conflict (user_id, perk) do update
          set expires_at = greatest(points_user_perks.expires_at, ${start}::timestamptz)
                + (excluded.expires_at - ${start}::timestamptz),
              updated_at = ${start}`,
  );
}

/** the fan's perks still running (ad_free, gold_badge), soonest end first */
export async function activePerks(db: Db, userId: number) {
  const found = await rows(
    db,
    sql`select perk, expires_at from points_user_perks where user_id = ${userId} and expires_at > ${now()}
        order by expires_at`,
  );
  return found.map((r) => ({ perk: String(r.perk), expires_ms: ms(r.expires_at) ?? 0 }));
}

/** closes one exchange (locked by the caller) and gives its stock and points back */
async function close(tx: Db, x: Row, reason: 'timeout' | 'cancelled'): Promise<void> {
  await tx.execute(
    sql`update points_exchanges set status = 'closed', close_reason = ${reason}, closed_at = ${now()},
          pay_status = case when pay_status = 'pending' then 'cancelled' else pay_status end
        where id = ${x.id}`,
  );
  await tx.execute(
    sql`update points_goods set stock = stock + ${x.quantity}, sold = greatest(sold - ${x.quantity}, 0)
        where id = ${x.goods_id}`,
  );
  await postPoints(tx, {
    userId: Number(x.user_id),
    amount: Number(x.points),
    reason: 'exchange_refund',
    refId: String(x.exchange_no),
    key: `exchange-refund:${x.id}`,
  });
}

/**
 * Unpaid exchanges past their window close (stock and points back): the points job's sweep
 * (points-jobs.ts) for everyone, and read paths for the reader first. Each in its own transaction under
 * the row lock, re-checked there; answers how many it closed.
 */
export async function closeOverdue(db: Db, userId?: number, limit = 200): Promise<number> {
  const due = await rows(
    db,
    sql`select id from points_exchanges where status = 'pending_payment' and pay_deadline <= ${now()}
        ${userId ? sql`and user_id = ${userId}` : sql``} order by pay_deadline, id limit ${limit}`,
  );
  let closed = 0;
  for (const d of due) {
    closed += await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [x] = await rows(
        tx,
        sql`select * from points_exchanges where id = ${d.id} and status = 'pending_payment'
            and pay_deadline <= ${now()} for update`,
      );
      if (!x) return 0;
      await close(tx, x, 'timeout');
      return 1;
    });
  }
  return closed;
}

export async function cancelExchange(db: Db, userId: number, exchangeId: number, lang: Lang) {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [x] = await rows(
      tx,
      sql`select * from points_exchanges where id = ${exchangeId} and user_id = ${userId} for update`,
    );
    if (!x) throw new ApiError(E.NOT_FOUND);
    if (x.status !== 'pending_payment') throw new ApiError(E.POINTS_EXCHANGE_STATE);
    await close(tx, x, 'cancelled');
  });
  return exchangeDetail(db, userId, exchangeId, lang);
}

/**
 * The fan confirms receipt of shipped goods: shipped → completed (the table's `confirm`), one
 * transaction under the row lock. Idempotent: confirming what is already completed answers the
 * exchange as it is; any other state is refused (150603).
 */
export async function confirmExchange(db: Db, userId: number, exchangeId: number, lang: Lang) {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [x] = await rows(
      tx,
      sql`select id, status from points_exchanges where id = ${exchangeId} and user_id = ${userId} for update`,
    );
    if (!x) throw new ApiError(E.NOT_FOUND);
    if (x.status === 'completed') return;
    await exchangeTransition(tx, exchangeId, 'confirm', 'completed');
  });
  return exchangeDetail(db, userId, exchangeId, lang);
}

const selectView = (lang: Lang) =>
  sql`select x.*, g.kind, g.image, ${col('name', lang)} as name from points_exchanges x
      join points_goods g on g.id = x.goods_id`;

function view(r: Row) {
  return {
    id: Number(r.id),
    exchange_no: String(r.exchange_no),
    /** pending_payment | pending_shipment | shipped | completed | closed */
    status: String(r.status),
    goods: { id: Number(r.goods_id), name: String(r.name), image: String(r.image), kind: String(r.kind) },
    quantity: Number(r.quantity),
    points: Number(r.points),
    cash: Number(r.cash),
    pay_status: r.pay_status === null ? null : String(r.pay_status),
    pay_deadline_ms: ms(r.pay_deadline),
    close_reason: r.close_reason === null ? null : String(r.close_reason),
    created_ms: ms(r.created_at) ?? 0,
    paid_ms: ms(r.paid_at),
    closed_ms: ms(r.closed_at),
    carrier: r.carrier == null ? null : String(r.carrier),
    tracking_no: r.tracking_no == null ? null : String(r.tracking_no),
    shipped_ms: ms(r.shipped_at),
  };
}

export async function exchangeDetail(db: Db, userId: number, exchangeId: number, lang: Lang) {
  await closeOverdue(db, userId);
  const [x] = await rows(db, sql`${selectView(lang)} where x.id = ${exchangeId} and x.user_id = ${userId}`);
  if (!x) throw new ApiError(E.NOT_FOUND);
  const address = (typeof x.address === 'string' ? JSON.parse(x.address) : x.address) as Record<
    string,
    unknown
  > | null;
  return {
    ...view(x),
    address: address ? { ...address, id: Number(address.id) } : null,
    tracking: exchangeTracking(x),
  };
}

export async function listExchanges(
  db: Db,
  userId: number,
  tab: ExchangeTab,
  page: number,
  size: number,
  lang: Lang,
) {
  await closeOverdue(db, userId);
  const where = tab === 'all' ? sql`x.user_id = ${userId}` : sql`x.user_id = ${userId} and x.status = ${tab}`;
  const list = await rows(
    db,
    sql`${selectView(lang)} where ${where} order by x.id desc limit ${size} offset ${(page - 1) * size}`,
  );
  const [{ total }] = await rows(
    db,
    sql`select count(*)::int as total from points_exchanges x where ${where}`,
  );
  return { list: list.map(view), total: Number(total), page, size };
}
