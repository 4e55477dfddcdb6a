import { expect, test } from '@playwright/test';
import { apiPasswordLogin, current, outboxCode, shot, useSession } from './helpers';

test('a forgotten password is reset by SMS code, then the new password signs in', async ({
  page,
  request,
}, info) => {
  const phone = '98765432'; // demo account that has never set a password
  await page.goto('/#/login/retrieve-password');
  await expect(page.getByRole('heading', { name: '找回密碼' })).toBeVisible();
  const complete = page.getByRole('button', { name: '完成' });
  await expect(complete).toBeDisabled();
  await page.getByPlaceholder('請輸入手機號碼').fill(phone);
  const t0 = Date.now();
  await page.getByText('獲取驗證碼').first().click();
  const captcha = await outboxCode(request, `852${phone}`, 'captcha', t0);
  await page.getByPlaceholder('圖形驗證碼').fill(captcha);
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByText(/\d+秒後重新獲取/)).toBeVisible();
  const code = await outboxCode(request, `852${phone}`, 'sms', t0);
  await page.getByPlaceholder('請輸入驗證碼').first().fill(code);
  await page.getByPlaceholder('請輸入新密碼').first().fill('NewPass2026');
  await shot(page, info, 'retrieve-password');
  await complete.click();
  await expect(page.getByText('密碼已重設，請使用新密碼登入')).toBeVisible();

  // back on the login panel, in password mode
  const login = current(page);
  await expect(login.getByPlaceholder('請輸入密碼')).toBeVisible();
  await login.getByPlaceholder('請輸入手機號碼').fill(phone);
  await login.getByPlaceholder('請輸入密碼').fill('NewPass2026');
  await login.locator('.gf-checkbox .adm-checkbox').first().click();
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page).toHaveURL(/#\/me/);
  // signed in on 我的 (which no longer shows the internal u_ id)
  await expect(page.getByText('雲幣錢包')).toBeVisible();
  await expect(page.getByRole('button', { name: '登入 / 註冊' })).toBeHidden();
});

test('signing in on a second browser kicks the first on its next route change', async ({
  browser,
  page,
  request,
}, info) => {
  const first = await apiPasswordLogin(request, 'fan@example.com', 'Demo1234');
  await useSession(page, first.token);
  await page.goto('/#/me');
  // signed in on 我的 (which no longer shows the internal u_ id)
  await expect(page.getByText('雲幣錢包')).toBeVisible();
  await expect(page.getByRole('button', { name: '登入 / 註冊' })).toBeHidden();

  // a second browser signs in to the same account through the UI
  const other = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true });
  const second = await other.newPage();
  await second.goto('/#/login');
  await second.getByRole('tab', { name: '電郵登入' }).click();
  await second.getByText('密碼登入').last().click();
  await second.getByPlaceholder('請輸入電郵地址').fill('fan@example.com');
  await second.getByPlaceholder('請輸入密碼').last().fill('Demo1234');
  await second.locator('.gf-checkbox .adm-checkbox').first().click();
  await second.getByRole('button', { name: '登入', exact: true }).click();
  // signed in on 我的 (which no longer shows the internal u_ id)
  await expect(second.getByText('雲幣錢包')).toBeVisible();
  await expect(second.getByRole('button', { name: '登入 / 註冊' })).toBeHidden();

  // the first browser: next route change shows the warning; confirming logs out
  // (the realtime push may already have shown it; otherwise the route change does)
  await page
    .getByRole('navigation')
    .getByText('比賽', { exact: true })
    .click({ timeout: 3000 })
    .catch(() => {});
  await expect(page.getByText('您的帳號已在其他設備登入，請重新登入')).toBeVisible();
  await shot(page, info, 'kicked-dialog');
  // logging out goes to the match tab, then reloads the app (session-actions.ts): wait for that reload
  // before opening 我的, or the late navigation races the next page
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '確定' }).click();
  await reloaded;
  await expect(page).toHaveURL(/#\/match/);
  await page.goto('/#/me');
  await expect(page.getByText('未登入')).toBeVisible();
  await other.close();
});
