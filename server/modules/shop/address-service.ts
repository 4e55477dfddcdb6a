/**
 * Delivery addresses (spec §3, §5): receiver, a phone valid for its area code, a region path from the
 * regions API and a detail line. Exactly one default while a fan has any address: the first one is the
 * default, making another the default unsets the old one in the same transaction, and deleting the
 * default hands it to the newest remaining address. A partial unique index backs "at most one".
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { type Row, rows } from '../../db/rows';
import { ApiError, E } from '../../http/errors';

export const ADDRESS_MAX = 20;

export interface AddressInput {
  receiver: string;
  area_code: string;
  phone: string;
  region: { code: string; name: string }[];
  detail: string;
  is_default?: boolean;
}

/** the mobile numbers of each area code the shop delivers to */
const PHONE_RULES: Record<string, RegExp> = {
  '852': /^[4-9][0-9]{7}$/,
  '853': /^6[0-9]{7}$/,
  '86': /^1[3-9][0-9]{9}$/,
  '886': /^9[0-9]{8}$/,
};

export const validPhone = (areaCode: string, phone: string) => PHONE_RULES[areaCode]?.test(phone) ?? false;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (tx: Tx) => tx as unknown as Db;

/** the region path must be a chain of the regions table from a top-level region down to a leaf */
async function validRegion(db: Db, region: { code: string }[]): Promise<boolean> {
  const codes = region.map((r) => r.code);
  const chain = await rows(
    db,
    sql`select code, parent_code from regions where code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  const parent = new Map(
    chain.map((r) => [String(r.code), r.parent_code === null ? null : String(r.parent_code)]),
  );
  const chained = codes.every((c, i) => parent.has(c) && parent.get(c) === (i === 0 ? null : codes[i - 1]));
  if (!chained) return false;
  // down to a leaf: "Hong Kong" alone is not somewhere a courier can go
  const [below] = await rows(
    db,
    sql`select 1 from regions where parent_code = ${codes[codes.length - 1]} limit 1`,
  );
  return !below;
}

function view(r: Row) {
  return {
    id: Number(r.id),
    receiver: String(r.receiver),
    area_code: String(r.area_code),
    phone: String(r.phone),
    region: r.region as { code: string; name: string }[],
    detail: String(r.detail),
    is_default: Boolean(r.is_default),
  };
}

async function check(db: Db, a: AddressInput) {
  if (!validPhone(a.area_code, a.phone)) throw new ApiError(E.SHOP_ADDRESS_INVALID, { field: 'phone' });
  if (!(await validRegion(db, a.region))) throw new ApiError(E.SHOP_ADDRESS_INVALID, { field: 'region' });
}

const clean = (a: AddressInput) => ({
  receiver: a.receiver.trim(),
  detail: a.detail.trim(),
  region: JSON.stringify(a.region.map((r) => ({ code: r.code, name: r.name.trim() }))),
});

export async function listAddresses(db: Db, userId: number) {
  const found = await rows(
    db,
    sql`select * from shop_addresses where user_id = ${userId} order by is_default desc, id desc`,
  );
  return { list: found.map(view) };
}

export async function getAddress(db: Db, userId: number, id: number) {
  const [r] = await rows(db, sql`select * from shop_addresses where id = ${id} and user_id = ${userId}`);
  if (!r) throw new ApiError(E.NOT_FOUND);
  return view(r);
}

/** the fan's user row, locked: address writes of one fan run one at a time */
const lockUser = (tx: Tx, userId: number) =>
  tx.execute(sql`select id from users where id = ${userId} for update`);

export async function createAddress(db: Db, userId: number, a: AddressInput) {
  await check(db, a);
  const c = clean(a);
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [{ n }] = await rows(
      asDb(tx),
      sql`select count(*)::int as n from shop_addresses where user_id = ${userId}`,
    );
    if (Number(n) >= ADDRESS_MAX) throw new ApiError(E.SHOP_ADDRESS_LIMIT, { max: ADDRESS_MAX });
    const makeDefault = Number(n) === 0 || a.is_default === true;
    if (makeDefault)
      await tx.execute(sql`update shop_addresses set is_default = false where user_id = ${userId}`);
    const [r] = await rows(
      asDb(tx),
      sql`insert into shop_addresses (user_id, receiver, area_code, phone, region, detail, is_default)
          values (${userId}, ${c.receiver}, ${a.area_code}, ${a.phone}, ${c.region}::jsonb, ${c.detail}, ${makeDefault})
          returning id`,
    );
    return Number(r.id);
  });
  return getAddress(db, userId, id);
}

export async function updateAddress(db: Db, userId: number, id: number, a: AddressInput) {
  await getAddress(db, userId, id);
  await check(db, a);
  const c = clean(a);
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (a.is_default === true)
      await tx.execute(
        sql`update shop_addresses set is_default = false where user_id = ${userId} and id <> ${id}`,
      );
    // unticking the default is not allowed to leave none: the default stays until another takes it
    await tx.execute(
      sql`update shop_addresses set receiver = ${c.receiver}, area_code = ${a.area_code}, phone = ${a.phone},
            region = ${c.region}::jsonb, detail = ${c.detail},
            is_default = ${a.is_default === true} or is_default
          where id = ${id} and user_id = ${userId}`,
    );
  });
  return getAddress(db, userId, id);
}

export async function setDefaultAddress(db: Db, userId: number, id: number) {
  await getAddress(db, userId, id);
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.execute(
      sql`update shop_addresses set is_default = false where user_id = ${userId} and id <> ${id}`,
    );
    await tx.execute(
      sql`update shop_addresses set is_default = true where id = ${id} and user_id = ${userId}`,
    );
  });
  return listAddresses(db, userId);
}

export async function deleteAddress(db: Db, userId: number, id: number) {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [r] = await rows(
      asDb(tx),
      sql`delete from shop_addresses where id = ${id} and user_id = ${userId} returning is_default`,
    );
    if (!r) throw new ApiError(E.NOT_FOUND);
    if (r.is_default)
      await tx.execute(
        sql`update shop_addresses set is_default = true
            where id = (select id from shop_addresses where user_id = ${userId} order by id desc limit 1)`,
      );
  });
  return listAddresses(db, userId);
}
