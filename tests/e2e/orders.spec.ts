import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin, current, freshPhone, hkd, mdrApi, shot, useSession } from './helpers';
import { settleCart, submitAndPay } from './shop-helpers';

/**
 * The shop's second slice: a fan with two SKUs in the cart checks out (the default address, changed to
 * another one from the address list), pays on the sandbox gateway and finds the order paid under 待發貨;
 * an unpaid order is cancelled from its detail and its stock comes back.
 */

interface Sku {
  id: number;
  size: string;
  color: string;
  price: number;
  stock: number;
}

/** A seeded Liverpool fan jersey and two of its SKUs with stock to spare. */
async function twoSkus(request: APIRequestContext, token: string) {
  const list = await mdrApi(
    request,
    token,
    'GET',
    `/shop/products?keyword=${encodeURIComponent('利物浦')}&size=20`,
  );
  const product = (list.list as { id: number; name: string }[]).find((p) => p.name.includes('球迷版球衣'));
  if (!product) throw new Error('no seeded Liverpool jersey');
  const detail = await mdrApi(request, token, 'GET', `/shop/products/${product.id}`);
  const skus = (detail.skus as Sku[]).filter((k) => k.stock >= 3);
  return { product, a: skus[0], b: skus[skus.length - 1] };
}

async function stockOf(request: APIRequestContext, token: string, productId: number, skuId: number) {
  const d = await mdrApi(request, token, 'GET', `/shop/products/${productId}`);
  return (d.skus as Sku[]).find((k) => k.id === skuId)?.stock;
}

const home = {
  receiver: '陳大文',
  area_code: '852',
  phone: '91234567',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-WC', name: '灣仔區' },
  ],
  detail: '軒尼詩道 123 號 8 樓 A 室',
};
const office = { ...home, receiver: '陳大文（公司）', phone: '61234567', detail: '皇后大道中 99 號 20 樓' };

const settle = settleCart;

test('a fan checks out two SKUs with a chosen address, pays in the sandbox and sees the order paid', async ({
  page,
  request,
}, info) => {
  const { token } = await apiLogin(request, freshPhone());
  await useSession(page, token);
  const { product, a, b } = await twoSkus(request, token);
  await mdrApi(request, token, 'POST', '/shop/cart', { sku_id: a.id, quantity: 2 });
  await mdrApi(request, token, 'POST', '/shop/cart', { sku_id: b.id, quantity: 1 });
  await mdrApi(request, token, 'POST', '/shop/addresses', home);
  await mdrApi(request, token, 'POST', '/shop/addresses', office);
  const stockA = a.stock;

  const goods = a.price * 2 + b.price;
  const fee = goods >= 50000 ? 0 : 3000;
  let s = await settle(page);
  await expect(s.getByText('陳大文', { exact: true })).toBeVisible();
  await expect(s.getByText(`${a.color} / ${a.size}`)).toBeVisible();
  await expect(s.getByText(`${b.color} / ${b.size}`)).toBeVisible();
  await expect(s.getByText(`合計：${hkd(goods + fee)}`)).toBeVisible();
  await expect(s.getByText(fee ? hkd(fee) : '免運費', { exact: true })).toBeVisible();
  await shot(page, info, 'orders-settlement');

  // another address from the list
  await s.getByText('更換', { exact: true }).click();
  await expect(page).toHaveURL(/#\/shop\/product\/address\/list\?pick=1/);
  const addresses = current(page);
  await addresses.getByText('用呢個地址').last().click();
  await expect(page).toHaveURL(/#\/order\/settlement\?address_id=\d+/);
  s = current(page);
  await expect(s.getByText('陳大文（公司）')).toBeVisible();
  await expect(s.getByText(/皇后大道中 99 號/)).toBeVisible();

  // order and pay on the sandbox page
  const status = await submitAndPay(page, { atGateway: () => shot(page, info, 'orders-sandbox') });
  await shot(page, info, 'orders-pay-status');
  await status.getByRole('button', { name: '查看訂單' }).click();
  await expect(page).toHaveURL(/#\/order\/type\?id=\d+/);
  const detail = current(page);
  await expect(detail.getByText('待發貨', { exact: true })).toBeVisible();
  await expect(detail.getByText('已付款，商家正準備發貨')).toBeVisible();
  await expect(detail.getByText('提交訂單')).toBeVisible();
  await expect(detail.getByText('付款成功')).toBeVisible();
  await expect(detail.getByText('陳大文（公司）')).toBeVisible();
  await expect(detail.getByText(hkd(goods + fee), { exact: true }).last()).toBeVisible();
  await shot(page, info, 'orders-detail-paid');

  // the orders list: the 待發貨 tab counts it, the cart is empty, the stock is taken
  await page.goto('/#/order');
  const orders = current(page);
  await expect(orders.getByRole('tab', { name: '待發貨 1' })).toBeVisible();
  await orders.getByRole('tab', { name: '待發貨 1' }).click();
  await expect(orders.getByText(`共 3 件　實付 ${hkd(goods + fee)}`)).toBeVisible();
  await shot(page, info, 'orders-list');
  await orders.getByRole('tab', { name: '待付款' }).click();
  await expect(orders.getByText('呢個狀態未有訂單')).toBeVisible();
  expect((await mdrApi(request, token, 'GET', '/shop/cart')).list).toHaveLength(0);
  expect(await stockOf(request, token, product.id, a.id)).toBe(stockA - 2);
});

test('an unpaid order is cancelled from its detail and its stock comes back', async ({
  page,
  request,
}, info) => {
  const { token } = await apiLogin(request, freshPhone());
  await useSession(page, token);
  const { product, a } = await twoSkus(request, token);
  await mdrApi(request, token, 'POST', '/shop/cart', { sku_id: a.id, quantity: 1 });
  await mdrApi(request, token, 'POST', '/shop/addresses', home);
  const before = await stockOf(request, token, product.id, a.id);

  const s = await settle(page);
  await s.getByRole('button', { name: '提交訂單並付款' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/SP/);
  expect(await stockOf(request, token, product.id, a.id)).toBe((before ?? 0) - 1);
  // the fan leaves the gateway without paying and opens the order
  await page.goto('/#/order?status=pending_payment');
  const orders = current(page);
  await expect(orders.getByRole('tab', { name: '待付款 1' })).toBeVisible();
  await expect(orders.getByText(/請喺 \d\d:\d\d 前付款/)).toBeVisible();
  await orders.getByText(/訂單編號：SO/).click();
  const detail = current(page);
  await expect(detail.getByText('待付款', { exact: true })).toBeVisible();
  await shot(page, info, 'orders-detail-unpaid');
  await detail.getByRole('button', { name: '取消訂單' }).click();
  await page.getByRole('button', { name: '確定' }).click();
  await expect(detail.getByText('已關閉', { exact: true })).toBeVisible();
  await expect(detail.getByText('你已取消呢張訂單，商品已放返出嚟賣')).toBeVisible();
  await expect(detail.getByRole('button', { name: '去付款' })).toHaveCount(0);
  await shot(page, info, 'orders-detail-cancelled');
  expect(await stockOf(request, token, product.id, a.id)).toBe(before);

  // a made-up order id is not found
  await page.goto('/#/order/type?id=2147480000');
  await expect(current(page).getByText('搵唔到呢張訂單')).toBeVisible();
});
