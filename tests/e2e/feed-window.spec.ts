/**
 * A 1,000-item feed stays windowed: the news feed of #/sight is served 1,000 articles (the real first
 * page's articles, repeated under new ids, through an intercepted API so the shared database keeps its
 * own feed), and while a fan scrolls page after page to the end, the DOM never holds more than a
 * window of rows; the last article is reached and the end text shows.
 */
import { expect, test } from '@playwright/test';
import { shot } from './helpers';

const TOTAL = 1000;
/** rows in view at 812 px / 92 px a row, plus overscan on both edges, with room to spare */
const MAX_MOUNTED = 30;

test('a 1,000-item news feed mounts only a window of rows and scrolls to the end', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const real = (await (await request.get('/mdr/api/v1/news?tab=news&size=20')).json()).data.list as Record<
    string,
    unknown
  >[];
  expect(real.length).toBeGreaterThan(0);
  const items = Array.from({ length: TOTAL }, (_, i) => ({ ...real[i % real.length], id: 9_000_000 + i }));
  let served = 0;
  await page.route(/\/mdr\/api\/v1\/news\?/, async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.get('tab') === 'hot') return route.continue();
    const p = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('size') ?? 20);
    const list = items.slice((p - 1) * size, p * size);
    served = Math.max(served, (p - 1) * size + list.length);
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: 'ok', data: { list, total: TOTAL, page: p, size } }),
    });
  });
  await page.goto('/#/sight');
  const rows = page.locator('.gf-virtual-list__row').filter({ visible: true });
  await expect(rows.first()).toBeVisible();
  const mounted = () => page.locator('.gf-virtual-list__row').count();
  let most = 0;
  for (let step = 0; step < 400; step++) {
    if ((await page.locator('.gf-virtual-list__row[data-index="999"]').count()) > 0) break;
    await page.mouse.move(187, 500);
    await page.mouse.wheel(0, 2400);
    await page.waitForTimeout(60);
    most = Math.max(most, await mounted());
    expect(most, 'rows mounted at once').toBeLessThanOrEqual(MAX_MOUNTED);
  }
  await expect(page.locator('.gf-virtual-list__row[data-index="999"]')).toBeVisible();
  expect(served).toBe(TOTAL);
  // the window's height holds all 1,000 rows while only a few are in the DOM
  const height = await page
    .locator('.gf-virtual-list__window')
    .first()
    .evaluate((el) => el.clientHeight);
  expect(height).toBe(TOTAL * 92);
  expect(await mounted()).toBeLessThanOrEqual(MAX_MOUNTED);
  await expect(page.locator('.gf-virtual-list__end').filter({ visible: true })).not.toHaveText(/載入|加載/);
  console.log(`[feed-window] ${TOTAL} items, at most ${most} rows mounted while scrolling`);
  await shot(page, info, 'feed-window-end');
});
