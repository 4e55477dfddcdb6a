/**
 * The console's coupon issue: the coupon kinds, and a kind granted to chosen users or to every user,
 * valid from now for `days`. One transaction with its ops_audit row (operator, 'coupon.grant', the kind,
 * how many). Granting to all gives one copy to each user account that is not an operator.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { rows } from '../../db/rows';
import { now } from '../../http/clock';
import { ApiError, E } from '../../http/errors';

export async function couponKinds(db: Db) {
  const found = await rows(
    db,
    sql`select c.id, c.code, c.name_zhhk, c.threshold, c.discount,
          (select count(*)::int from shop_user_coupons u where u.coupon_id = c.id) as issued,
          (select count(*)::int from shop_user_coupons u where u.coupon_id = c.id and u.status = 'used') as used
        from shop_coupons c order by c.id`,
  );
  return {
    list: found.map((r) => ({
      id: Number(r.id),
      value: Number(r.id),
      label: String(r.name_zhhk),
      code: String(r.code),
      name: String(r.name_zhhk),
      threshold: Number(r.threshold),
      discount: Number(r.discount),
      issued: Number(r.issued),
      used: Number(r.used),
    })),
  };
}

/** the users named by id and by Hong Kong phone number; numbers without an account come back as unknown */
async function chosen(db: Db, input: { user_ids?: number[]; phones?: string }) {
  const phones = [
    ...new Set(
      (input.phones ?? '')
        .split(/[\s,，、;；]+/)
        .map((p) => p.replace(/^\+?852-?/, ''))
        .filter(Boolean),
    ),
  ];
  const found = phones.length
    ? await rows(
        db,
        sql`select id, phone from users where area_code = '852' and phone in (${sql.join(
          phones.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      )
    : [];
  const known = new Set(found.map((r) => String(r.phone)));
  const ids = [...new Set([...(input.user_ids ?? []), ...found.map((r) => Number(r.id))])];
  return { ids, unknown: phones.filter((p) => !known.has(p)) };
}

export async function grantCoupon(
  db: Db,
  operatorId: number,
  input: { coupon_id: number; user_ids?: number[]; phones?: string; all?: boolean; days: number },
) {
  const { ids, unknown } = input.all ? { ids: [], unknown: [] } : await chosen(db, input);
  if (!input.all && !ids.length)
    throw new ApiError(E.BAD_REQUEST, {
      in: 'body',
      pointer: input.phones ? '/phones' : '/user_ids',
      keyword: 'required',
    });
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [c] = await rows(tx, sql`select id from shop_coupons where id = ${input.coupon_id}`);
    if (!c) throw new ApiError(E.NOT_FOUND);
    const at = now();
    const until = new Date(at.getTime() + input.days * 86_400_000);
    const who = input.all
      ? sql`select id from users where role <> 'operator'`
      : sql`select id from users where id in (${sql.join(
          ids.map((u) => sql`${u}`),
          sql`, `,
        )})`;
    const made = await rows(
      tx,
      sql`insert into shop_user_coupons (coupon_id, user_id, starts_at, expires_at, source, created_at)
          select ${input.coupon_id}, w.id, ${at}, ${until}, ${`ops:${operatorId}`}, ${at} from (${who}) w
          returning id`,
    );
    await tx.execute(
      sql`insert into ops_audit (operator_id, action, target_type, target_id, reason, created_at)
          values (${operatorId}, 'coupon.grant', 'shop_coupon', ${String(input.coupon_id)},
            ${input.all ? `all: ${made.length}` : `users: ${made.length}`}, ${at})`,
    );
    return { coupon_id: input.coupon_id, granted: made.length, unknown };
  });
}
