/**
 * Order creation as ONE statement (a single statement is its own transaction: no BEGIN/COMMIT round
 * trips, and on PGlite it runs as a prepared statement, planned once). Its text is the same for every
 * order of a language (the lines go in as two int arrays), so `runPrepared` can name it.
 *
 * In order: the order this idempotency key already made (`ex`: then nothing is written); the address
 * (the one given, or the default); the SKU rows locked in id order (`l`: parallel orders cannot
 * deadlock; on PostgreSQL a locked row is its latest committed version); whether EVERY line is on sale
 * with its units (`go`); only then the order (`on conflict` on the key: a concurrent retry inserts
 * nothing), the stock taken (`stock >= q` again as a backstop; the table's check `stock >= 0` backs it),
 * the lines and the first audit row. `guard` aborts the whole statement (a failed cast) if an order was
 * written without every line's stock, so an order never outlives a missing reservation (the cast reads
 * `o`, so the planner cannot fold it into an error at plan time).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Lang } from '../../http/i18n';
import { byLang } from './format';

export interface CreateArgs {
  userId: number;
  key: string;
  addressId: number | null;
  /** merged and sorted by SKU id */
  lines: { sku_id: number; quantity: number }[];
  orderNo: string;
  at: Date;
  deadline: Date;
  remark: string;
  fromCart: boolean;
  /** a share link's code (the sharer is resolved in the statement, never the buyer) */
  shareCode: string | null;
  shareProductId: number | null;
  shippingFeeCents: number;
  freeShippingFromCents: number;
}

const intArray = (xs: number[]) => `{${xs.map((x) => Math.trunc(x)).join(',')}}`;

export function createOrderSql(a: CreateArgs, lang: Lang): SQL {
  const skus = intArray(a.lines.map((l) => l.sku_id));
  const qtys = intArray(a.lines.map((l) => l.quantity));
  return sql`with
    ex as (select id from shop_orders where user_id = ${a.userId}::int and idempotency_key = ${a.key}::text),
    a as (
      select receiver, area_code, phone, region, detail from shop_addresses
      where user_id = ${a.userId}::int and (${a.addressId}::int is null or id = ${a.addressId}::int)
      order by is_default desc, id desc limit 1),
    v as (select * from unnest(${skus}::int[], ${qtys}::int[]) as v(id, q)),
    l as (
      select k.id, k.stock, k.price, k.size, k.${sql.raw(byLang('color', lang))} as color,
        coalesce(nullif(k.image, ''), p.image) as image, p.id as product_id, p.status,
        p.${sql.raw(byLang('name', lang))} as name
      from shop_skus k join shop_products p on p.id = k.product_id
      where k.id in (select id from v) and not exists (select 1 from ex) and exists (select 1 from a)
      order by k.id for update of k),
    chk as (
      select count(*) filter (where l.status = 1 and l.stock >= v.q) as fit,
        coalesce(sum(l.price * v.q), 0)::int as goods
      from v left join l on l.id = v.id),
    go as (
      select goods, case when goods >= ${a.freeShippingFromCents}::int then 0 else ${a.shippingFeeCents}::int end as fee
      from chk where fit = (select count(*) from v) and exists (select 1 from l)),
    o as (
      insert into shop_orders (order_no, user_id, status, idempotency_key, goods_amount, shipping_fee,
        discount, pay_amount, address, remark, from_cart, pay_deadline, created_at, updated_at, sharer_id,
        share_product_id)
      select ${a.orderNo}::text, ${a.userId}::int, 'pending_payment', ${a.key}::text, go.goods, go.fee, 0,
        go.goods + go.fee,
        jsonb_build_object('receiver', a.receiver, 'area_code', a.area_code, 'phone', a.phone,
          'region', a.region, 'detail', a.detail),
        ${a.remark}::text, ${a.fromCart ? 1 : 0}::int, ${a.deadline.toISOString()}::timestamptz,
        ${a.at.toISOString()}::timestamptz, ${a.at.toISOString()}::timestamptz,
        (select user_id from promo_share_codes where code = ${a.shareCode}::text and user_id <> ${a.userId}::int),
        case when ${a.shareCode}::text is null then null else ${a.shareProductId}::int end
      from go, a
      on conflict (user_id, idempotency_key) do nothing
      returning id, goods_amount, shipping_fee, address),
    k as (
      update shop_skus k set stock = k.stock - v.q from v
      where k.id = v.id and exists (select 1 from o) and k.stock >= v.q
      returning k.id),
    i as (
      insert into shop_order_items (order_id, sku_id, product_id, name, image, size, color, price, quantity)
      select o.id, l.id, l.product_id, l.name, l.image, l.size, l.color, l.price, v.q
      from o, l join v on v.id = l.id
      returning id, sku_id, product_id, name, image, size, color, price, quantity),
    e as (
      insert into shop_order_events (order_id, event, from_status, to_status, actor, created_at)
      select o.id, 'create', null, 'pending_payment', 'user', ${a.at.toISOString()}::timestamptz from o
      returning 1)
    select (select id from ex) as existing, exists (select 1 from a) as has_address,
      o.id, o.goods_amount, o.shipping_fee, o.address,
      (select json_agg(i order by i.id) from i) as items,
      (select json_agg(json_build_object('id', l.id, 'stock', l.stock, 'status', l.status)) from l) as found,
      (select count(*) from e) as audited,
      case when exists (select 1 from o) and (select count(*) from k) <> (select count(*) from v)
        then cast('orders: stock not reserved for order ' || (select id from o)::text as int) end as guard
    from (select 1) one left join o on true`;
}
