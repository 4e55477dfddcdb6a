import { expect, type Page, test } from '@playwright/test';
import { freshPhone, outboxCode, shot } from './helpers';

async function openLogin(page: Page) {
  await page.goto('/#/me');
  await page.getByRole('button', { name: '登入 / 註冊' }).click();
  await expect(page.getByText('歡迎來到球聚')).toBeVisible();
}

const agree = (page: Page) => page.locator('.gf-checkbox .adm-checkbox').first().click();

test('a new phone number signs in by SMS code and becomes a new account', async ({ page, request }, info) => {
  const phone = freshPhone();
  await openLogin(page);
  const loginButton = page.getByRole('button', { name: '登入', exact: true });
  await expect(loginButton).toBeDisabled();

  // each missing piece has its own message
  await page.getByText('獲取驗證碼').click();
  await expect(page.getByText('請輸入手機號碼').last()).toBeVisible();
  await page.getByPlaceholder('請輸入手機號碼').fill(phone);
  await page.getByText('獲取驗證碼').click();
  await expect(page.getByText('請先閱讀協議')).toBeVisible();
  await agree(page);

  // image captcha first; a wrong answer clears the input and shows the error
  await page.getByText('獲取驗證碼').click();
  await expect(page.getByText('請輸入圖形驗證碼').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /圖形驗證碼/ })).toBeVisible();
  await shot(page, info, 'login-captcha');
  await page.getByPlaceholder('圖形驗證碼').fill('zzzz');
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('圖形驗證碼錯誤')).toBeVisible();
  await expect(page.getByPlaceholder('圖形驗證碼')).toHaveValue('');

  const t0 = Date.now();
  const captcha = await outboxCode(request, `852${phone}`, 'captcha', t0 - 1000);
  await page.getByPlaceholder('圖形驗證碼').fill(captcha);
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('驗證碼已發送')).toBeVisible();
  await expect(page.getByText(/\d+秒後重新獲取/)).toBeVisible();

  const code = await outboxCode(request, `852${phone}`, 'sms', t0);
  await page.getByPlaceholder('請輸入驗證碼').fill(code);
  await expect(loginButton).toBeEnabled();
  await loginButton.click();
  await expect(page.getByText('歡迎來到球聚')).toBeHidden();
  await expect(page.getByText('未登入')).toBeHidden();
  // signed in: the user centre, without the internal u_ id (no public user number in the spec)
  await expect(page.getByRole('button', { name: '登入 / 註冊' })).toBeHidden();
  await expect(page.getByText(/u_/)).toHaveCount(0);
  await shot(page, info, 'user-centre');
});

test('email + email code signs in', async ({ page, request }) => {
  const email = `fan${Date.now()}@example.com`;
  await openLogin(page);
  await page.getByRole('tab', { name: '電郵登入' }).click();
  await page.getByPlaceholder('請輸入電郵地址').fill(email);
  await agree(page);
  await page.getByText('獲取驗證碼').last().click();
  const t0 = Date.now();
  const captcha = await outboxCode(request, email, 'captcha', t0 - 2000);
  await page.getByPlaceholder('圖形驗證碼').fill(captcha);
  await page.getByRole('button', { name: '確定' }).click();
  const code = await outboxCode(request, email, 'email', t0 - 2000);
  await page.getByPlaceholder('請輸入驗證碼').last().fill(code);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  // signed in: the user centre, without the internal u_ id (no public user number in the spec)
  await expect(page.getByRole('button', { name: '登入 / 註冊' })).toBeHidden();
  await expect(page.getByText(/u_/)).toHaveCount(0);
});

test('password login of the demo account; without agreeing the tip shows', async ({ page }, info) => {
  await openLogin(page);
  await page.getByText('密碼登入').first().click();
  await page.getByPlaceholder('請輸入手機號碼').fill('91234567');
  await page.getByPlaceholder('請輸入密碼').fill('Demo1234');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page.getByText('請先閱讀並同意《服務協議》和《私隱政策》')).toBeVisible();
  await agree(page);
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await expect(page.getByText('球迷阿明')).toBeVisible();
  await shot(page, info, 'demo-user-centre');
});

test('tapping the agreement text ticks the box; the image captcha shows whole', async ({ page }, info) => {
  await openLogin(page);
  const box = page.locator('.gf-checkbox .adm-checkbox').first();
  await expect(box).not.toHaveClass(/adm-checkbox-checked/);
  await page.getByText('我已閱讀並同意').first().click();
  await expect(box).toHaveClass(/adm-checkbox-checked/);
  await page.getByText('我已閱讀並同意').first().click();
  await expect(box).not.toHaveClass(/adm-checkbox-checked/);
  await box.click();

  await page.getByPlaceholder('請輸入手機號碼').fill(freshPhone());
  await page.getByText('獲取驗證碼').click();
  const img = page.getByRole('img', { name: /圖形驗證碼/ });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const fit = await img.evaluate((e) => {
    const i = e as HTMLImageElement;
    // layout sizes: the dialog's scale-in transform does not count
    const box = { width: i.parentElement!.offsetWidth, height: i.parentElement!.offsetHeight };
    return {
      width: box.width,
      height: box.height,
      natural: i.naturalWidth / i.naturalHeight,
      shown: box.width / box.height,
      fit: getComputedStyle(i).objectFit,
    };
  });
  // the full 78x37 box, nothing squeezed off by the input beside it, the image's own aspect kept
  expect(fit.width).toBeGreaterThanOrEqual(78);
  expect(fit.height).toBeGreaterThanOrEqual(37);
  expect(fit.fit === 'contain' || Math.abs(fit.natural - fit.shown) < 0.05).toBe(true);
  await shot(page, info, 'login-captcha-whole');
});
