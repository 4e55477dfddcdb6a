/**
 * Social at phone size: a fan follows another from the user page, and the followed fan's 我的 page
 * shows the new-follower badge without reloading (the `user:<id>` topic); the message centre lists the
 * follower, mark-read clears the badge, and following back gives "follow each other". A fan reports a
 * comment, the operator hides it from the moderation queue, and the reporter finds the outcome among
 * the system notices. Global search finds a club and a player.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, current, freshPhone, operatorPage, operatorToken, shot, useSession } from './helpers';

async function nickname(request: APIRequestContext, token: string): Promise<string> {
  const me = await request.get('/mdr/api/v1/users', { headers: { authorization: `Bearer ${token}` } });
  return (await me.json()).data.nickname as string;
}

/** the signed-in user's ids too (as the login screen stores them), so screens can follow `user:<id>` */
async function useUser(page: Page, who: { token: string; id: number; user_external: string }) {
  await useSession(page, who.token);
  await page.addInitScript(
    (u) => {
      if (!localStorage.getItem('user')) localStorage.setItem('user', JSON.stringify(u));
    },
    { id: who.id, user_external: who.user_external },
  );
}

const badgeOf = (page: Page, title: string) =>
  current(page).locator('.adm-list-item').filter({ hasText: title }).locator('.adm-badge');

test('follow: the followed fan sees a new-follower badge live, reads it, and follows back', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const a = await apiLogin(request, freshPhone());
  const b = await apiLogin(request, `5${freshPhone().slice(1)}`);
  const nameA = await nickname(request, a.token);
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await useUser(pageA, a);
  await useUser(pageB, b);

  // B waits on 我的: no unread messages yet
  await pageB.goto('/#/me');
  await expect(current(pageB).getByText('訊息中心')).toBeVisible();
  await expect(badgeOf(pageB, '訊息中心')).toHaveCount(0);

  // A opens B's page and follows
  await pageA.goto(`/#/user/personal/info?id=${b.id}`);
  await expect(current(pageA).getByRole('button', { name: '+ 關注' })).toBeVisible();
  await current(pageA).getByRole('button', { name: '+ 關注' }).click();
  await expect(current(pageA).getByRole('button', { name: '已關注' })).toBeVisible();
  await shot(pageA, info, 'social-user-page');

  // B's badge arrives over the websocket, without a reload
  await expect(badgeOf(pageB, '訊息中心')).toHaveText('1', { timeout: 5000 });
  await shot(pageB, info, 'social-me-badge');
  await current(pageB).getByText('訊息中心').click();
  await expect(pageB).toHaveURL(/#\/message(\?|$)/);
  await expect(badgeOf(pageB, '新粉絲')).toHaveText('1');
  await shot(pageB, info, 'social-message-centre');
  await current(pageB).getByText('新粉絲').click();
  await expect(current(pageB).getByText(`${nameA} 關注咗你`)).toBeVisible();
  await current(pageB).getByText('標為已讀').click();
  await expect(pageB.getByText('已標為已讀')).toBeVisible();
  await pageB.goBack();
  await expect(pageB).toHaveURL(/#\/message(\?|$)/);
  await expect(badgeOf(pageB, '新粉絲')).toHaveCount(0);

  // B follows back from the followers list: follow each other
  await pageB.goto('/#/user/personal/attention?tab=followers');
  const row = current(pageB).locator('.adm-button').filter({ hasText: '回關' });
  await expect(row).toBeVisible();
  await row.click();
  await expect(current(pageB).getByRole('button', { name: '互相關注' })).toBeVisible();
  await pageA.reload();
  await expect(current(pageA).getByRole('button', { name: '互相關注' })).toBeVisible();
  await ctxA.close();
  await ctxB.close();
});

test('report: a fan reports a comment, the operator hides it, the reporter is told', async ({
  browser,
  request,
  page,
}, info) => {
  test.setTimeout(120_000);
  const feed = (await (await request.get('/mdr/api/v1/news?size=5')).json()).data.list;
  const article = feed[0];
  const poster = await apiLogin(request, freshPhone());
  const text = `免費睇波連結 spam${Date.now() % 100000}.example`;
  const posted = await request.post(`/mdr/api/v1/news/${article.id}/comments`, {
    headers: { authorization: `Bearer ${poster.token}` },
    data: { text },
  });
  expect((await posted.json()).code).toBe(0);

  const reporter = await apiLogin(request, `5${freshPhone().slice(1)}`);
  await useUser(page, reporter);
  await page.goto(`/#/sight/news/detail?id=${article.id}`);
  const comment = current(page).locator('.gf-text').filter({ hasText: text });
  await expect(comment).toBeVisible();
  // the 舉報 link of that comment's row
  await comment.locator('xpath=..').getByText('舉報', { exact: true }).click();
  await expect(page).toHaveURL(/\/news\/detail\/report\?kind=comment/);
  await expect(current(page).getByRole('heading', { name: '舉報留言' })).toBeVisible();
  await current(page).getByText('廣告或洗版').click();
  await current(page).getByPlaceholder('講多啲發生咩事，方便我哋處理').fill('<b>成日貼呢個連結</b>');
  await shot(page, info, 'social-report-form');
  await current(page).getByRole('button', { name: '提交舉報' }).click();
  await expect(page.getByText('已收到你嘅舉報，我哋會盡快處理')).toBeVisible();

  // the operator works the queue
  const op = await operatorPage(browser, await operatorToken(request));
  await op.goto('/#/ops/reports');
  await expect(current(op).getByText(text)).toBeVisible();
  await current(op).getByText(text).click();
  await expect(current(op).getByText('舉報詳情').first()).toBeVisible();
  await expect(current(op).getByText('<b>成日貼呢個連結</b>')).toBeVisible();
  await current(op)
    .getByPlaceholder(/原因|理由/)
    .fill('廣告連結');
  await current(op).getByRole('button', { name: '隱藏內容' }).click();
  await expect(current(op).getByText(/已處理 · 已隱藏/)).toBeVisible();
  await shot(op, info, 'social-ops-report');

  // the comment is gone and the reporter has the outcome in the system notices
  await page.goto(`/#/sight/news/detail?id=${article.id}`);
  await expect(current(page).getByRole('heading', { name: article.title })).toBeVisible();
  await expect(current(page).locator('.gf-text').filter({ hasText: text })).toHaveCount(0);
  await page.goto('/#/message');
  await expect(current(page).getByText('你舉報嘅留言已經被隱藏，多謝你幫手維持社區秩序')).toBeVisible();
  await expect(current(page).getByText('原因：廣告連結')).toBeVisible();
  await shot(page, info, 'social-report-outcome');
});

test('global search finds a club and a player, in any script', async ({ page }, info) => {
  await page.goto('/#/home/search');
  const box = current(page).getByRole('searchbox').or(current(page).locator('input')).first();
  await box.fill('利物浦');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/list\?keyword=/);
  await expect(current(page).getByText(/^球隊 \(\d+\)$/)).toBeVisible();
  await expect(current(page).locator('.adm-list-item').filter({ hasText: '利物浦' }).first()).toBeVisible();
  await shot(page, info, 'social-search-club');
  await page.goto(`/#/search/list?keyword=${encodeURIComponent('Salah')}`);
  await expect(current(page).getByText(/^球員 \(\d+\)$/)).toBeVisible();
  const salah = current(page).locator('.adm-list-item').filter({ hasText: '沙拿' }).first();
  await expect(salah).toBeVisible();
  await salah.click();
  await expect(page).toHaveURL(/\/database\/player\/index\?id=\d+/);
  await page.goto(`/#/search/list?keyword=${encodeURIComponent('zzqxj')}`);
  await expect(current(page).getByText('搵唔到「zzqxj」嘅結果')).toBeVisible();
});
