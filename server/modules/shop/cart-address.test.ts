import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let alice: string;
let bob: string;
const P = '/mdr/api/v1/shop';
let skus: { id: number; stock: number; price: number }[];

beforeAll(async () => {
  t = await createTestApp();
  alice = (await t.loginByPhone('64560001')).token;
  bob = (await t.loginByPhone('64560002')).token;
  const found = await rows(
    t.db,
    sql`select id, stock, price from shop_skus where stock >= 5 order by id limit 3`,
  );
  skus = found.map((r) => ({ id: Number(r.id), stock: Number(r.stock), price: Number(r.price) }));
});
afterAll(async () => t?.close());

describe('the cart', () => {
  it('adds SKUs, merges the same SKU, totals the ticked lines in HKD cents, and is the owner’s only', async () => {
    const [a, b] = skus;
    let cart = await t.call('POST', `${P}/cart`, { token: alice, body: { sku_id: a.id, quantity: 2 } });
    expect(cart.code).toBe(0);
    cart = await t.call('POST', `${P}/cart`, { token: alice, body: { sku_id: a.id } });
    cart = await t.call('POST', `${P}/cart`, { token: alice, body: { sku_id: b.id, quantity: 1 } });
    expect(cart.data.list.map((l: { sku_id: number; quantity: number }) => [l.sku_id, l.quantity])).toEqual([
      [b.id, 1],
      [a.id, 3],
    ]);
    expect(cart.data.total).toBe(a.price * 3 + b.price);
    expect(cart.data.count).toBe(4);

    const line = cart.data.list.find((l: { sku_id: number }) => l.sku_id === b.id);
    const unticked = await t.call('PUT', `${P}/cart/${line.id}`, { token: alice, body: { selected: false } });
    expect(unticked.data.total).toBe(a.price * 3);

    // bob sees none of it and cannot touch alice's lines
    expect((await t.call('GET', `${P}/cart`, { token: bob })).data.list).toEqual([]);
    expect((await t.call('PUT', `${P}/cart/${line.id}`, { token: bob, body: { quantity: 1 } })).code).toBe(
      100404,
    );
    expect((await t.call('DELETE', `${P}/cart/${line.id}`, { token: bob })).code).toBe(100404);
    const removed = await t.call('DELETE', `${P}/cart/${line.id}`, { token: alice });
    expect(removed.data.list).toHaveLength(1);
  });

  it('bounds quantities by stock and flags lines that went invalid', async () => {
    const c = skus[2];
    const over = await t.call('POST', `${P}/cart`, {
      token: bob,
      body: { sku_id: c.id, quantity: c.stock + 1 },
    });
    expect(over.code).toBe(150101);
    expect(over.data).toMatchObject({ stock: c.stock });
    const cart = await t.call('POST', `${P}/cart`, { token: bob, body: { sku_id: c.id, quantity: 2 } });
    const line = cart.data.list[0];
    expect(
      (await t.call('PUT', `${P}/cart/${line.id}`, { token: bob, body: { quantity: c.stock + 1 } })).code,
    ).toBe(150101);
    // the stock falls under the line's quantity, then the product leaves the shelf
    await t.db.execute(sql`update shop_skus set stock = 1 where id = ${c.id}`);
    let view = await t.call('GET', `${P}/cart`, { token: bob });
    expect(view.data.list[0]).toMatchObject({ valid: false, reason: 'short' });
    expect(view.data.total).toBe(0);
    await t.db.execute(sql`update shop_skus set stock = 0 where id = ${c.id}`);
    view = await t.call('GET', `${P}/cart`, { token: bob });
    expect(view.data.list[0]).toMatchObject({ valid: false, reason: 'sold_out' });
    expect(view.data.invalid_count).toBe(1);
    expect((await t.call('POST', `${P}/cart`, { token: bob, body: { sku_id: c.id } })).code).toBe(150102);
    await t.db.execute(sql`update shop_skus set stock = ${c.stock} where id = ${c.id}`);
    await t.db.execute(
      sql`update shop_products set status = 0 where id = (select product_id from shop_skus where id = ${c.id})`,
    );
    view = await t.call('GET', `${P}/cart`, { token: bob });
    expect(view.data.list[0]).toMatchObject({ valid: false, reason: 'off_shelf' });
    await t.db.execute(
      sql`update shop_products set status = 1 where id = (select product_id from shop_skus where id = ${c.id})`,
    );
  });

  it('two adds at once cannot put more than the stock in one cart', async () => {
    const dave = (await t.loginByPhone('64560004')).token;
    const [k] = await rows(
      t.db,
      sql`select id, stock from shop_skus where stock between 3 and 9 order by id limit 1`,
    );
    const stock = Number(k.stock);
    const half = Math.ceil((stock + 1) / 2);
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        t.call('POST', `${P}/cart`, { token: dave, body: { sku_id: Number(k.id), quantity: half } }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 150101)).toHaveLength(2);
    const cart = await t.call('GET', `${P}/cart`, { token: dave });
    expect(cart.data.list[0].quantity).toBe(half);
  });

  it.each([
    [{}, 100400],
    [{ sku_id: 'x' }, 100400],
    [{ sku_id: 1, quantity: 0 }, 100400],
    [{ sku_id: 1, quantity: 100 }, 100400],
    [{ sku_id: 1, extra: true }, 100400],
    [{ sku_id: 2147480000 }, 100404],
  ])('refuses %j with %i', async (body, code) => {
    expect((await t.call('POST', `${P}/cart`, { token: alice, body })).code).toBe(code);
  });

  it('asks a visitor to log in', async () => {
    const visitor = await t.token();
    expect((await t.call('GET', `${P}/cart`, { token: visitor })).code).toBe(110000);
    expect((await t.call('POST', `${P}/cart`, { token: visitor, body: { sku_id: 1 } })).code).toBe(110000);
  });
});

const hk = (over: Record<string, unknown> = {}) => ({
  receiver: '陳大文',
  area_code: '852',
  phone: '91234567',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-WC', name: '灣仔區' },
  ],
  detail: '軒尼詩道 123 號 8 樓 A 室',
  ...over,
});

describe('addresses', () => {
  it('keeps exactly one default: the first, then the one chosen, then the newest after a delete', async () => {
    const carol = (await t.loginByPhone('64560003')).token;
    const first = await t.call('POST', `${P}/addresses`, { token: carol, body: hk() });
    expect(first.code).toBe(0);
    expect(first.data.is_default).toBe(true);
    const second = await t.call('POST', `${P}/addresses`, { token: carol, body: hk({ receiver: '李小姐' }) });
    expect(second.data.is_default).toBe(false);
    const third = await t.call('POST', `${P}/addresses`, {
      token: carol,
      body: hk({ receiver: '黃先生', is_default: true }),
    });
    expect(third.data.is_default).toBe(true);
    let list = (await t.call('GET', `${P}/addresses`, { token: carol })).data.list;
    expect(
      list.filter((a: { is_default: boolean }) => a.is_default).map((a: { id: number }) => a.id),
    ).toEqual([third.data.id]);
    list = (await t.call('PUT', `${P}/addresses/${first.data.id}/default`, { token: carol })).data.list;
    expect(list[0]).toMatchObject({ id: first.data.id, is_default: true });
    expect(list.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
    // unticking the default in an edit does not leave none
    const edited = await t.call('PUT', `${P}/addresses/${first.data.id}`, {
      token: carol,
      body: hk({ detail: '告士打道 1 號 20 樓', is_default: false }),
    });
    expect(edited.data).toMatchObject({ is_default: true, detail: '告士打道 1 號 20 樓' });
    list = (await t.call('DELETE', `${P}/addresses/${first.data.id}`, { token: carol })).data.list;
    expect(
      list.filter((a: { is_default: boolean }) => a.is_default).map((a: { id: number }) => a.id),
    ).toEqual([third.data.id]);
    // nobody else reads or changes them
    expect((await t.call('GET', `${P}/addresses`, { token: bob })).data.list).toEqual([]);
    expect((await t.call('GET', `${P}/addresses/${third.data.id}`, { token: bob })).code).toBe(100404);
    expect((await t.call('PUT', `${P}/addresses/${third.data.id}`, { token: bob, body: hk() })).code).toBe(
      100404,
    );
    expect((await t.call('PUT', `${P}/addresses/${third.data.id}/default`, { token: bob })).code).toBe(
      100404,
    );
    expect((await t.call('DELETE', `${P}/addresses/${third.data.id}`, { token: bob })).code).toBe(100404);
  });

  it.each([
    ['no receiver', hk({ receiver: '' }), 100400],
    ['blank receiver', hk({ receiver: '   ' }), 100400],
    ['control character', hk({ receiver: 'a\u0000b' }), 100400],
    ['a Hong Kong landline-length typo', hk({ phone: '9123456' }), 100400],
    ['a Hong Kong number from 1', hk({ phone: '11234567' }), 150105],
    ['a mainland number with the Hong Kong code', hk({ phone: '13812345678' }), 150105],
    ['an unknown area code', hk({ area_code: '1' }), 100400],
    ['no region', hk({ region: [] }), 100400],
    ['a region that stops above a district', hk({ region: [{ code: 'HK', name: '香港' }] }), 150105],
    [
      'a district under the wrong parent',
      hk({
        region: [
          { code: 'MO', name: '澳門' },
          { code: 'HK-WC', name: '灣仔區' },
        ],
      }),
      150105,
    ],
    ['an unknown region', hk({ region: [{ code: 'ZZ', name: 'x' }] }), 150105],
    ['a short detail', hk({ detail: '灣仔' }), 100400],
    ['an extra field', hk({ extra: 1 }), 100400],
  ])('refuses %s', async (_name, body, code) => {
    const r = await t.call('POST', `${P}/addresses`, { token: alice, body });
    expect(r.status).toBeLessThan(500);
    expect(r.code).toBe(code);
  });

  it('accepts a mainland address with a mainland mobile', async () => {
    const regions = await t.call('GET', '/mdr/api/v1/regions?parent=440000', { token: alice });
    const city = regions.data[0];
    const leaf = (await t.call('GET', `/mdr/api/v1/regions?parent=${city.code}`, { token: alice })).data;
    const path = [
      { code: '440000', name: '廣東省' },
      { code: city.code, name: city.name },
    ];
    if (leaf.length) path.push({ code: leaf[0].code, name: leaf[0].name });
    const r = await t.call('POST', `${P}/addresses`, {
      token: alice,
      body: hk({ area_code: '86', phone: '13812345678', region: path, detail: '天河路 385 號' }),
    });
    expect(r.code).toBe(0);
  });
});
