import { expect, test } from '@playwright/test';
import { current, shot } from './helpers';

/** The experts tab as a visitor sees it: banners, entry grid, seeded lists; not-found states. */
test('experts tab: carousel, one-line entries, non-empty lists, not-found states', async ({ page }, info) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/#/experts');
  const home = current(page);
  await expect(home.locator('.gf-carousel')).toBeVisible();
  await expect(home.locator('.gf-carousel__title').first()).not.toBeEmpty();
  // every entry label fits on one line at 375 px
  for (const label of [
    '排行榜',
    '全部專家',
    '任九專家',
    '免費專區',
    '已購方案',
    '我的訂閱',
    '我的關注',
    '發佈方案',
  ]) {
    const box = await home.getByText(label, { exact: true }).last().boundingBox();
    expect(box, label).toBeTruthy();
    expect(box!.height, label).toBeLessThan(24);
  }
  await expect(home.getByText(/[1-9]\d*人已購/).first()).toBeVisible();
  await shot(page, info, 'experts-tab');

  // the lists the tab features are never empty
  for (const list of ['nine', 'free', 'all']) {
    await page.goto(`/#/experts/${list}/list`);
    await expect(current(page).locator('.gf-list-item__prefix-image').first()).toBeVisible();
  }

  // the AI header reads the API's rate
  await page.goto('/#/ai/predict/list');
  await expect(current(page).getByRole('heading', { name: /^\d+(\.\d)?%$/ })).toBeVisible();

  // a bad id is a not-found state, not empty numbers or a blank page
  await page.goto('/#/experts/plan/details?id=999999');
  await expect(current(page).getByText('找不到內容').first()).toBeVisible();
  await page.goto('/#/experts/personal?id=999999');
  await expect(current(page).getByText('找不到內容').first()).toBeVisible();
  await shot(page, info, 'experts-not-found');
});

/**
 * A first visit asks for its token and the tab's data while the app's code still downloads (the boot
 * script's early calls, scripts/lib/early-api-boot.js), and each call goes over the network once: the
 * app takes the early answers instead of asking again.
 */
test('experts tab, first visit: token and data are asked once each', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const calls: string[] = [];
  const icons: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (/^\/(mdr|prs)\/api\//.test(u.pathname)) calls.push(`${r.method()} ${u.pathname}${u.search}`);
    if (/\/assets\/icon-[0-9a-f]{10}-/.test(u.pathname)) icons.push(u.pathname);
  });
  await page.goto('/#/experts');
  const home = current(page);
  await expect(home.getByText(/[1-9]\d*人已購/).first()).toBeVisible();
  await expect(home.locator('.gf-carousel__title').first()).not.toBeEmpty();
  // the boot script did make its early calls
  expect(await page.evaluate(() => typeof (window as { __gfEarly?: unknown }).__gfEarly)).toBe('object');
  for (const call of [
    'POST /prs/api/v1/token',
    'GET /mdr/api/v1/expert-ads',
    'GET /mdr/api/v1/user/experts?type=hot&size=5',
    'GET /mdr/api/v1/user/expert-plans?state=open&page=1&size=10',
  ])
    expect(
      calls.filter((c) => c === call),
      call,
    ).toHaveLength(1);
});
