import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiLogin,
  current,
  freshPhone,
  hkd,
  mdrApi,
  operatorPage,
  operatorToken,
  shot,
  useSession,
} from './helpers';
import { submitAndPay } from './shop-helpers';

/**
 * Share links and promotion income: fan A shares a product (the link carries A's share code); visitor B
 * opens it, is asked to log in, buys through it and pays in the sandbox; the merchant ships, B confirms
 * and reviews (the order completes); A finds the commission credited under 推廣收益 and opens its record.
 */

/** the app's money(): whole dollars bare, cents with two decimals */
const money = (cents: number) =>
  cents % 100 === 0
    ? hkd(cents)
    : `HK$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

interface Sku {
  id: number;
  size: string;
  color: string;
  price: number;
  stock: number;
}

const address = {
  receiver: '黃子謙',
  area_code: '852',
  phone: '61234567',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-KC', name: '九龍城區' },
  ],
  detail: '太子道西 190 號 6 樓 B 室',
};

async function scarf(request: APIRequestContext, token: string) {
  const list = await mdrApi(
    request,
    token,
    'GET',
    `/shop/products?keyword=${encodeURIComponent('利物浦')}&size=20`,
  );
  const product = (list.list as { id: number; name: string }[]).find((p) => p.name.includes('球迷版球衣'));
  if (!product) throw new Error('no seeded Liverpool jersey');
  const detail = await mdrApi(request, token, 'GET', `/shop/products/${product.id}`);
  const sku = (detail.skus as Sku[]).find((k) => k.stock >= 3);
  if (!sku) throw new Error('no SKU in stock');
  return { product, sku };
}

test('a shared link earns the sharer a commission once the order completes', async ({
  browser,
  page,
  request,
}, info) => {
  // A: the share button on a product copies a link with A's share code
  const a = await apiLogin(request, freshPhone());
  const { product, sku } = await scarf(request, a.token);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await useSession(page, a.token);
  await page.goto(`/#/shop/product/detail?id=${product.id}`);
  const detail = current(page);
  await expect(detail.getByText(product.name).first()).toBeVisible();
  await detail.getByText('分享', { exact: true }).click();
  await expect(page.getByText(/分享連結已複製：朋友經你條連結買嘢/)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const code = (await mdrApi(request, a.token, 'GET', '/promo/share-code')).code as string;
  const link = copied.match(/#\/share\/goods\/detail\?id=\d+&code=[A-Z0-9]+/)?.[0];
  expect(link).toBe(`#/share/goods/detail?id=${product.id}&code=${code}`);

  // B, a visitor, opens the link in another browser: the public page, buying asks for a login
  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-HK' });
  const b = await ctx.newPage();
  await b.goto(`/${link}`);
  const share = current(b);
  await expect(share.getByText('你嘅朋友推介咗呢件商品畀你')).toBeVisible();
  await expect(share.getByText(product.name)).toBeVisible();
  await shot(b, info, 'promo-share-visitor');
  await share.getByRole('button', { name: '登入後購買' }).click();
  await expect(b.locator('.gf-login-popup .adm-popup-body')).toContainText('登入');

  // B signs in (the login form itself is covered by login.spec.ts) and comes back to the same link
  const buyer = await apiLogin(request, freshPhone());
  await mdrApi(request, buyer.token, 'POST', '/shop/addresses', address);
  await b.evaluate((tok) => {
    localStorage.setItem('token', JSON.stringify(tok));
    localStorage.setItem('isLogin', 'true');
  }, buyer.token);
  await b.goto(`/${link}`);
  await b.reload();
  const page2 = current(b);
  await page2.getByRole('button', { name: sku.color, exact: true }).click();
  await page2.getByRole('button', { name: sku.size, exact: true }).click();
  await expect(page2.getByTestId('sku-price')).toHaveText(hkd(sku.price));
  await page2.getByRole('button', { name: '立即購買' }).click();
  await expect(b).toHaveURL(new RegExp(`#/order/settlement\\?share=${code}`));
  await submitAndPay(b);

  // the order records A as its sharer; A sees it pending
  const orders = await mdrApi(request, buyer.token, 'GET', '/shop/orders?status=pending_shipment');
  const order = (orders.list as { id: number; goods_amount: number; discount: number }[])[0];
  const commission = Math.floor((order.goods_amount - order.discount) * 0.05);
  let summary = await mdrApi(request, a.token, 'GET', '/user/ecommerce');
  expect(summary).toMatchObject({ pending: commission, available: 0 });

  // the merchant ships; B confirms receipt and reviews: the order completes
  const op = await operatorToken(request);
  await mdrApi(request, op, 'POST', `/ops/shop/orders/${order.id}/ship`, { carrier: 'sf' });
  await mdrApi(request, buyer.token, 'POST', `/shop/orders/${order.id}/confirm`, {});
  await mdrApi(request, buyer.token, 'POST', `/shop/orders/${order.id}/review`, {
    stars: 5,
    content: '朋友推介嘅球衣，質地好好',
  });
  summary = await mdrApi(request, a.token, 'GET', '/user/ecommerce');
  expect(summary).toMatchObject({ pending: 0, available: commission, total_earned: commission });

  // A: 推廣收益 shows the credited commission and its record
  await page.goto('/#/user/ec/product');
  const income = current(page);
  await expect(income.getByText(money(commission), { exact: true })).toBeVisible();
  await expect(income.getByText(product.name)).toBeVisible();
  await expect(income.getByText(`+${money(commission)} · 已入帳`)).toBeVisible();
  await shot(page, info, 'promo-income');
  await income.getByText(product.name).click();
  await expect(page).toHaveURL(/#\/user\/ec\/product\/detail\?id=\d+/);
  const record = current(page);
  await expect(record.getByText('佣金已經入咗你嘅推廣收益，可以提現')).toBeVisible();
  await expect(record.getByText('5%')).toBeVisible();
  await shot(page, info, 'promo-record');
  await ctx.close();
});

test('the merchant edits a SKU’s stock and issues a coupon to a fan by phone in the console', async ({
  browser,
  request,
}, info) => {
  const fanPhone = freshPhone();
  const fan = await apiLogin(request, fanPhone);
  const { product, sku } = await scarf(request, fan.token);
  const op = await operatorPage(browser, await operatorToken(request));

  await op.goto('/#/ops');
  await current(op).getByText('商品管理').click();
  await expect(op).toHaveURL(/#\/ops\/shop\/products/);
  await current(op).getByText(product.name).first().click();
  const page = current(op);
  await expect(page.getByText('款式、售價同庫存')).toBeVisible();
  const row = page
    .locator('div')
    .filter({ hasText: new RegExp(`^${sku.size} · ${sku.color}`) })
    .first();
  await row.getByRole('button', { name: '修改' }).click();
  const stock = page.getByRole('textbox', { name: '庫存（件）' }).or(page.locator('input').nth(1));
  await stock.fill(String(sku.stock + 5));
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(op.getByText('已儲存，操作已記錄')).toBeVisible();
  const after = await mdrApi(request, fan.token, 'GET', `/shop/products/${product.id}`);
  expect((after.skus as Sku[]).find((k) => k.id === sku.id)?.stock).toBe(sku.stock + 5);
  await shot(op, info, 'merchant-product');

  await op.goto('/#/ops/shop/coupons');
  const coupons = current(op);
  await coupons.getByText('請揀優惠券').click();
  await op.locator('.adm-picker-view-column-item').filter({ hasText: '新會員見面禮' }).click();
  await op.locator('.adm-picker-header-button').getByText('確定').click();
  await coupons.locator('textarea').fill(`${fanPhone}, 64999999`);
  await coupons.getByRole('button', { name: '派畀指定用戶' }).click();
  await expect(op.getByText('已派出 1 張。 以下號碼冇帳戶：64999999')).toBeVisible();
  await shot(op, info, 'merchant-coupons');
  const mine = await mdrApi(request, fan.token, 'GET', '/shop/coupons?tab=usable');
  expect((mine.list as { name: string }[]).map((c) => c.name)).toContain('新會員見面禮');
  await op.context().close();
});
