import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiLogin,
  current,
  freshPhone,
  mdrApi,
  operatorPage,
  operatorToken,
  shot,
  useSession,
} from './helpers';

/**
 * Issue 12, the shop's loose ends: the merchant renames a SKU colour in the console after the product exists
 * (every size of it, the fan's script follows); a product upload refused by the server says which formats it
 * takes (jpg/jpeg/png/webp, not "jpg only"); a malformed product link shows the shop's not-found with a way back.
 */

/** a new product in the console's API: sizes S and M in 海軍藍 and 白色, HK$129, 5 of each */
async function newScarf(request: APIRequestContext, op: string, name: string) {
  const cats = await mdrApi(request, op, 'GET', '/shop/categories');
  return (await mdrApi(request, op, 'POST', '/ops/shop/products', {
    name_zhhk: name,
    name_zhcn: name,
    name_zhtw: name,
    // the scarves' category, so its drawing is a scarf
    category_id: (cats.list.find((c: { name: string }) => c.name === '頸巾') ?? cats.list[0]).id,
    sizes: 'S, M',
    colors: '海軍藍, 白色',
    price_hkd: '129',
    stock: 5,
  })) as { id: number };
}

/** opens the SKU edit form of the row `label` ("S · 海軍藍") on the console's product page */
async function editSkuRow(op: Page, label: string) {
  const row = current(op)
    .locator('div')
    .filter({ hasText: label })
    .filter({ has: op.getByRole('button', { name: '修改' }) })
    .last();
  await row.getByRole('button', { name: '修改' }).click();
  await expect(current(op).getByText('顏色（繁體·香港）')).toBeVisible();
}

/** the first input on the page holding `value` */
async function inputWith(op: Page, value: string) {
  const inputs = current(op).locator('input');
  const n = await inputs.count();
  for (let i = 0; i < n; i++) if ((await inputs.nth(i).inputValue()) === value) return inputs.nth(i);
  throw new Error(`no input holds ${value}`);
}

test('the merchant renames a SKU colour in the console; every size takes it and fans see it', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const opToken = await operatorToken(request);
  const name = `東方龍獅頸巾 ${String(Date.now()).slice(-5)}`;
  const p = await newScarf(request, opToken, name);
  const op = await operatorPage(browser, opToken);
  await op.goto(`/#/ops/shop/products?id=${p.id}`);
  await expect(current(op).getByText('M · 海軍藍')).toBeVisible();

  await editSkuRow(op, 'S · 海軍藍');
  // the three names as they are; only the Hong Kong one is retyped, the others follow it
  await expect(await inputWith(op, '海军蓝')).toBeVisible();
  await (await inputWith(op, '海軍藍')).fill('龍獅藍');
  await expect(current(op).getByText('改顏色名會同時改埋呢隻顏色嘅所有尺碼', { exact: false })).toBeVisible();
  await shot(op, info, 'shop6-console-sku-colour');
  await current(op).getByRole('button', { name: '儲存' }).click();
  await expect(op.getByText('已儲存，操作已記錄')).toBeVisible();
  await expect(current(op).getByText('S · 龍獅藍')).toBeVisible();
  await expect(current(op).getByText('M · 龍獅藍')).toBeVisible();
  await expect(current(op).getByText('S · 海軍藍')).toHaveCount(0);

  // a name the other colour has is refused, and the form says why
  await editSkuRow(op, 'M · 龍獅藍');
  await (await inputWith(op, '龍獅藍')).fill('白色');
  await current(op).getByRole('button', { name: '儲存' }).click();
  await expect(current(op).getByText('呢件貨品已經有另一隻顏色叫呢個名，請揀第二個名')).toBeVisible();
  await expect(current(op).getByText('M · 龍獅藍')).toBeVisible();
  await op.context().close();

  // a fan picks the new colour on the product page; mainland readers get its simplified name
  const fan = await apiLogin(request, freshPhone());
  await useSession(page, fan.token);
  await page.goto(`/#/shop/product/detail?id=${p.id}`);
  const detail = current(page);
  await expect(detail.getByText(name).first()).toBeVisible();
  await expect(detail.getByText('龍獅藍', { exact: true })).toBeVisible();
  await expect(detail.getByText('海軍藍', { exact: true })).toHaveCount(0);
  await shot(page, info, 'shop6-detail-renamed-colour');
  const cn = await request.get(`/mdr/api/v1/shop/products/${p.id}`, {
    headers: { 'accept-language': 'zh-CN' },
  });
  expect((await cn.json()).data.colors).toEqual(['龙狮蓝', '白色']);
});

test('a product image the server refuses says it takes jpg/jpeg/png/webp, and the picker offers them', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const opToken = await operatorToken(request);
  const p = await newScarf(request, opToken, `傑志頸巾 ${String(Date.now()).slice(-5)}`);
  const op = await operatorPage(browser, opToken);
  await op.goto(`/#/ops/shop/products/images?id=${p.id}`);
  const picker = current(op).locator('input[type=file]');
  await expect(picker).toHaveCount(1);
  const accept = (await picker.getAttribute('accept')) ?? '';
  for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(accept).toContain(type);
  // a text file named .png passes the picker (its name and type look right); the server reads the bytes
  await picker.setInputFiles({
    name: 'kit.png',
    mimeType: 'image/png',
    buffer: Buffer.from('這不是圖片。\n'.repeat(20)),
  });
  await expect(op.getByText('只接受 jpg/jpeg/png/webp 格式嘅圖片')).toBeVisible();
  await shot(op, info, 'shop6-upload-formats');
  await op.context().close();
});

test('a malformed product link shows the shop not-found with a way back', async ({ page }, info) => {
  await page.goto('/#/shop/product/detail?id=abc');
  const view = current(page);
  await expect(view.getByText('搵唔到呢件商品')).toBeVisible();
  await expect(view.getByText('商品可能已經下架，或者連結有誤')).toBeVisible();
  await shot(page, info, 'shop6-detail-malformed-id');
  await view.getByRole('button', { name: '返回商城' }).click();
  await expect(page).toHaveURL(/#\/shop(\?|$)/);
});
