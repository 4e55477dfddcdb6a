/**
 * A merchant renames a SKU's colour after the product exists (issue 12 item 8): every size of that colour
 * takes the new name in the three scripts, fans see it in their own script at once, the edit is audited,
 * a name another colour already has is refused, and bad names are bad input (never a 5xx).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { E } from '../../http/errors';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let op: string;
const OPS = '/mdr/api/v1/ops/shop';

beforeAll(async () => {
  t = await createTestApp();
  ({ token: op } = await t.loginByPhone('90000000'));
});
afterAll(async () => t?.close());

interface Sku {
  id: number;
  size: string;
  color: string;
  color_zhcn: string;
  color_zhtw: string;
  price: number;
  stock: number;
}

/** a new scarf in two sizes and two colours, typed in Hong Kong script only */
async function scarf() {
  const cats = (await t.call('GET', '/mdr/api/v1/shop/categories')).data.list;
  const r = await t.call('POST', `${OPS}/products`, {
    token: op,
    body: {
      name_zhhk: '東方龍獅 球迷頸巾',
      name_zhcn: '东方龙狮 球迷颈巾',
      name_zhtw: '東方龍獅 球迷圍巾',
      category_id: cats[0].id,
      sizes: '標準, 加長',
      colors: '橙色, 黑色',
      price_hkd: '129',
      stock: 5,
    },
  });
  expect(r.code, JSON.stringify(r)).toBe(0);
  return r.data as { id: number; skus: Sku[] };
}

/** what the console sends: every field of the SKU form as it was, with the edits over it */
const consoleBody = (k: Sku, edit: Record<string, string>) => ({
  price_hkd: (k.price / 100).toFixed(2),
  stock: k.stock,
  color: k.color,
  color_zhcn: k.color_zhcn,
  color_zhtw: k.color_zhtw,
  ...edit,
});

const names = (skus: Sku[]) => skus.map((k) => `${k.size}/${k.color}/${k.color_zhcn}/${k.color_zhtw}`);

describe('merchant renames a SKU colour', () => {
  it('renames every size of the colour in three scripts, audited, and fans see it in their script', async () => {
    const p = await scarf();
    const orange = p.skus.find((k) => k.color === '橙色' && k.size === '加長') as Sku;
    const r = await t.call('PUT', `${OPS}/skus/${orange.id}`, {
      token: op,
      body: consoleBody(orange, { color: '龍獅橙' }),
    });
    expect(r.code, JSON.stringify(r)).toBe(0);
    // the other two followed the new Hong Kong name (OpenCC); price and stock as they were
    expect(names(r.data.skus)).toEqual([
      '標準/龍獅橙/龙狮橙/龍獅橙',
      '標準/黑色/黑色/黑色',
      '加長/龍獅橙/龙狮橙/龍獅橙',
      '加長/黑色/黑色/黑色',
    ]);
    expect(r.data.skus.every((k: Sku) => k.price === 12900 && k.stock === 5)).toBe(true);

    const cn = await t.call('GET', `/mdr/api/v1/shop/products/${p.id}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(cn.data.colors).toEqual(['龙狮橙', '黑色']);
    const [a] = await rows(
      t.db,
      sql`select action, reason from ops_audit where target_type = 'shop_sku' and target_id = ${String(orange.id)}`,
    );
    expect(a.action).toBe('sku.edit');
    expect(a.reason).toContain('color_zhhk: 橙色 → 龍獅橙');
    expect(a.reason).toContain('color_zhcn: 橙色 → 龙狮橙');
    expect(a.reason).toContain('(2 SKU)');
    expect(a.reason).not.toContain('price');

    // a name typed in one script alone changes only that one (Taiwan readers call it 龍獅橘)
    const lion = r.data.skus.find((k: Sku) => k.color === '龍獅橙') as Sku;
    const tw = await t.call('PUT', `${OPS}/skus/${lion.id}`, {
      token: op,
      body: consoleBody(lion, { color_zhtw: '龍獅橘' }),
    });
    expect(tw.code).toBe(0);
    expect(names(tw.data.skus)[0]).toBe('標準/龍獅橙/龙狮橙/龍獅橘');
    const twView = await t.call('GET', `/mdr/api/v1/shop/products/${p.id}`, {
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(twView.data.colors).toEqual(['龍獅橘', '黑色']);
  });

  it('refuses a name another colour of the product has, and changes nothing', async () => {
    const p = await scarf();
    const orange = p.skus.find((k) => k.color === '橙色') as Sku;
    for (const edit of [{ color: '黑色' }, { color_zhcn: '黑色' }] as Record<string, string>[]) {
      const r = await t.call('PUT', `${OPS}/skus/${orange.id}`, {
        token: op,
        body: consoleBody(orange, edit),
      });
      expect(r.code, JSON.stringify(edit)).toBe(E.BAD_REQUEST);
      expect(r.data.keyword).toBe('colorTaken');
    }
    const after = await t.call('GET', `${OPS}/products/${p.id}`, { token: op });
    expect(names(after.data.skus)).toEqual(names(p.skus));
  });

  it('refuses empty, listed or over-long names as bad input, never a 5xx', async () => {
    const p = await scarf();
    const k = p.skus[0];
    for (const color of ['', ' ', '紅,白', '紅、白', '一二三四五六七八九十一二三', '紅\u0007'])
      for (const field of ['color', 'color_zhcn', 'color_zhtw']) {
        const r = await t.call('PUT', `${OPS}/skus/${k.id}`, { token: op, body: { [field]: color } });
        expect(r.code, `${field}=${JSON.stringify(color)}`).toBe(E.BAD_REQUEST);
      }
    const fan = await t.loginByPhone('64860021');
    const refused = await t.call('PUT', `${OPS}/skus/${k.id}`, { token: fan.token, body: { color: '藍色' } });
    expect(refused.code).toBe(E.NO_PERMISSION);
    const after = await t.call('GET', `${OPS}/products/${p.id}`, { token: op });
    expect(names(after.data.skus)).toEqual(names(p.skus));
  });
});
