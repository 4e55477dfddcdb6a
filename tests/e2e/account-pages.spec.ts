/** Issue 11 §4: the account pages behind the first row of settings, the download page and the PWA. */
import { expect, test } from '@playwright/test';
import { apiLogin, apiPasswordLogin, freshPhone, shot, useSession } from './helpers';

test('account and security: set a password, change it, then sign in with the new one', async ({
  page,
  request,
}, info) => {
  const phone = freshPhone();
  const { token } = await apiLogin(request, phone);
  await useSession(page, token);
  await page.goto('/#/me/account/security');
  await expect(page.getByText('登入密碼').first()).toBeVisible();
  // the devices list shows this browser as the current device
  await expect(page.getByText('本機', { exact: true })).toBeVisible();
  await expect(page.getByText(/最近使用：/)).toBeVisible();
  await shot(page, info, 'account-security');

  // a code-login account has no password yet: only the new one is asked
  await page.getByText('登入密碼').first().click();
  await page.getByPlaceholder('請輸入新密碼').fill('First2026');
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('密碼已修改')).toBeVisible();

  // now change it with the old one
  await page.getByText('登入密碼').first().click();
  await page.getByPlaceholder('請輸入舊密碼').fill('Wrong2026');
  await page.getByPlaceholder('請輸入新密碼').fill('Second2026');
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('帳號或密碼錯誤')).toBeVisible();
  await page.getByPlaceholder('請輸入舊密碼').fill('First2026');
  await shot(page, info, 'account-password');
  await page.getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('密碼已修改')).toBeVisible();

  const relogin = await apiPasswordLogin(request, { area_code: '852', phone }, 'Second2026');
  expect(relogin.token).toBeTruthy();
  await expect(apiPasswordLogin(request, { area_code: '852', phone }, 'First2026')).rejects.toThrow(/100105/);
});

test('account deletion: the notice must be ticked, then reason and confirm reach the submitted state', async ({
  page,
  request,
}, info) => {
  const phone = freshPhone();
  const { token } = await apiLogin(request, phone);
  await useSession(page, token);
  await page.goto('/#/me/account/cancellation');
  const next = page.getByRole('button', { name: '下一步' });
  await expect(next).toBeDisabled();
  await page.getByText('我已閱讀並同意《帳號註銷須知》').click();
  await expect(next).toBeEnabled();
  await shot(page, info, 'deletion-notice');
  await next.click();
  await expect(page).toHaveURL(/#\/me\/reason\/cancellation/);
  await page.getByPlaceholder('請告訴我們註銷的原因').fill('太少時間睇波');
  await page.getByRole('button', { name: '確認註銷' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確認註銷' }).click();
  await expect(page.getByText('註銷申請已提交')).toBeVisible();
  await expect(page.getByText(/帳號將於 \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await shot(page, info, 'deletion-submitted');

  // submitting signed the account out (a later login withdraws the request: server tests)
  const after = await request.get('/mdr/api/v1/users', { headers: { authorization: `Bearer ${token}` } });
  expect((await after.json()).code).toBe(100201);
  await page.getByRole('button', { name: '知道了' }).click();
  await expect(page).toHaveURL(/#\/match/);
});

test('the blacklist lists blocked users and unblocks them', async ({ page, request }, info) => {
  const me = await apiLogin(request, freshPhone());
  const other = await apiLogin(request, freshPhone());
  await request.post('/mdr/api/v1/users/me/blacklists', {
    headers: { authorization: `Bearer ${me.token}` },
    data: { user_id: other.id },
  });
  await useSession(page, me.token);
  await page.goto('/#/me/black/list');
  await expect(page.getByRole('button', { name: '移出黑名單' })).toBeVisible();
  await shot(page, info, 'blacklist');
  await page.getByRole('button', { name: '移出黑名單' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('黑名單是空的')).toBeVisible();
});

test('the download page explains adding the web app to the home screen, with a QR code', async ({
  page,
}, info) => {
  await page.goto('/#/download');
  await expect(page.getByText('選擇「加入主畫面」，再點「加入」', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'Android (Chrome)' }).click();
  await expect(page.getByText('選擇「加到主畫面」或「安裝應用程式」', { exact: false })).toBeVisible();
  await expect(page.locator('canvas, img[src^="data:image"], svg').first()).toBeVisible();
  await shot(page, info, 'download');
  await page.goto('/#/share/download');
  // (the kept-alive /download page stays in the DOM, hidden: the last one is this page)
  await expect(page.getByText('用 Safari 打開本頁網址', { exact: false }).last()).toBeVisible();
});

test('the web app manifest is linked, valid, and served with its content type; the worker is allowed', async ({
  page,
  request,
}) => {
  await page.goto('/#/match');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(new URL(href!, `${page.url().split('#')[0]}`).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    short_name: '球聚',
    lang: 'zh-HK',
    display: 'standalone',
    start_url: './#/match',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of ['192x192', '512x512'])
    expect(manifest.icons.some((i: { sizes: string }) => i.sizes === size)).toBe(true);
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const png = await request.get(`/${icon.src}`);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  // the service worker script: JavaScript, never cached long (a new release must reach the browser)
  const sw = await request.get('/sw.js');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toMatch(/no-cache/);
  // and it registers and takes control under the page's CSP
  const registered = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.scriptURL ?? '';
  });
  expect(registered).toMatch(/\/sw\.js$/);
});

test('offline, the installed shell still opens and shows the offline state', async ({ page, context }) => {
  await page.goto('/#/match');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now controlled by the worker, which caches the shell and assets
  await expect(page.getByRole('navigation')).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.getByTestId('offline-bar')).toBeVisible();
  await context.setOffline(false);
});
