import { expect, test } from '@playwright/test';
import { apiLogin, current, freshPhone, sandboxRecharge, shot, useSession } from './helpers';

/**
 * The coin wallet journey: agreement required, recharge through the sandbox gateway page (confirm →
 * success, balance up; cancel → failure), balance details list the recharge, a bank card is added
 * with its validation messages.
 */
test('recharge through the sandbox gateway, then balance details and a bank card', async ({
  page,
  request,
}, info) => {
  const { token } = await apiLogin(request, freshPhone());
  await useSession(page, token);
  await page.goto('/#/user/other/wallet');
  const wallet = current(page);
  await expect(wallet.getByText('雲幣餘額')).toBeVisible();
  await expect(wallet.getByText('HK$100', { exact: true })).toBeVisible();

  // the agreement must be ticked first (spec §5)
  await wallet.getByText('HK$50', { exact: true }).click();
  await expect(wallet.getByRole('button', { name: /立即支付 HK\$50\.00/ })).toBeVisible();
  await wallet.getByRole('button', { name: /立即支付/ }).click();
  await expect(page.getByText('請先閱讀並同意協議')).toBeVisible();
  // an unsupported method is refused with a toast and stays unselected
  await wallet.getByText('轉數快 FPS').click();
  await expect(page.getByText('暫不支援此支付方式')).toBeVisible();
  // the recharge protocol opens in a panel and quotes the same packages
  await wallet.getByText('《雲幣充值協議》').click();
  await expect(page.getByText('較大面額套餐另有贈送雲幣')).toBeVisible();
  await shot(page, info, 'wallet-protocol');
  await page.locator('.gf-popup__close').click();
  await expect(page.getByText('較大面額套餐另有贈送雲幣')).toBeHidden();
  await wallet.getByText('HK$50', { exact: true }).click();
  await wallet.locator('.adm-checkbox').first().click();
  await shot(page, info, 'wallet-coin');
  await wallet.getByRole('button', { name: /立即支付 HK\$50\.00/ }).click();

  // the gateway's hosted-style page
  await expect(page).toHaveURL(/\/sandbox-pay\/YC/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText('HK$50.00');
  await shot(page, info, 'wallet-sandbox');
  await page.getByTestId('sandbox-confirm').click();
  await expect(page).toHaveURL(/#\/pay\/status\/index\?order_no=YC/);
  await expect(current(page).getByText('支付成功')).toBeVisible();
  await expect(current(page).getByText('52 雲幣已到帳')).toBeVisible();
  await shot(page, info, 'wallet-pay-success');
  await current(page).getByRole('button', { name: '返回錢包' }).click();
  await expect(current(page).locator('.gf-text--title').first()).toHaveText('52');

  // cancel → failure, balance unchanged (a fresh visit asks for the agreement again)
  await sandboxRecharge(page, 'HK$10', 'cancel');
  await shot(page, info, 'wallet-pay-failed');
  const balance = await request.get('/mdr/api/v1/user/wallets', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await balance.json()).data.coins).toBe(52);

  // balance details list the recharge
  await page.goto('/#/user/other/wallet/detail');
  await expect(current(page).getByText('+52')).toBeVisible();
  await expect(current(page).getByText('充值').first()).toBeVisible();
  await shot(page, info, 'wallet-details');

  // add a bank card: the bank picker screen hands its choice to the form; field messages, then the
  // server's HKID check digit, then success
  await page.goto('/#/user/wallet/bank');
  await current(page).getByText('恒生銀行').click();
  await expect(page).toHaveURL(/#\/user\/wallet\/bankedit\?bank_id=024/);
  const form = current(page);
  await expect(form.getByText('恒生銀行')).toBeVisible();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('請輸入持卡人姓名（2-50個字）')).toBeVisible();
  await form.getByPlaceholder('與證件相同的姓名').fill('陳大文');
  await form.getByPlaceholder('例如 A123456(3)').fill('A123456(4)');
  await form.getByPlaceholder('請輸入銀行卡號或帳戶號碼').fill('4111111111111111');
  await form.getByPlaceholder('銀行預留的電話號碼').fill('123');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('請輸入有效的電話號碼')).toBeVisible();
  await shot(page, info, 'wallet-bank-errors');
  await form.getByPlaceholder('銀行預留的電話號碼').fill('91234567');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('請輸入正確的證件號碼')).toBeVisible();
  await form.getByPlaceholder('例如 A123456(3)').fill('A123456(3)');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已添加')).toBeVisible();
  await page.goto('/#/user/wallet/banklist');
  await expect(current(page).getByText('4111 **** **** 1111')).toBeVisible();
  await expect(current(page).getByText('恒生銀行')).toBeVisible();
  await shot(page, info, 'wallet-banklist');
});

test('an expert withdraws income to a new bank card and sees it processing', async ({
  page,
  request,
}, info) => {
  // the demo account is seeded with 300 income coins (server/modules/wallet/seed.ts)
  const { token } = await apiLogin(request, '91234567');
  await useSession(page, token);
  const income = async () =>
    (
      await (
        await request.get('/mdr/api/v1/user/wallets', { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).data.income as number;
  const before = await income();
  expect(before).toBeGreaterThanOrEqual(150);

  // the user centre's "my wallet" hub shows both balances and leads to the income page
  await page.goto('/#/me');
  await current(page).getByText('我的錢包').click();
  await expect(page).toHaveURL(/#\/user\/wallet\/index/);
  await expect(current(page).getByText('可提現收益（雲幣）')).toBeVisible();
  await shot(page, info, 'wallet-hub');
  await current(page).getByText('我的收益').click();
  await expect(page).toHaveURL(/#\/user\/wallet\/assets/);
  await expect(current(page).getByText(String(before), { exact: true })).toBeVisible();
  await current(page).getByRole('button', { name: '提現' }).click();
  await expect(page).toHaveURL(/#\/user\/wallet\/cashwithdrawal/);
  await expect(current(page).getByText('每次最少 100 雲幣')).toBeVisible();

  // no card yet: the page offers to add one
  const cards = await (
    await request.get('/mdr/api/v1/user-banks', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  if (cards.data.length === 0) {
    await current(page).getByText('請先添加銀行卡').click();
    const form = current(page);
    await form.getByPlaceholder('與證件相同的姓名').fill('Chan Siu Ming');
    await form.getByText('護照').click();
    await form.getByPlaceholder('例如 A123456(3)').fill('K1234567');
    await form.getByText('選擇銀行').first().click();
    await page.locator('.adm-picker-header-button:visible').getByText('確定').click();
    await form.getByPlaceholder('請輸入銀行卡號或帳戶號碼').fill('024123456789');
    await form.getByPlaceholder('銀行預留的電話號碼').fill('61234567');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已添加')).toBeVisible();
    await page.goto('/#/user/wallet/cashwithdrawal');
  }

  const w = current(page);
  await w.getByPlaceholder('最少 100').fill('150');
  await expect(w.getByText('預計到帳 HK$148.50（手續費 HK$1.50）')).toBeVisible();
  await w.getByText('請選擇銀行卡').first().click();
  await page.locator('.adm-picker-header-button:visible').getByText('確定').click();
  await shot(page, info, 'wallet-withdraw');
  await w.getByRole('button', { name: '確認提現' }).click();
  // the confirmation quotes the server's receive_amount
  const dialog = page.locator('.adm-dialog');
  await expect(dialog.getByText('預計到帳 HK$148.50（手續費 HK$1.50）')).toBeVisible();
  await dialog.getByText('確定').click();
  await expect(page.getByText('提現申請已提交')).toBeVisible();
  await expect(w.getByText('處理中').first()).toBeVisible();
  expect(await income()).toBe(before - 150);
  // below the minimum is refused by the server with the spec's toast style
  await w.getByPlaceholder('最少 100').fill('99');
  await w.getByRole('button', { name: '確認提現' }).click();
  await page.locator('.adm-dialog').getByText('確定').click();
  await expect(page.getByText('提現金額低於最低限額')).toBeVisible();
  expect(await income()).toBe(before - 150);
  await shot(page, info, 'wallet-withdraw-records');
});
