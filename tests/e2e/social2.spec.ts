/**
 * Social, second slice, at phone size. Fan A reads an automatic match report and comments; fan B, on
 * the same report, sees the comment arrive without reloading (the item's topic), and replies; A, back
 * on the discover tab, sees the unread badge on the bottom bar's 我的 tab within a second of the reply
 * (the user's topic), and the reply in the message centre. Global search finds Arsenal by each of its
 * four names and by a typo.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, current, freshPhone, shot, useSession } from './helpers';

/** the signed-in user's ids too (as the login screen stores them), so the app can follow `user:<id>` */
async function useUser(page: Page, who: { token: string; id: number; user_external: string }) {
  await useSession(page, who.token);
  await page.addInitScript(
    (u) => {
      if (!localStorage.getItem('user')) localStorage.setItem('user', JSON.stringify(u));
    },
    { id: who.id, user_external: who.user_external },
  );
}

test('a reply to a fan’s comment lights the 我的 tab within a second', async ({ browser, request }, info) => {
  test.setTimeout(120_000);
  const feed = (await (await request.get('/mdr/api/v1/news?size=20')).json()).data.list;
  const report = feed.find((n: { automatic: boolean }) => n.automatic);
  expect(report, 'an automatic match report in the feed').toBeTruthy();
  const a = await apiLogin(request, freshPhone());
  const b = await apiLogin(request, `5${freshPhone().slice(1)}`);
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await useUser(pageA, a);
  await useUser(pageB, b);

  // both read the report; A comments
  await pageB.goto(`/#/sight/news/detail?id=${report.id}`);
  await expect(current(pageB).getByRole('heading', { name: report.title })).toBeVisible();
  await pageA.goto(`/#/sight/news/detail?id=${report.id}`);
  await expect(current(pageA).getByRole('heading', { name: report.title })).toBeVisible();
  const text = `射門轉換率咁低都贏到，防守真係穩 #${Date.now() % 100000}`;
  await current(pageA).getByPlaceholder('講下你嘅睇法…').fill(text);
  await current(pageA).getByRole('button', { name: '發送' }).click();
  await expect(pageA.getByText('已留言')).toBeVisible();

  // B sees it arrive without a reload (pushed on the report's topic)
  const comment = current(pageB).locator('.gf-text').filter({ hasText: text });
  await expect(comment).toBeVisible({ timeout: 1000 });
  await shot(pageB, info, 'social2-live-comment');

  // A goes to the discover tab: no badge on 我的 yet
  await pageA.goto('/#/sight');
  const badge = pageA.getByTestId('tab-badge-user');
  await expect(pageA.locator('.gf-tabbar')).toBeVisible();
  await expect(badge).toHaveCount(0);

  // B replies; A's badge shows within a second of the reply being stored
  await comment.locator('xpath=..').getByText('回覆', { exact: true }).click();
  await current(pageB).getByPlaceholder('講下你嘅睇法…').fill('同意，下半場換咗三中衛之後穩陣好多');
  const stored = pageB.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/news\/\d+\/comments$/.test(r.url()),
  );
  await current(pageB).getByRole('button', { name: '發送' }).click();
  expect((await (await stored).json()).code).toBe(0);
  await expect(badge).toHaveText('1', { timeout: 1000 });
  await shot(pageA, info, 'social2-tab-badge');

  // the message centre has the reply; reading it clears the badge
  await pageA.goto('/#/message/comment');
  await expect(
    current(pageA)
      .getByText(/回覆咗你嘅留言/)
      .first(),
  ).toBeVisible();
  await current(pageA).getByText('標為已讀').click();
  await expect(pageA.getByText('已標為已讀')).toBeVisible();
  await pageA.goto('/#/sight');
  await expect(pageA.locator('.gf-tabbar')).toBeVisible();
  await expect(badge).toHaveCount(0);
  await ctxA.close();
  await ctxB.close();
});

test('search finds Arsenal by each of its four names and by a typo', async ({ page }, info) => {
  for (const keyword of ['阿仙奴', '兵工廠', '阿森纳', 'Arsenal', 'Arsnal']) {
    await page.goto(`/#/search/list?keyword=${encodeURIComponent(keyword)}`);
    await expect(current(page).getByText(/^球隊 \(\d+\)$/)).toBeVisible();
    await expect(current(page).locator('.adm-list-item').filter({ hasText: '阿仙奴' }).first()).toBeVisible();
    if (keyword === 'Arsnal') await shot(page, info, 'social2-search-typo');
  }
});

test('the hot list ranks what fans engaged with', async ({ page, request }, info) => {
  await page.goto('/#/hot-list');
  await expect(current(page).getByRole('heading', { name: '熱榜' })).toBeVisible();
  const hot = (await (await request.get('/mdr/api/v1/hot-list?size=1')).json()).data;
  if (hot.total > 0)
    await expect(
      current(page)
        .getByText(/熱度 \d+/)
        .first(),
    ).toBeVisible();
  else await expect(current(page).getByText(/熱榜暫時空住/)).toBeVisible();
  await shot(page, info, 'social2-hot-list');
});
