/**
 * The console's product side: an editor lists products, edits a SKU's price and stock and a product's
 * title and on-sale flag; each edit is audited with what changed and fans see it at once (list price =
 * cheapest SKU; off the shelf → not found); fans are refused; bad input never yields a 5xx.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let op: string;
let opId: number;
const OPS = '/mdr/api/v1/ops/shop';

beforeAll(async () => {
  t = await createTestApp();
  ({ token: op, userId: opId } = await t.loginByPhone('90000000'));
});
afterAll(async () => t?.close());

const audits = (type: string, id: number) =>
  rows(
    t.db,
    sql`select action, reason from ops_audit where target_type = ${type} and target_id = ${String(id)} order by id`,
  );

describe('merchant products', () => {
  it('lists and searches products with stock over their SKUs', async () => {
    const all = await t.call('GET', `${OPS}/products?size=5`, { token: op });
    expect(all.code).toBe(0);
    expect(all.data.total).toBeGreaterThanOrEqual(50);
    expect(all.data.list[0].sku_count).toBeGreaterThan(0);
    const name = all.data.list[0].name as string;
    const found = await t.call('GET', `${OPS}/products?keyword=${encodeURIComponent(name.slice(0, 4))}`, {
      token: op,
    });
    expect(found.data.list.some((p: { id: number }) => p.id === all.data.list[0].id)).toBe(true);
    expect((await t.call('GET', `${OPS}/products?keyword=%25%25%25`, { token: op })).code).toBe(0);
  });

  it('edits a SKU (audited; the list price follows the cheapest SKU) and a product (off the shelf hides it)', async () => {
    const list = await t.call('GET', `${OPS}/products?size=1&status=1`, { token: op });
    const id = list.data.list[0].id as number;
    const p = (await t.call('GET', `${OPS}/products/${id}`, { token: op })).data;
    const sku = p.skus[0];
    const cheaper = Math.min(...p.skus.map((k: { price: number }) => k.price)) - 1000;
    const edited = await t.call('PUT', `${OPS}/skus/${sku.id}`, {
      token: op,
      body: { price: cheaper, stock: 7 },
    });
    expect(edited.code, JSON.stringify(edited)).toBe(0);
    expect(edited.data.price).toBe(cheaper);
    expect(edited.data.skus.find((k: { id: number }) => k.id === sku.id)).toMatchObject({
      price: cheaper,
      stock: 7,
    });
    const pub = await t.call('GET', `/mdr/api/v1/shop/products/${id}`);
    expect(pub.data.price).toBe(cheaper);
    const [a] = await audits('shop_sku', sku.id);
    expect(a.action).toBe('sku.edit');
    expect(a.reason).toContain(`price: ${sku.price} → ${cheaper}`);
    expect(a.reason).toContain('stock:');

    const renamed = await t.call('PUT', `${OPS}/products/${id}`, {
      token: op,
      body: { name_zhhk: '主場球衣 2026/27（限量版）', status: 0 },
    });
    expect(renamed.code).toBe(0);
    expect(renamed.data).toMatchObject({ name: '主場球衣 2026/27（限量版）', status: 0 });
    expect((await t.call('GET', `/mdr/api/v1/shop/products/${id}`)).code).toBe(E.NOT_FOUND);
    const [b] = await audits('shop_product', id);
    expect(b.action).toBe('product.edit');
    expect(b.reason).toContain('status: 1 → 0');
    await t.call('PUT', `${OPS}/products/${id}`, { token: op, body: { status: 1 } });
    expect((await t.call('GET', `/mdr/api/v1/shop/products/${id}`)).code).toBe(0);
  });

  it('takes a SKU price typed in HKD (dollars.cents) and stores minor units', async () => {
    const list = await t.call('GET', `${OPS}/products?size=1&status=1`, { token: op });
    const p = (await t.call('GET', `${OPS}/products/${list.data.list[0].id}`, { token: op })).data;
    const sku = p.skus[p.skus.length - 1];
    for (const [typed, cents] of [
      ['199.5', 19950],
      ['699', 69900],
      ['0.99', null],
      ['100000.01', null],
      ['12.345', null],
      ['1e3', null],
    ] as const) {
      const r = await t.call('PUT', `${OPS}/skus/${sku.id}`, { token: op, body: { price_hkd: typed } });
      if (cents === null) expect(r.code, typed).toBe(E.BAD_REQUEST);
      else expect(r.data.skus.find((k: { id: number }) => k.id === sku.id).price, typed).toBe(cents);
    }
    // one or the other, not both
    const both = await t.call('PUT', `${OPS}/skus/${sku.id}`, {
      token: op,
      body: { price: 1000, price_hkd: '10' },
    });
    expect(both.code).toBe(E.BAD_REQUEST);
    const trail = await audits('shop_sku', sku.id);
    expect(trail.map((a) => String(a.reason).split(' → ')[1])).toEqual(['19950', '69900']);
  });

  it('sets a product’s images: the operator’s own jpg/png uploads or the generated drawings (audited)', async () => {
    const list = await t.call('GET', `${OPS}/products?size=1&status=1`, { token: op });
    const id = list.data.list[0].id as number;
    const mine = `/uploads/2026/11/product-${id}.png`;
    await t.db.execute(
      sql`insert into attachments (user_id, storage_key, url, name, size, content_type)
          values (${opId}, ${`k-product-${id}`}, ${mine}, 'jersey.png', 4096, 'image/png')`,
    );
    const drawing = '/mdr/api/v1/shop/images/jersey-c8102e-ffffff-1.svg';
    const put = (images: string[]) => t.call('PUT', `${OPS}/products/${id}`, { token: op, body: { images } });
    const r = await put([mine, drawing]);
    expect(r.code, JSON.stringify(r)).toBe(0);
    expect(r.data.image).toBe(mine);
    const pub = await t.call('GET', `/mdr/api/v1/shop/products/${id}`);
    expect(pub.data.images).toEqual([{ image: mine }, { image: drawing }]);
    const trail = await audits('shop_product', id);
    expect(String(trail.at(-1)?.reason)).toContain(`images: `);
    // someone else's upload, a drawing of no kind the shop draws, a gif: refused, nothing changed
    for (const bad of [
      ['/uploads/2026/11/someone-else.jpg'],
      ['/mdr/api/v1/shop/images/rocket-c8102e-ffffff-1.svg'],
      ['/uploads/2026/11/anim.gif'],
      [],
    ])
      expect((await put(bad)).code, bad.join()).toBe(E.BAD_REQUEST);
    expect((await t.call('GET', `/mdr/api/v1/shop/products/${id}`)).data.images).toEqual([
      { image: mine },
      { image: drawing },
    ]);
  });

  it('creates a product with its SKUs (sizes × colours, HKD typed price, stock), audited; fans see it at once', async () => {
    const cats = (await t.call('GET', '/mdr/api/v1/shop/categories')).data.list;
    const cat = cats[0];
    const body = {
      name_zhhk: '傑志 2026/27 主場球衣',
      name_zhcn: '杰志 2026/27 主场球衣',
      name_zhtw: '傑志 2026/27 主場球衣',
      category_id: cat.id,
      sizes: 'S, M，L、M',
      colors: '主場紅, 客場白',
      price_hkd: '499.9',
      stock: 12,
    };
    const r = await t.call('POST', `${OPS}/products`, { token: op, body });
    expect(r.code, JSON.stringify(r)).toBe(0);
    const p = r.data;
    expect(p).toMatchObject({
      name: body.name_zhhk,
      code: `OPS-${p.id}`,
      price: 49990,
      status: 1,
      stock: 72,
    });
    expect(p.skus.map((k: { size: string; color: string }) => `${k.size}/${k.color}`)).toEqual([
      'S/主場紅',
      'S/客場白',
      'M/主場紅',
      'M/客場白',
      'L/主場紅',
      'L/客場白',
    ]);
    expect(p.skus.every((k: { price: number; stock: number }) => k.price === 49990 && k.stock === 12)).toBe(
      true,
    );
    // the category's drawing until images are set, and every view of it to pick from
    expect(p.images).toEqual([cat.icon]);
    expect(p.drawings).toHaveLength(4);
    const [a] = await audits('shop_product', p.id);
    expect(a.action).toBe('product.create');
    expect(a.reason).toContain('skus: 6 × 499.9 HKD, stock 12');
    // fans find it in the shop and its category, and in their own script
    const pub = await t.call('GET', `/mdr/api/v1/shop/products/${p.id}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(pub.code).toBe(0);
    expect(pub.data.name).toBe(body.name_zhcn);
    expect(pub.data.skus).toHaveLength(6);
    // colours typed in Hong Kong script only: mainland and Taiwan names converted (OpenCC), each reader's own
    expect(p.skus[0]).toMatchObject({ color: '主場紅', color_zhcn: '主场红', color_zhtw: '主場紅' });
    expect(pub.data.colors).toEqual(['主场红', '客场白']);
    const found = await t.call('GET', `/mdr/api/v1/shop/products?keyword=${encodeURIComponent('傑志 2026')}`);
    expect(found.data.list.map((x: { id: number }) => x.id)).toContain(p.id);
    // one size and one colour: one SKU; off the shelf: not shown to fans
    const one = await t.call('POST', `${OPS}/products`, {
      token: op,
      body: {
        ...body,
        name_zhhk: '傑志 紀念襟章',
        sizes: '',
        colors: ' ',
        price_hkd: '58',
        stock: 0,
        status: 0,
      },
    });
    expect(one.code, JSON.stringify(one)).toBe(0);
    expect(one.data.skus).toEqual([expect.objectContaining({ size: '', color: '', price: 5800, stock: 0 })]);
    // all three typed (Taiwan wording differs): stored as typed; a list of another length is refused
    const named = await t.call('POST', `${OPS}/products`, {
      token: op,
      body: {
        ...body,
        name_zhhk: '傑志 訓練外套',
        sizes: 'M',
        colors: '海軍藍, 螢光綠',
        colors_zhcn: '海军蓝, 荧光绿',
        colors_zhtw: '海軍藍, 螢光綠',
      },
    });
    expect(named.code, JSON.stringify(named)).toBe(0);
    expect(named.data.skus.map((k: Record<string, string>) => [k.color, k.color_zhcn, k.color_zhtw])).toEqual(
      [
        ['海軍藍', '海军蓝', '海軍藍'],
        ['螢光綠', '荧光绿', '螢光綠'],
      ],
    );
    const tw = await t.call('GET', `/mdr/api/v1/shop/products/${named.data.id}`, {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(tw.data.colors).toEqual(['海軍藍', '螢光綠']);
    const cn = await t.call('GET', `/mdr/api/v1/shop/products/${named.data.id}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(cn.data.skus.map((k: { color: string }) => k.color)).toEqual(['海军蓝', '荧光绿']);
    for (const bad of [{ colors_zhcn: '海军蓝' }, { colors_zhtw: '海軍藍, 螢光綠, 白色' }]) {
      const r2 = await t.call('POST', `${OPS}/products`, {
        token: op,
        body: { ...body, name_zhhk: '傑志 訓練外套 二', sizes: 'M', colors: '海軍藍, 螢光綠', ...bad },
      });
      expect(r2.code, JSON.stringify(bad)).toBe(E.BAD_REQUEST);
    }
    expect((await t.call('GET', `/mdr/api/v1/shop/products/${one.data.id}`)).code).toBe(E.NOT_FOUND);
  });

  it('refuses a bad new product without writing anything', async () => {
    const cat = (await t.call('GET', '/mdr/api/v1/shop/categories')).data.list[0];
    const [before] = await rows(t.db, sql`select count(*)::int as n from shop_products`);
    const ok = {
      name_zhhk: '港隊 訓練外套',
      name_zhcn: '港队 训练外套',
      name_zhtw: '港隊 訓練外套',
      category_id: cat.id,
      price_hkd: '380',
      stock: 5,
    };
    const fan = await t.loginByPhone('64860021');
    expect((await t.call('POST', `${OPS}/products`, { token: fan.token, body: ok })).code).toBe(
      E.NO_PERMISSION,
    );
    const many = Array.from({ length: 9 }, (_, i) => `C${i}`).join(',');
    for (const body of [
      {},
      { ...ok, category_id: 99999 },
      { ...ok, price_hkd: '0.5' },
      { ...ok, price_hkd: '12.345' },
      { ...ok, stock: -1 },
      { ...ok, name_zhhk: 'x' },
      { ...ok, name_zhhk: '   ' },
      { ...ok, sizes: 'S,,M' },
      { ...ok, sizes: 'XS,S,M,L,XL', colors: many },
      { ...ok, extra: 1 },
    ])
      expect((await t.call('POST', `${OPS}/products`, { token: op, body })).code, JSON.stringify(body)).toBe(
        E.BAD_REQUEST,
      );
    const [after] = await rows(t.db, sql`select count(*)::int as n from shop_products`);
    expect(after.n).toBe(before.n);
  });

  it('refuses fans, unknown ids and bad input', async () => {
    const fan = await t.loginByPhone('64860001');
    expect((await t.call('GET', `${OPS}/products`, { token: fan.token })).code).toBe(E.NO_PERMISSION);
    expect((await t.call('PUT', `${OPS}/skus/1`, { token: fan.token, body: { stock: 1 } })).code).toBe(
      E.NO_PERMISSION,
    );
    expect((await t.call('PUT', `${OPS}/skus/99999999`, { token: op, body: { stock: 1 } })).code).toBe(
      E.NOT_FOUND,
    );
    for (const body of [{}, { stock: -1 }, { price: 0 }, { price: 1.5 }, { extra: 1 }])
      expect((await t.call('PUT', `${OPS}/skus/1`, { token: op, body })).code).toBe(E.BAD_REQUEST);
    for (const body of [{}, { status: 2 }, { name_zhhk: 'x' }])
      expect((await t.call('PUT', `${OPS}/products/1`, { token: op, body })).code).toBe(E.BAD_REQUEST);
  });

  it('issues a coupon to chosen users by phone (unknown numbers answered back), audited', async () => {
    const a = await t.loginByPhone('64860011');
    const b = await t.loginByPhone('64860012');
    const kinds = (await t.call('GET', `${OPS}/coupons`, { token: op })).data.list;
    expect(kinds[0]).toMatchObject({ value: kinds[0].id, label: kinds[0].name });
    const r = await t.call('POST', `${OPS}/coupons/grant`, {
      token: op,
      body: { coupon_id: kinds[0].id, days: 7, phones: '64860011, +852 64860012\n64869999' },
    });
    expect(r.code, JSON.stringify(r)).toBe(0);
    expect(r.data).toMatchObject({ granted: 2, unknown: ['64869999'] });
    for (const f of [a, b]) {
      const mine = await t.call('GET', '/mdr/api/v1/shop/coupons', { token: f.token });
      expect(mine.data.counts.usable).toBe(1);
    }
    const none = await t.call('POST', `${OPS}/coupons/grant`, {
      token: op,
      body: { coupon_id: kinds[0].id, days: 7, phones: '64869999' },
    });
    expect(none.code).toBe(E.BAD_REQUEST);
    const [audit] = await rows(
      t.db,
      sql`select action from ops_audit where action = 'coupon.grant' order by id desc limit 1`,
    );
    expect(audit.action).toBe('coupon.grant');
  });
});
