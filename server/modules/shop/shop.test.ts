import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildCatalogue, type Club, stockFor } from './catalogue';
import { IMAGE_NAME, shopImageSvg } from './images';
import { invalidateCatalogue } from './list-cache';

let t: TestApp;
let visitor: string;
let alice: { token: string; userId: number };
let bob: { token: string; userId: number };
const P = '/mdr/api/v1/shop';

beforeAll(async () => {
  t = await createTestApp();
  visitor = await t.token();
  alice = await t.loginByPhone('64550001');
  bob = await t.loginByPhone('64550002');
});
afterAll(async () => t?.close());

describe('the seeded catalogue', () => {
  it('has about 60 products and 300 SKUs in seven categories, prices in HKD cents, stock never negative', async () => {
    const cats = await t.call('GET', `${P}/categories`, { token: visitor });
    expect(cats.code).toBe(0);
    expect(cats.data.list.map((c: { code: string }) => c.code)).toEqual([
      'jersey',
      'training',
      'boots',
      'ball',
      'scarf',
      'accessory',
      'collectible',
    ]);
    const products = cats.data.list.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(products).toBeGreaterThanOrEqual(55);
    expect(products).toBeLessThanOrEqual(65);
    const all = await t.call('GET', `${P}/products?size=100`, { token: visitor });
    expect(all.data.total).toBe(products);
    let skus = 0;
    for (const p of all.data.list.slice(0, 70)) {
      const d = await t.call('GET', `${P}/products/${p.id}`, { token: visitor });
      skus += d.data.skus.length;
      for (const k of d.data.skus) {
        expect(Number.isInteger(k.price) && k.price > 0).toBe(true);
        expect(k.stock).toBeGreaterThanOrEqual(0);
      }
      expect(d.data.price).toBe(Math.min(...d.data.skus.map((k: { price: number }) => k.price)));
    }
    expect(skus).toBeGreaterThanOrEqual(280);
    expect(skus).toBeLessThanOrEqual(340);
  });

  it('names products in the script the caller reads', async () => {
    const hk = await t.call('GET', `${P}/products?keyword=利物浦&size=100`, { token: visitor });
    const cn = await t.call('GET', `${P}/products?keyword=利物浦&size=100`, {
      token: visitor,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(hk.data.total).toBeGreaterThan(2);
    const scarfHk = hk.data.list.find((p: { name: string }) => p.name.includes('頸巾'));
    const scarfCn = cn.data.list.find((p: { id: number }) => p.id === scarfHk.id);
    expect(scarfCn.name).toContain('围巾');
    // a simplified keyword finds traditional names too
    const simplified = await t.call('GET', `${P}/products?keyword=${encodeURIComponent('曼联')}`, {
      token: visitor,
    });
    expect(simplified.data.total).toBeGreaterThan(0);
  });

  it('builds jerseys in the seeded club colours and the same stock every time', () => {
    const clubs: Club[] = [
      { id: 1, code: 'EPL-LIV', name: ['利物浦', '利物浦', '利物浦'], color: '#C8102E' },
    ];
    const a = buildCatalogue(clubs, new Date('2026-11-26T00:00:00Z'));
    const b = buildCatalogue(clubs, new Date('2026-11-26T00:00:00Z'));
    expect(a).toEqual(b);
    const jersey = a.find((p) => p.code === 'JSY-EPL-LIV');
    expect(jersey?.name[0]).toBe('利物浦 2026/27 球迷版球衣');
    expect(jersey?.images[0]).toContain('jersey-c8102e-ffffff-0.svg');
    expect(jersey?.skus).toHaveLength(10);
    expect(stockFor('X')).toBe(stockFor('X'));
  });
});

describe('the product list', () => {
  it('filters by category and price and sorts by price both ways', async () => {
    const cats = (await t.call('GET', `${P}/categories`, { token: visitor })).data.list;
    const boots = cats.find((c: { code: string }) => c.code === 'boots');
    const asc = await t.call('GET', `${P}/products?category_id=${boots.id}&sort=price_asc&size=100`, {
      token: visitor,
    });
    expect(asc.data.total).toBe(boots.count);
    const prices = asc.data.list.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const desc = await t.call('GET', `${P}/products?category_id=${boots.id}&sort=price_desc&size=100`, {
      token: visitor,
    });
    expect(desc.data.list.map((p: { price: number }) => p.price)).toEqual([...prices].reverse());
    const band = await t.call('GET', `${P}/products?min_price=10000&max_price=20000&size=100`, {
      token: visitor,
    });
    expect(band.data.total).toBeGreaterThan(0);
    for (const p of band.data.list) expect(p.price >= 10000 && p.price <= 20000).toBe(true);
    const newest = await t.call('GET', `${P}/products?sort=new&size=3`, { token: visitor });
    expect(newest.data.list).toHaveLength(3);
  });

  it('pages with route-kit limits and finds nothing for a keyword nothing has (% is literal)', async () => {
    const p2 = await t.call('GET', `${P}/products?page=2&size=5`, { token: visitor });
    expect(p2.data.list).toHaveLength(5);
    expect(p2.data.page).toBe(2);
    const none = await t.call('GET', `${P}/products?keyword=${encodeURIComponent('%')}`, { token: visitor });
    expect(none.data).toMatchObject({ list: [], total: 0 });
    const far = await t.call('GET', `${P}/products?page=999`, { token: visitor });
    expect(far.data.list).toEqual([]);
    expect(far.data.total).toBeGreaterThan(50);
  });

  it.each([
    ['size=101', 100400],
    ['page=0', 100400],
    ['sort=cheap', 100400],
    ['min_price=-1', 100400],
    ['min_price=abc', 100400],
    ['min_price=500&max_price=100', 100400],
    ['category_id=0', 100400],
    [`keyword=${'x'.repeat(41)}`, 100400],
    ['nope=1', 100400],
  ])('answers %s with %i, never a 500', async (qs, code) => {
    const r = await t.call('GET', `${P}/products?${qs}`, { token: visitor });
    expect(r.status).toBeLessThan(500);
    expect(r.code).toBe(code);
  });

  it('an unknown category id is an empty list', async () => {
    const r = await t.call('GET', `${P}/products?category_id=2147480000`, { token: visitor });
    expect(r.data).toMatchObject({ list: [], total: 0 });
  });
});

describe('a product', () => {
  it('shows images, SKUs by size and colour with their stock, HKD prices and an honest empty review summary', async () => {
    const list = await t.call('GET', `${P}/products?keyword=${encodeURIComponent('利物浦 2')}`, {
      token: visitor,
    });
    const jersey = list.data.list[0];
    const d = await t.call('GET', `${P}/products/${jersey.id}`, { token: visitor });
    expect(d.code).toBe(0);
    expect(d.data.currency).toBe('HKD');
    expect(d.data.images.length).toBeGreaterThanOrEqual(2);
    expect(d.data.images[0].image).toBe(d.data.image);
    expect(d.data.sizes).toEqual(['S', 'M', 'L', 'XL', '2XL']);
    expect(d.data.colors).toEqual(['主場', '作客']);
    expect(d.data.stock).toBe(d.data.skus.reduce((n: number, k: { stock: number }) => n + k.stock, 0));
    expect(d.data.reviews).toEqual({ count: 0, average: 0, good_rate: 0 });
    expect(d.data.collected).toBe(false);
    const reviews = await t.call('GET', `${P}/products/${jersey.id}/reviews`, { token: visitor });
    expect(reviews.data).toMatchObject({ list: [], total: 0 });
  });

  it.each([
    ['2147480000', 100404],
    ['0', 100400],
    ['abc', 100400],
    ['1.5', 100400],
  ])('product %s answers %i', async (id, code) => {
    expect((await t.call('GET', `${P}/products/${id}`, { token: visitor })).code).toBe(code);
    expect((await t.call('GET', `${P}/products/${id}/reviews`, { token: visitor })).code).toBe(code);
  });

  it('the list from memory follows a write once the catalogue is invalidated', async () => {
    const before = await t.call('GET', `${P}/products?keyword=${encodeURIComponent('水樽')}`, {
      token: visitor,
    });
    expect(before.data.total).toBe(1);
    await t.db.execute("update shop_products set status = 0 where code = 'ACC-BOTTLE'" as never);
    invalidateCatalogue();
    const after = await t.call('GET', `${P}/products?keyword=${encodeURIComponent('水樽')}`, {
      token: visitor,
    });
    expect(after.data.total).toBe(0);
    await t.db.execute("update shop_products set status = 1 where code = 'ACC-BOTTLE'" as never);
    invalidateCatalogue();
  });

  it('an off-shelf product is not found', async () => {
    const { rows } = (await t.db.execute(
      "update shop_products set status = 0 where code = 'ACC-BOTTLE' returning id" as never,
    )) as unknown as { rows: { id: number }[] };
    const r = await t.call('GET', `${P}/products/${rows[0].id}`, { token: visitor });
    expect(r.code).toBe(100404);
    await t.db.execute("update shop_products set status = 1 where code = 'ACC-BOTTLE'" as never);
  });
});

describe('home, hot words and images', () => {
  it('home has banners linking to categories, every category and recommended goods', async () => {
    const h = await t.call('GET', `${P}/home`, { token: visitor });
    expect(h.data.banners).toHaveLength(3);
    expect(h.data.banners[0].link).toMatch(/^\/shop\/product\/goods\?category_id=\d+$/);
    expect(h.data.categories).toHaveLength(7);
    expect(h.data.recommended.length).toBeGreaterThan(6);
    const hot = await t.call('GET', `${P}/hot-words`, {
      token: visitor,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(hot.data.list).toContain('曼联');
  });

  it('serves every product image the catalogue names as SVG, and 100404 for any other name', async () => {
    const h = await t.call('GET', `${P}/home`, { token: visitor });
    const name = h.data.recommended[0].image.split('/').pop();
    expect(name).toMatch(IMAGE_NAME);
    const r = await t.app.inject({ method: 'GET', url: h.data.recommended[0].image });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.body).toMatch(/^<svg /);
    expect(shopImageSvg('jersey-zzzzzz-ffffff-0.svg')).toBeNull();
    const bad = await t.app.inject({ method: 'GET', url: `${P}/images/..%2Fetc.svg` });
    expect(JSON.parse(bad.body).code).toBe(100404);
  });
});

describe('collects and recently viewed', () => {
  it('are the caller’s own: one fan never sees another’s', async () => {
    const list = (await t.call('GET', `${P}/products?size=3`, { token: visitor })).data.list;
    const [a, b, c] = list.map((p: { id: number }) => p.id);
    expect(
      (await t.call('POST', `${P}/collects`, { token: alice.token, body: { product_id: a } })).data,
    ).toEqual({
      product_id: a,
      collected: true,
    });
    // twice is still one collect
    await t.call('POST', `${P}/collects`, { token: alice.token, body: { product_id: a } });
    await t.call('POST', `${P}/collects`, { token: bob.token, body: { product_id: b } });
    const mine = await t.call('GET', `${P}/collects`, { token: alice.token });
    expect(mine.data.list.map((p: { id: number }) => p.id)).toEqual([a]);
    const his = await t.call('GET', `${P}/collects`, { token: bob.token });
    expect(his.data.list.map((p: { id: number }) => p.id)).toEqual([b]);
    expect((await t.call('GET', `${P}/products/${a}`, { token: alice.token })).data.collected).toBe(true);
    expect((await t.call('GET', `${P}/products/${a}`, { token: bob.token })).data.collected).toBe(false);

    // bob uncollecting alice's product changes nothing of alice's
    await t.call('DELETE', `${P}/collects/${a}`, { token: bob.token });
    expect((await t.call('GET', `${P}/collects`, { token: alice.token })).data.total).toBe(1);
    await t.call('DELETE', `${P}/collects/${a}`, { token: alice.token });
    expect((await t.call('GET', `${P}/collects`, { token: alice.token })).data.total).toBe(0);

    // views: alice saw a then c (above: a twice), bob saw b and a
    await t.call('GET', `${P}/products/${c}`, { token: alice.token });
    const seen = await t.call('GET', `${P}/history`, { token: alice.token });
    expect(seen.data.list.map((p: { id: number }) => p.id)).toEqual([c, a]);
    const bobSeen = await t.call('GET', `${P}/history`, { token: bob.token });
    expect(bobSeen.data.list.map((p: { id: number }) => p.id)).toEqual([a]);
    await t.call('DELETE', `${P}/history`, { token: alice.token });
    expect((await t.call('GET', `${P}/history`, { token: alice.token })).data.total).toBe(0);
    expect((await t.call('GET', `${P}/history`, { token: bob.token })).data.total).toBe(1);
  });

  it('need a signed-in fan, and a listed product', async () => {
    expect((await t.call('GET', `${P}/collects`, { token: visitor })).code).toBe(110000);
    expect((await t.call('GET', `${P}/history`, { token: visitor })).code).toBe(110000);
    expect((await t.call('POST', `${P}/collects`, { token: visitor, body: { product_id: 1 } })).code).toBe(
      110000,
    );
    for (const body of [{}, { product_id: 'x' }, { product_id: 1, extra: 1 }, { product_id: -1 }, null])
      expect((await t.call('POST', `${P}/collects`, { token: alice.token, body })).code).toBe(100400);
    expect(
      (await t.call('POST', `${P}/collects`, { token: alice.token, body: { product_id: 2147480000 } })).code,
    ).toBe(100404);
    expect((await t.call('DELETE', `${P}/collects/2147480000`, { token: alice.token })).code).toBe(100404);
  });
});
