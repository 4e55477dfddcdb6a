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
