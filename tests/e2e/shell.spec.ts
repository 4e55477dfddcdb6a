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

test('a screen opened as a deep link has a back button that leads to the match tab', async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request, freshPhone());
  await useSession(page, token);
  // (this test used to open coming-soon screens; every route of the spec has its screen now)
  await page.goto('/#/hot-list');
  await expect(page.getByRole('heading', { name: '熱榜' })).toBeVisible();
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/#\/match$/);
});

test('an in-app navigation preloads the next screen and its widgets in parallel', async ({ page }) => {
  await page.goto('/#/match');
  await expect(page.locator('section[data-path="/match"]')).toBeVisible();
  const before = await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length);
  await page.getByRole('navigation').getByText('專家', { exact: true }).click();
  await expect(page.locator('section[data-path="/experts"]')).toBeVisible();
  // the route's preload script ran (scripts/lib/route-preload.ts) and named the screen's chunks, which
  // the build's own import() calls no longer list (scripts/lib/lean-preload.ts)
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /\/assets\/pre-/.test(n)),
  );
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  // the links go in one per task (a batch of 16 was one 250 ms task at 4x CPU), so poll for them
  const links = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
    );
  await expect.poll(async () => (await links()).length).toBeGreaterThan(before);
  await expect
    .poll(async () => (await links()).some((h) => /cfg-[0-9a-f]+-experts\.home\.js$/.test(h)))
    .toBe(true);
});
