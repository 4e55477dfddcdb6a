import { expect, test } from '@playwright/test';
import { apiLogin, freshPhone, shot, useSession } from './helpers';

const TABS = [
  { label: '比賽', path: '/match' },
  { label: '專家', path: '/experts' },
  { label: '發現', path: '/sight' },
  { label: '資料庫', path: '/database' },
  { label: '我的', path: '/me' },
];

test('the app opens on the match tab in traditional Chinese (HK) with five bottom tabs', async ({
  page,
}, info) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/match$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
  const tabBar = page.getByRole('navigation');
  for (const tab of TABS) await expect(tabBar.getByText(tab.label, { exact: true })).toBeVisible();
  await shot(page, info, 'match-tab');

  for (const tab of TABS) {
    await tabBar.getByText(tab.label, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${tab.path}$`));
    await expect(page.locator(`section[data-path="${tab.path}"]`)).toBeVisible();
  }
});

test('/loading and unknown paths land on the match tab', async ({ page }) => {
  await page.goto('/#/loading');
  await expect(page).toHaveURL(/#\/match$/);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/match$/);
});

test('a page that needs an account asks the visitor to log in first', async ({ page }) => {
  await page.goto('/#/me');
  await page.getByText('雲幣錢包').click();
  await expect(page.getByText('歡迎來到球聚')).toBeVisible();
});

test('screens of later milestones show an honest coming-soon state, and back returns', async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request, freshPhone());
  await useSession(page, token);
  await page.goto('/#/me/setting');
  await page.getByText('帳號與安全').click();
  await expect(page).toHaveURL(/#\/me\/account\/security/);
  await expect(page.getByText('功能即將推出')).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/#\/me\/setting/);
});
