import { expect, type Page, test } from '@playwright/test';
import { apiLogin, current, freshPhone, mdrApi, shot, useSession } from './helpers';
import { completedOrder } from './shop-helpers';

/**
 * Perks refresh without signing in again (issue 12): a fan with two tabs open earns points (a completed
 * order), then in one tab exchanges "ad-free" in the points store — the other tab, left on the shop,
 * drops its promotional banners at once (the server's notice on the fan's `user:<id>` topic, on which
 * the page reads the account again). The gold badge bought elsewhere (another device: the API) shows on
 * the other tab's own page the same way.
 */

const region = [
  { code: 'HK', name: '香港' },
  { code: 'HK-KC', name: '九龍城區' },
];
const home = {
  receiver: '黃家明',
  area_code: '852',
  phone: '91234567',
  region,
  detail: '馬頭圍道 88 號 5 樓 B 室',
};

/** one tab of the fan's browser, signed in as the login screen leaves it (token and user ids stored) */
async function useFanTab(page: Page, who: { token: string; id: number; user_external: string }) {
  await useSession(page, who.token);
  const user = JSON.stringify({ id: who.id, user_external: who.user_external });
  await page.addInitScript((u) => localStorage.getItem('user') || localStorage.setItem('user', u), user);
}

test('a perk exchanged in one tab shows in the other without signing in again', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const fan = await apiLogin(request, freshPhone());
  const address = await mdrApi(request, fan.token, 'POST', '/shop/addresses', home);

  // points for both perks (1000 + 1200): a completed, reviewed order of HK$2,300 or more
  const products = await mdrApi(request, fan.token, 'GET', '/shop/products?size=40&sort=price_desc');
  let pick: { sku: number; quantity: number } | null = null;
  for (const p of products.list as { id: number }[]) {
    const detail = await mdrApi(request, fan.token, 'GET', `/shop/products/${p.id}`);
    for (const k of detail.skus as { id: number; stock: number; price: number }[]) {
      const quantity = Math.ceil(230_000 / k.price);
      if (quantity <= 5 && k.stock >= quantity) pick = { sku: k.id, quantity };
      if (pick) break;
    }
    if (pick) break;
  }
  if (!pick) throw new Error('no SKU with stock for HK$2,300');
  const ctx = await browser.newContext();
  const a = await ctx.newPage();
  const b = await ctx.newPage();
  await useFanTab(a, fan);
  await useFanTab(b, fan);

  await completedOrder(a, request, fan.token, {
    addressId: address.id,
    skuId: pick.sku,
    quantity: pick.quantity,
    review: '球衣質地好，尺碼準',
  });
  expect((await mdrApi(request, fan.token, 'GET', '/points/account')).balance).toBeGreaterThanOrEqual(2200);

  // tab B on the shop: the promotional banners show (no perk yet)
  await b.goto('/#/shop');
  await expect(current(b).locator('.gf-carousel')).toBeVisible();

  // tab A exchanges "ad-free" in the points store
  await a.goto('/#/shop/integral/index');
  await current(a).getByText('會員免廣告 30 日').first().click();
  await expect(a).toHaveURL(/#\/shop\/integral\/product\/detail\?id=\d+/);
  await current(a).getByRole('button', { name: '立即兌換' }).click();
  await expect(a).toHaveURL(/#\/shop\/integral\/settlement/);
  await current(a).getByRole('button', { name: '確認兌換' }).click();
  await a.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(a).toHaveURL(/#\/shop\/integral\/order\/detail\?id=\d+/);

  // tab B, untouched: the banners go, with no reload and no new sign-in
  await expect(current(b).locator('.gf-carousel')).toHaveCount(0, { timeout: 10_000 });
  await expect(current(b).getByText('精選推介', { exact: false }).first()).toBeVisible();
  await shot(b, info, 'shop5-perks-ad-free');

  // tab B on the fan's own page: no badge; the gold badge exchanged elsewhere appears there live
  await b.goto('/#/me');
  await expect(current(b).getByText('★ 金章')).toHaveCount(0);
  const goods = await mdrApi(request, fan.token, 'GET', '/points/goods?size=50');
  const badge = (goods.list as { id: number; name: string }[]).find((g) => g.name.includes('金色球迷徽章'));
  if (!badge) throw new Error('no gold badge in the points store');
  await mdrApi(request, fan.token, 'POST', '/points/exchanges', {
    goods_id: badge.id,
    quantity: 1,
    idempotency_key: `e2ebadge${Date.now()}`,
  });
  await expect(current(b).getByText('★ 金章')).toBeVisible({ timeout: 10_000 });
  await shot(b, info, 'shop5-perks-badge');
  await ctx.close();
});
