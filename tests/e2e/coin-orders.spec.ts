import { expect, test } from '@playwright/test';
import { apiLogin, current, freshPhone, sandboxRecharge, shot, useSession } from './helpers';

/**
 * Recharge records: reached from the coin wallet, empty at first; after a paid recharge (sandbox
 * confirm), a cancelled one (sandbox cancel) and a pending one, each is listed with its label, and
 * "continue paying" on the pending one reopens the gateway page and pays it.
 */
test('recharge records list paid, cancelled and pending orders; continue paying a pending one', async ({
  page,
  request,
}, info) => {
  const { token } = await apiLogin(request, freshPhone());
  const auth = { authorization: `Bearer ${token}` };
  await useSession(page, token);
  await page.goto('/#/user/other/wallet');
  await expect(current(page).getByText('雲幣餘額')).toBeVisible();
  await shot(page, info, 'coin-orders-wallet-link');

  // empty at first
  await current(page).getByRole('button', { name: '充值紀錄' }).click();
  await expect(page).toHaveURL(/#\/user\/other\/wallet\/orders/);
  await expect(current(page).getByText('暫無充值紀錄')).toBeVisible();
  await shot(page, info, 'coin-orders-empty');

  // a paid recharge through the sandbox page
  await page.goto('/#/user/other/wallet');
  await sandboxRecharge(page, 'HK$50');
  await expect(current(page).getByText('52 雲幣已到帳')).toBeVisible();

  // a cancelled one
  await page.goto('/#/user/other/wallet');
  await sandboxRecharge(page, 'HK$10', 'cancel');

  // a pending one, as left by a user who closed the gateway page
  const created = await request.post('/mdr/api/v1/user/yun-coin-orders', {
    headers: auth,
    data: { package_id: 'hkd100', pay_method: 'card', idempotency_key: `e2e-${Date.now()}` },
  });
  const pending = (await created.json()).data.order as { order_no: string };

  await page.goto('/#/user/other/wallet');
  await current(page).getByRole('button', { name: '充值紀錄' }).click();
  const list = current(page);
  const cards = list.locator('.adm-card');
  await expect(cards).toHaveCount(3);
  // newest first: pending HK$100, cancelled HK$10, paid HK$50
  await expect(cards.nth(0)).toContainText('105 雲幣');
  await expect(cards.nth(0)).toContainText('待支付');
  await expect(cards.nth(0)).toContainText('送5');
  await expect(cards.nth(0)).toContainText('HK$100.00 · 信用卡／扣賬卡');
  await expect(cards.nth(0)).toContainText(pending.order_no);
  await expect(cards.nth(0)).toContainText(/請於 \d\d:\d\d 前完成支付/);
  await expect(cards.nth(1)).toContainText('10 雲幣');
  await expect(cards.nth(1)).toContainText('已取消');
  await expect(cards.nth(2)).toContainText('52 雲幣');
  await expect(cards.nth(2)).toContainText('已支付');
  await expect(list.getByRole('button', { name: '繼續支付' })).toHaveCount(1);
  await shot(page, info, 'coin-orders-list');

  // continue paying reopens the gateway page for that order
  await list.getByRole('button', { name: '繼續支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/sandbox-pay/${pending.order_no}\\?`));
  await expect(page.getByTestId('sandbox-amount')).toHaveText('HK$100.00');
  await page.getByTestId('sandbox-confirm').click();
  await expect(current(page).getByText('105 雲幣已到帳')).toBeVisible();
  const balance = await request.get('/mdr/api/v1/user/wallets', { headers: auth });
  expect((await balance.json()).data.coins).toBe(52 + 105);

  await page.goto('/#/user/other/wallet/orders');
  await expect(current(page).locator('.adm-card').nth(0)).toContainText('已支付');
  await expect(current(page).getByRole('button', { name: '繼續支付' })).toHaveCount(0);
  await shot(page, info, 'coin-orders-after-resume');
});
