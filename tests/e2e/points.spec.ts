import { expect, test } from '@playwright/test';
import { apiLogin, current, freshPhone, mdrApi, operatorToken, shot, useSession } from './helpers';
import { completedOrder, shipExchangeInConsole } from './shop-helpers';

/**
 * The points store: a fan checks in (points credited, shown on the store and in the ledger); a completed
 * shop order (paid in the sandbox, shipped by the merchant, received and reviewed) credits its points;
 * the fan exchanges a keyring for points with the default address, sees the exchange in the record and
 * the debit in the ledger; the merchant ships the keyring from the console, the fan sees the parcel and
 * confirms receipt.
 */

const home = {
  receiver: '陳小芬',
  area_code: '852',
  phone: '67891234',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-KC', name: '九龍城區' },
  ],
  detail: '土瓜灣道 12 號 3 樓 A 室',
};

test('check in, earn from a completed order, exchange a keyring, see the record and the ledger', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(150_000);
  const fan = await apiLogin(request, freshPhone());
  await useSession(page, fan.token);
  const address = await mdrApi(request, fan.token, 'POST', '/shop/addresses', home);

  // check in on the store's card
  await page.goto('/#/shop/integral/index');
  const store = current(page);
  await expect(store.getByText('每日簽到')).toBeVisible();
  await store.getByRole('button', { name: '簽到 +5' }).click();
  await expect(page.getByText('簽到成功，+5 分')).toBeVisible();
  await expect(store.getByRole('button', { name: '今日已簽' })).toBeVisible();
  await expect(store.getByText('5', { exact: true })).toBeVisible();
  await shot(page, info, 'points-store');

  // a shop order, paid in the sandbox, shipped, received and reviewed: its points are credited
  const products = await mdrApi(request, fan.token, 'GET', '/shop/products?size=5');
  const detail = await mdrApi(request, fan.token, 'GET', `/shop/products/${products.list[0].id}`);
  const sku = (detail.skus as { id: number; stock: number }[]).find((k) => k.stock > 0);
  if (!sku) throw new Error('no SKU in stock');
  const order = await completedOrder(page, request, fan.token, {
    addressId: address.id,
    skuId: sku.id,
    quantity: 1,
    review: '質地好，送貨快',
  });
  const earned = Math.floor(order.pay_amount / 100) + 10;
  const balance = 5 + earned;

  // the store shows the new balance; exchange the keyring (200 points) with the default address
  await page.goto('/#/shop/integral/index');
  await expect(current(page).getByText(String(balance), { exact: true })).toBeVisible();
  await current(page).getByText('迷你足球匙扣').click();
  await expect(page).toHaveURL(/#\/shop\/integral\/product\/detail\?id=\d+/);
  await expect(current(page).getByText('200 積分').first()).toBeVisible();
  await current(page).getByRole('button', { name: '立即兌換' }).click();
  await expect(page).toHaveURL(/#\/shop\/integral\/settlement/);
  const settle = current(page);
  await expect(settle.getByText('土瓜灣道 12 號 3 樓 A 室', { exact: false })).toBeVisible();
  await expect(settle.getByText(`兌換後剩 ${balance - 200} 分`)).toBeVisible();
  await shot(page, info, 'points-settlement');
  await settle.getByRole('button', { name: '確認兌換' }).click();
  await expect(page.getByText(`兌換後剩 ${balance - 200} 分。`, { exact: false })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(page).toHaveURL(/#\/shop\/integral\/order\/detail\?id=\d+/);
  await expect(current(page).getByText('待發貨')).toBeVisible();
  await expect(current(page).getByText('200 分')).toBeVisible();

  // the exchange record and the ledger
  await page.goto('/#/shop/integral/exchange/record');
  await expect(current(page).getByText('迷你足球匙扣')).toBeVisible();
  await page.goto('/#/shop/integral/record/detail');
  const ledger = current(page);
  await expect(ledger.getByText('兌換禮品')).toBeVisible();
  await expect(ledger.getByText('-200')).toBeVisible();
  await expect(ledger.getByText('購物完成')).toBeVisible();
  await expect(ledger.getByText(`+${earned - 10}`)).toBeVisible();
  await expect(ledger.getByText('每日簽到')).toBeVisible();
  await expect(ledger.getByText(String(balance - 200), { exact: true }).first()).toBeVisible();
  await shot(page, info, 'points-ledger');

  // the merchant ships the keyring from the console's points-gifts tab; the fan sees the parcel
  await page.goto('/#/shop/integral/exchange/record');
  await current(page).getByText('迷你足球匙扣').first().click();
  await expect(page).toHaveURL(/#\/shop\/integral\/order\/detail\?id=\d+/);
  const exchangeId = Number(/id=(\d+)/.exec(page.url())?.[1]);
  const ex = await mdrApi(request, fan.token, 'GET', `/points/exchanges/${exchangeId}`);
  const opPage = await shipExchangeInConsole(browser, await operatorToken(request), ex.exchange_no);
  await shot(opPage, info, 'points-ops-ship');
  await page.reload();
  const shipped = current(page);
  await expect(shipped.getByText('已發貨').first()).toBeVisible();
  await expect(shipped.getByText(/順豐速運 · 運單號 SF\d{12}/)).toBeVisible();
  await expect(shipped.getByText('已攬收')).toBeVisible();
  await shot(page, info, 'points-shipped');

  // the fan confirms receipt (not waiting for the timer): completed, the button gone
  await shipped.getByRole('button', { name: '確認收貨' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('已確認收貨')).toBeVisible();
  await expect(shipped.getByText('已完成').first()).toBeVisible();
  await expect(shipped.getByText('禮品已送達')).toBeVisible();
  await expect(shipped.getByRole('button', { name: '確認收貨' })).toHaveCount(0);
  await shot(page, info, 'points-received');
  expect((await mdrApi(request, fan.token, 'GET', `/points/exchanges/${exchangeId}`)).status).toBe(
    'completed',
  );
});
