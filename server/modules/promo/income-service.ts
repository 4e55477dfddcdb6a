/**
 * The sharer's side: the promotion income summary (`GET /mdr/api/v1/user/ecommerce`) and the records
 * (`GET /byn/api/v1/user/promotion-records`, one by id). Amounts in HKD cents. Only the caller's own rows:
 * another fan's record is as unknown as one that never was.
 */
import { sql } from 'drizzle-orm';
import { promoRules } from '../../../contracts/rules';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';
import type { Lang } from '../../http/i18n';
import { rulesDocument } from '../config';
import { getEcommerceBalance } from '../wallet';
import { shareCodeOf } from './share-codes';

export const RECORD_STATES = ['pending', 'credited', 'reversed', 'void'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

const LANGS: readonly Lang[] = ['zhhk', 'zhcn', 'zhtw'];
/** a column by script; `lang` is one of three constants, never input text */
function nameCol(lang: Lang) {
  if (!LANGS.includes(lang)) throw new Error(`unknown lang ${lang}`);
  return sql.raw(`p.name_${lang}`);
}

const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).getTime());

/** "陳**": enough for the sharer to recognise a friend, not enough to expose a stranger */
function masked(nickname: string): string {
  const chars = [...nickname];
  return chars.length ? `${chars[0]}**` : '**';
}

export async function ecommerceSummary(db: Db, userId: number) {
  const [[s], available, code] = await Promise.all([
    rows(
      db,
      sql`select
            coalesce(sum(amount_cents) filter (where state = 'pending'), 0)::int as pending,
            coalesce(sum(amount_cents) filter (where state in ('credited', 'reversed')), 0)::int
              - coalesce(sum(reversed_cents), 0)::int as earned,
            count(*)::int as orders,
            count(*) filter (where state = 'credited')::int as credited_orders,
            (select coalesce(sum(amount) filter (where status = 'success'), 0)::int * 100 from withdrawals
              where user_id = ${userId} and account = 'ecommerce') as withdrawn,
            (select coalesce(sum(amount) filter (where status = 'processing'), 0)::int * 100 from withdrawals
              where user_id = ${userId} and account = 'ecommerce') as withdrawing
          from promo_commissions where sharer_id = ${userId}`,
    ),
    getEcommerceBalance(db, userId),
    shareCodeOf(db, userId),
  ]);
  return {
    available,
    pending: Number(s.pending),
    withdrawn: Number(s.withdrawn),
    withdrawing: Number(s.withdrawing),
    total_earned: Number(s.earned),
    orders: Number(s.orders),
    credited_orders: Number(s.credited_orders),
    commission_percent: promoRules(rulesDocument()).commissionBp / 100,
    share_code: code,
    currency: 'HKD',
  };
}

function recordView(r: Row) {
  return {
    id: Number(r.id),
    order_id: Number(r.order_id),
    order_no: String(r.order_no),
    product_id: Number(r.product_id),
    product_name: String(r.name ?? ''),
    product_image: String(r.image ?? ''),
    buyer: masked(String(r.nickname ?? '')),
    base_cents: Number(r.base_cents),
    rate_percent: Number(r.rate_bp) / 100,
    amount_cents: Number(r.amount_cents),
    reversed_cents: Number(r.reversed_cents),
    state: String(r.state) as RecordState,
    order_status: String(r.status),
    created_ms: ms(r.created_at) as number,
    credited_ms: ms(r.credited_at),
    settled_ms: ms(r.settled_at),
  };
}

function recordQuery(lang: Lang) {
  return sql`select c.*, o.order_no, o.status, ${nameCol(lang)} as name, p.image, u.nickname
    from promo_commissions c
    join shop_orders o on o.id = c.order_id
    left join shop_products p on p.id = c.product_id
    left join users u on u.id = c.buyer_id`;
}

export async function listRecords(
  db: Db,
  userId: number,
  opts: { state?: RecordState; page: number; size: number },
  lang: Lang,
) {
  const stateCond = opts.state ? sql` and c.state = ${opts.state}` : sql``;
  const [found, [t]] = await Promise.all([
    rows(
      db,
      sql`${recordQuery(lang)} where c.sharer_id = ${userId}${stateCond}
          order by c.id desc limit ${opts.size} offset ${(opts.page - 1) * opts.size}`,
    ),
    rows(
      db,
      sql`select count(*)::int as n from promo_commissions c where c.sharer_id = ${userId}${stateCond}`,
    ),
  ]);
  return { list: found.map(recordView), total: Number(t.n), page: opts.page, size: opts.size };
}

export async function recordDetail(db: Db, userId: number, id: number, lang: Lang) {
  const [r] = await rows(db, sql`${recordQuery(lang)} where c.id = ${id} and c.sharer_id = ${userId}`);
  if (!r) throw new ApiError(E.NOT_FOUND);
  return recordView(r);
}
