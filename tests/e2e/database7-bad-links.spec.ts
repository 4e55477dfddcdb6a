/**
 * Links whose id is not a number ("?id=abc", a link cut or typed by hand) show each page's own
 * not-found text and its way back — not the generic wording, nor a 請求參數錯誤 toast.
 */
import { expect, test } from '@playwright/test';
import { shot } from './helpers';

const PAGES: [path: string, text: string][] = [
  ['/#/database/team/index?id=abc', '搵唔到呢支球隊'],
  ['/#/database/player/index?id=abc', '搵唔到呢位球員'],
  ['/#/database/league/index?id=abc', '搵唔到呢個賽事'],
  ['/#/database/coach?id=abc', '搵唔到呢位教練'],
  ['/#/sight/news/detail?id=abc', '呢篇資訊唔存在或者已經下架'],
  ['/#/sight/activity/detail?id=abc', '呢條動態唔存在或者已經被隱藏'],
];

test('a non-numeric id shows the page’s own not-found text and a way back', async ({ page }, info) => {
  for (const [path, text] of PAGES) {
    await page.goto(path);
    await expect(page.getByText(text).filter({ visible: true }), path).toBeVisible();
    await expect(page.getByText('請求參數錯誤'), path).toHaveCount(0);
  }
  await shot(page, info, 'database7-activity-bad-link');
  await page.goto('/#/database/team/index?id=abc');
  await page.getByRole('button', { name: '返回資料庫' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/#\/database(\?|$)/);
});
