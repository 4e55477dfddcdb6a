import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { current, mdrApi, operatorPage, operatorToken } from './helpers';

/**
 * The shop specs' shared checkout steps (orders, after-sales, promo): open the settlement from the cart;
 * submit the order and pay it on the sandbox gateway; read the order id from its detail page.
 */

/** From the cart to the settlement page (the cart's ticked lines). */
export async function settleCart(page: Page): Promise<Locator> {
  await page.goto('/#/shop/goods/car');
  await current(page).getByRole('button', { name: '去結算' }).click();
  await expect(page).toHaveURL(/#\/order\/settlement/);
  return current(page);
}

/**
 * On the settlement page: submit the order, pay on the sandbox page (`amount` shown there when given;
 * `atGateway` runs on it, for a screenshot), and land on the pay status page (answered).
 */
export async function submitAndPay(
  page: Page,
  opts: { amount?: string; atGateway?: () => Promise<void> } = {},
): Promise<Locator> {
  await current(page).getByRole('button', { name: '提交訂單並付款' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/SP/);
  if (opts.amount) await expect(page.getByText(opts.amount).first()).toBeVisible();
  await opts.atGateway?.();
  await page.getByTestId('sandbox-confirm').click();
  const status = current(page);
  await expect(status.getByText('付款成功')).toBeVisible();
  return status;
}

/** The order detail page's order id (after 查看訂單 or any move that lands there). */
export async function orderIdFrom(page: Page): Promise<number> {
  await expect(page).toHaveURL(/#\/order\/type\?id=\d+/);
  return Number(/id=(\d+)/.exec(page.url())?.[1]);
}

/**
 * The merchant ships points exchange `exchangeNo` by SF Express from the console's points-gifts tab;
 * answers the console page (open, for a screenshot; the caller closes it).
 */
export async function shipExchangeInConsole(
  browser: Browser,
  opToken: string,
  exchangeNo: string,
): Promise<Page> {
  const op = await operatorPage(browser, opToken);
  await op.goto('/#/ops/shop?tab=points');
  const card = current(op)
    .locator('div')
    .filter({ hasText: exchangeNo })
    .filter({ has: op.getByRole('button', { name: '用順豐速運發貨' }) })
    .last();
  await card.getByRole('button', { name: '用順豐速運發貨' }).click();
  await expect(op.getByText(/已發貨，運單號 SF\d{12}/)).toBeVisible();
  return op;
}

/**
 * A shop order of `quantity` of SKU `skuId` to address `addressId`, created and paid (the sandbox page, in
 * `page`), shipped by the merchant, received and reviewed by the fan: its points are credited. Answers
 * the order as created (pay_amount: the points earned are its whole dollars plus the review's 10).
 */
export async function completedOrder(
  page: Page,
  request: APIRequestContext,
  token: string,
  line: { addressId: number; skuId: number; quantity: number; review: string },
): Promise<{ id: number; pay_amount: number }> {
  const order = await mdrApi(request, token, 'POST', '/shop/orders', {
    idempotency_key: `e2eorder${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    address_id: line.addressId,
    items: [{ sku_id: line.skuId, quantity: line.quantity }],
  });
  const pay = await mdrApi(request, token, 'POST', `/shop/orders/${order.id}/pay`, {
    idempotency_key: `e2epay${Date.now()}${Math.floor(Math.random() * 1e6)}`,
  });
  await page.goto(pay.pay_url);
  await page.getByTestId('sandbox-confirm').click();
  await expect(page).toHaveURL(/#\/pay\/status\/index/);
  const op = await operatorToken(request);
  await mdrApi(request, op, 'POST', `/ops/shop/orders/${order.id}/ship`, { carrier: 'sf' });
  await mdrApi(request, token, 'POST', `/shop/orders/${order.id}/confirm`, {});
  await mdrApi(request, token, 'POST', `/shop/orders/${order.id}/review`, { stars: 5, content: line.review });
  return order;
}
