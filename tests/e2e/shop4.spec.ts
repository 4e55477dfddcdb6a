import { expect, test } from '@playwright/test';
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
 * The merchant creates a product with its SKUs in the console (sizes × colours, a price typed in HKD,
 * stock per SKU), picks its images from the generated drawings, and a fan finds it in the shop with its
 * SKUs. (Confirming receipt of shipped points goods is the end of points.spec.ts.)
 */

test('the merchant creates a product with SKUs in the console; a fan sees it in the shop', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const op = await operatorPage(browser, await operatorToken(request));
  const name = `傑志主場球衣 ${String(Date.now()).slice(-5)}`;
  await op.goto('/#/ops/shop/products');
  await current(op).getByRole('button', { name: '新增商品' }).click();
  await expect(op).toHaveURL(/#\/ops\/shop\/products\/new/);
  const form = current(op);
  await expect(form.getByText('每個尺碼配每個顏色就係一個款式', { exact: false })).toBeVisible();
  await form.getByPlaceholder('例如：利物浦 2026/27 主場球衣').fill(name);
  const inputs = form.locator('input');
  await inputs.nth(1).fill(name.replace('傑志', '杰志'));
  await inputs.nth(2).fill(name);
  await form.getByText('請揀分類').click();
  await op
    .locator('.adm-picker-view-column-item')
    .filter({ hasText: /^球衣$/ })
    .click();
  await op.locator('.adm-picker-header-button').getByText('確定').click();
  await form.getByPlaceholder('用逗號分隔，例如 S, M, L, XL；均碼留空').fill('S, M, L');
  await form.getByPlaceholder('用逗號分隔，例如 主場紅, 客場白；單一顏色留空').fill('主場紅, 客場白');
  await form.getByPlaceholder('例如 699 或者 199.50').fill('499.9');
  await inputs.nth(8).fill('12');
  await expect(form.getByText('即係 HK$499.90')).toBeVisible();
  await shot(op, info, 'shop4-console-create');
  await form.getByRole('button', { name: '新增並上架' }).click();
  await expect(op.getByText('商品已新增，操作已記錄')).toBeVisible();
  await expect(op).toHaveURL(/#\/ops\/shop\/products\?id=\d+/);
  const id = Number(/id=(\d+)/.exec(op.url())?.[1]);
  const detail = current(op);
  await expect(detail.getByText(name)).toBeVisible();
  await expect(detail.getByText('S · 主場紅')).toBeVisible();
  await expect(detail.getByText('L · 客場白')).toBeVisible();

  // its images: the back view of the drawing added to the front
  await detail.getByRole('button', { name: '設定圖片' }).click();
  await expect(op).toHaveURL(/#\/ops\/shop\/products\/images\?id=\d+/);
  const images = current(op);
  await expect(images.getByText('系統繪製嘅商品圖')).toBeVisible();
  await images.getByText('加入', { exact: true }).first().click();
  await expect(images.getByText('已加入')).toHaveCount(2);
  await shot(op, info, 'shop4-console-images');
  await images.getByRole('button', { name: '儲存' }).click();
  await expect(op.getByText('已儲存，操作已記錄')).toBeVisible();
  const p = await mdrApi(request, await operatorToken(request), 'GET', `/ops/shop/products/${id}`);
  expect(p.images).toHaveLength(2);
  await op.context().close();

  // a fan finds it by name and sees its six SKUs at HK$499.90
  const fan = await apiLogin(request, freshPhone());
  await useSession(page, fan.token);
  await page.goto(`/#/shop/product/detail?id=${id}`);
  const shop = current(page);
  await expect(shop.getByText(name).first()).toBeVisible();
  await expect(shop.getByText('HK$499.90').first()).toBeVisible();
  const pub = await mdrApi(request, fan.token, 'GET', `/shop/products?keyword=${encodeURIComponent(name)}`);
  expect((pub.list as { id: number }[]).map((x) => x.id)).toContain(id);
  const full = await mdrApi(request, fan.token, 'GET', `/shop/products/${id}`);
  expect(full.skus).toHaveLength(6);
  await shot(page, info, 'shop4-shop-detail');
});
