import { expect, test } from '@playwright/test';
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
import { orderIdFrom, settleCart, submitAndPay } from './shop-helpers';

/**
 * The shop after checkout: an operator issues a coupon; the fan buys with it (the discount comes off the
 * sandbox payment); the merchant ships from the console; the parcel's tracking advances (the dev route
 * ages the parcel instead of moving the server's clock); the fan confirms receipt and reviews, the review
 * shows on the product; then the fan applies for a refund, the merchant approves it in the console and
 * the refund lands (order closed, refund number shown).
 */

const home = {
  receiver: '黃子華',
  area_code: '852',
  phone: '98761234',
  region: [
    { code: 'HK', name: '香港' },
    { code: 'HK-WC', name: '灣仔區' },
  ],
  detail: '駱克道 188 號 15 樓 B 室',
};

test('buy with a coupon, ship, track, confirm, review, then a refund approved in the console', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const fan = await apiLogin(request, freshPhone());
  await useSession(page, fan.token);
  const opToken = await operatorToken(request);

  // a seeded Arsenal jersey (above every seeded coupon's threshold but the season opener's)
  const list = await mdrApi(
    request,
    fan.token,
    'GET',
    `/shop/products?keyword=${encodeURIComponent('阿仙奴')}&size=20`,
  );
  const product = (list.list as { id: number; name: string }[]).find((p) => p.name.includes('球衣'));
  if (!product) throw new Error('no seeded Arsenal jersey');
  const detail = await mdrApi(request, fan.token, 'GET', `/shop/products/${product.id}`);
  const sku = (detail.skus as { id: number; price: number; stock: number }[]).find((k) => k.stock >= 2);
  if (!sku) throw new Error('no SKU in stock');
  await mdrApi(request, fan.token, 'POST', '/shop/cart', { sku_id: sku.id, quantity: 1 });
  await mdrApi(request, fan.token, 'POST', '/shop/addresses', home);

  // the operator issues the welcome coupon (HK$20 off from HK$200) to this fan
  const kinds = await mdrApi(request, opToken, 'GET', '/ops/shop/coupons');
  const welcome = (kinds.list as { id: number; code: string; discount: number; threshold: number }[]).find(
    (k) => k.code === 'welcome-20',
  );
  if (!welcome) throw new Error('no welcome coupon kind');
  expect(sku.price).toBeGreaterThanOrEqual(welcome.threshold);
  await mdrApi(request, opToken, 'POST', '/ops/shop/coupons/grant', {
    coupon_id: welcome.id,
    user_ids: [fan.id],
    days: 30,
  });

  await page.goto('/#/shop/coupon/list');
  const coupons = current(page);
  await expect(coupons.getByText('新會員見面禮')).toBeVisible();
  await expect(coupons.getByText(`滿 ${hkd(welcome.threshold)} 可用`)).toBeVisible();
  await shot(page, info, 'shopx-coupons');

  // settlement picks it (the best that applies); the fan opens the choice and takes it again
  const fee = sku.price >= 50000 ? 0 : 3000;
  const total = sku.price + fee - welcome.discount;
  let s = await settleCart(page);
  await expect(s.getByText(`合計：${hkd(total)}`)).toBeVisible();
  await s
    .getByText(`-${hkd(welcome.discount)}`)
    .first()
    .click();
  await expect(page).toHaveURL(/#\/shop\/coupon\/list\?pick=1/);
  await shot(page, info, 'shopx-coupon-pick');
  await current(page).getByText('新會員見面禮').click();
  await expect(page).toHaveURL(/#\/order\/settlement\?.*coupon_id=\d+/);
  s = current(page);
  await expect(s.getByText(`合計：${hkd(total)}`)).toBeVisible();
  await shot(page, info, 'shopx-settlement-coupon');
  const paid = await submitAndPay(page, { amount: hkd(total) });
  await paid.getByRole('button', { name: '查看訂單' }).click();
  const orderId = await orderIdFrom(page);
  const order = await mdrApi(request, fan.token, 'GET', `/shop/orders/${orderId}`);
  expect(order.discount).toBe(welcome.discount);
  expect((await mdrApi(request, fan.token, 'GET', '/shop/coupons?tab=used')).list).toHaveLength(1);

  // the merchant ships it from the console with SF Express
  const op = await operatorPage(browser, opToken);
  await op.goto('/#/ops/shop');
  const card = current(op)
    .locator('div')
    .filter({ hasText: order.order_no })
    .filter({ has: op.getByRole('button', { name: '用順豐速運發貨' }) })
    .last();
  await card.getByRole('button', { name: '用順豐速運發貨' }).click();
  await expect(op.getByText(/已發貨，運單號 SF\d{12}/)).toBeVisible();
  await shot(op, info, 'shopx-ops-ship');

  // tracking: collected now, delivered once 31 hours have passed for the parcel
  await page.goto(`/#/order/type?id=${orderId}`);
  await current(page).getByRole('button', { name: '查看物流' }).click();
  await expect(page).toHaveURL(/#\/shop\/express\/info\?id=\d+/);
  let track = current(page);
  await expect(track.getByText('已攬收').first()).toBeVisible();
  await expect(track.getByText(/順豐速運　運單號 SF\d{12}/)).toBeVisible();
  // the carrier's expected delivery day, as carriers show it (not when the next scan is due)
  await expect(track.getByText(/^預計 \d\d-\d\d 送達$/)).toBeVisible();
  const aged = await request.post(`/dev/shop/orders/${orderId}/age`, { data: { hours: 31 } });
  expect((await aged.json()).code).toBe(0);
  await page.reload();
  track = current(page);
  await expect(track.getByText('已簽收').first()).toBeVisible();
  await expect(track.getByText('快件已到灣仔區派送站')).toBeVisible();
  await expect(track.getByText('快件已簽收，簽收人：黃子華')).toBeVisible();
  await expect(track.getByText(/^預計 .* 送達$/)).toHaveCount(0);
  await shot(page, info, 'shopx-tracking');

  // confirm receipt, then review
  await page.goto(`/#/order/type?id=${orderId}`);
  let d = current(page);
  await d.getByRole('button', { name: '確認收貨' }).click();
  await page.getByRole('button', { name: '確定' }).click();
  await expect(d.getByText('待評價', { exact: true })).toBeVisible();
  await expect(d.getByRole('button', { name: '查看物流' })).toBeVisible();
  await expect(d.getByRole('button', { name: '申請退款' })).toBeVisible();
  await shot(page, info, 'shopx-order-pending-review');
  await d.getByRole('button', { name: '評價' }).click();
  await expect(page).toHaveURL(/#\/shop\/evaluate\/edit\?id=\d+/);
  const review = current(page);
  await review.getByText('★★★★ 幾滿意').click();
  await review.locator('textarea').fill('布料透氣，主場紅好正，尺碼啱啱好');
  await shot(page, info, 'shopx-review');
  await review.getByRole('button', { name: '發表評價' }).click();
  await orderIdFrom(page);
  d = current(page);
  await expect(d.getByText('已完成', { exact: true })).toBeVisible();
  await page.goto(`/#/shop/goods/remark?id=${product.id}`);
  await expect(current(page).getByText('布料透氣，主場紅好正，尺碼啱啱好')).toBeVisible();

  // a refund: only the money back, reason 質量有問題
  await page.goto(`/#/order/type?id=${orderId}`);
  await current(page).getByRole('button', { name: '申請退款' }).click();
  await expect(page).toHaveURL(/#\/after\/applyfor\?order_id=\d+/);
  await current(page).getByText('只退款').click();
  await expect(page).toHaveURL(/#\/after\/apply\/submit/);
  const apply = current(page);
  await expect(apply.getByText(`退款金額：${hkd(total)}`)).toBeVisible();
  // the reason is required
  await apply.getByRole('button', { name: '提交申請' }).click();
  await expect(apply.getByText('請揀選退款原因')).toBeVisible();
  await apply.getByText('質量有問題').click();
  await apply.locator('textarea').fill('洗咗一次，隊徽邊位已經甩膠');
  await shot(page, info, 'shopx-refund-apply');
  await apply.getByRole('button', { name: '提交申請' }).click();
  await expect(page).toHaveURL(/#\/after\/info\?id=\d+/);
  const info1 = current(page);
  await expect(info1.getByText('等待商家處理').first()).toBeVisible();
  await shot(page, info, 'shopx-after-info');

  // the merchant approves in the console; the money goes back through the gateway
  await op.goto('/#/ops/shop?tab=open');
  await current(op).getByText('質量有問題').first().click();
  await expect(op).toHaveURL(/#\/ops\/shop\?id=\d+/);
  await current(op).getByRole('button', { name: '同意' }).click();
  await expect(current(op).getByText(/退款編號：SR/)).toBeVisible();

  await page.reload();
  const done = current(page);
  await expect(done.getByText('退款成功').first()).toBeVisible();
  await expect(done.getByText(`${hkd(total)} 已原路退回`)).toBeVisible();
  await expect(done.getByText(/退款編號：SR/)).toBeVisible();
  await shot(page, info, 'shopx-refund-done');
  await page.goto(`/#/order/type?id=${orderId}`);
  await expect(current(page).getByText('退款已完成，款項已原路退回')).toBeVisible();
  await page.goto('/#/order');
  await current(page).getByText('退款／售後').click();
  await expect(page).toHaveURL(/#\/after\/sales\/list/);
  await expect(current(page).getByText('退款成功').first()).toBeVisible();
  await shot(page, info, 'shopx-after-list');
});

test('a partial refund: one line of a two-line order comes back, the order stays', async ({
  page,
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const fan = await apiLogin(request, freshPhone());
  await useSession(page, fan.token);
  const opToken = await operatorToken(request);
  // the first two products the shop lists with stock to spare
  const list = await mdrApi(request, fan.token, 'GET', '/shop/products?size=10');
  const picked: { id: number; price: number }[] = [];
  for (const p of list.list as { id: number }[]) {
    const d = await mdrApi(request, fan.token, 'GET', `/shop/products/${p.id}`);
    const k = (d.skus as { id: number; price: number; stock: number }[]).find((x) => x.stock >= 2);
    if (k) picked.push(k);
    if (picked.length === 2) break;
  }
  for (const k of picked)
    await mdrApi(request, fan.token, 'POST', '/shop/cart', { sku_id: k.id, quantity: 1 });
  await mdrApi(request, fan.token, 'POST', '/shop/addresses', { ...home, receiver: '黃子華（公司）' });
  await settleCart(page);
  const paid = await submitAndPay(page);
  await paid.getByRole('button', { name: '查看訂單' }).click();
  const orderId = await orderIdFrom(page);
  const order = await mdrApi(request, fan.token, 'GET', `/shop/orders/${orderId}`);
  const line = (order.items as { id: number; name: string; price: number; quantity: number }[])[0];

  // shipped in the console, received by the fan
  const op = await operatorPage(browser, opToken);
  await op.goto('/#/ops/shop');
  const card = current(op)
    .locator('div')
    .filter({ hasText: order.order_no })
    .filter({ has: op.getByRole('button', { name: '用香港郵政發貨' }) })
    .last();
  await card.getByRole('button', { name: '用香港郵政發貨' }).click();
  await expect(op.getByText(/已發貨，運單號 EC\d{9}HK/)).toBeVisible();
  await mdrApi(request, fan.token, 'POST', `/shop/orders/${orderId}/confirm`, {});

  // the fan picks one line, refund only: that line's amount
  await page.goto(`/#/after/applyfor?order_id=${orderId}`);
  await current(page).getByText(line.name).first().click();
  await shot(page, info, 'shopx-partial-pick');
  await current(page).getByText('只退款').click();
  await expect(page).toHaveURL(/#\/after\/apply\/submit\?.*item=\d+/);
  const apply = current(page);
  await expect(
    apply.getByText(`只退「${line.name}」：${hkd(line.price * line.quantity)}`, { exact: false }),
  ).toBeVisible();
  await apply.getByText('質量有問題').click();
  await apply.locator('textarea').fill('車線甩咗，另一件冇問題');
  await shot(page, info, 'shopx-partial-apply');
  await apply.getByRole('button', { name: '提交申請' }).click();
  await expect(page).toHaveURL(/#\/after\/info\?id=\d+/);
  const afterId = Number(/id=(\d+)/.exec(page.url())?.[1]);

  // the merchant approves it: that line's money back, the order still waits for its review
  await op.goto(`/#/ops/shop?id=${afterId}`);
  await current(op).getByRole('button', { name: '同意' }).click();
  await expect(current(op).getByText(/退款編號：SR/)).toBeVisible();
  await page.reload();
  await expect(current(page).getByText(`${hkd(line.price * line.quantity)} 已原路退回`)).toBeVisible();
  await shot(page, info, 'shopx-partial-done');
  const after = await mdrApi(request, fan.token, 'GET', `/shop/orders/${orderId}`);
  expect(after.status).toBe('pending_review');
});
