/**
 * Discover (#/sight) at phone size: a fan opens an automatic match report from the feed and comments;
 * a second fan (another browser context) replies, and the first sees the reply and the comment count
 * change without reloading (the `news:<id>` topic); praise and collect land in the fan's lists; a bad
 * id shows not-found. The finished-match job writes the report of a match that just ended.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, devMatch, freshPhone, shot, useSession } from './helpers';

/** Records the websocket frames a page receives from its first socket on (attach before the first goto). */
function frames(page: Page) {
  const seen: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => seen.push(String(f.payload))));
  return {
    /** the server confirmed the page's subscription to `topic` */
    subscribed: (topic: string) =>
      expect
        .poll(() => seen.some((s) => s.includes('"subscribed"') && s.includes(`"${topic}"`)), {
          timeout: 10_000,
        })
        .toBe(true),
  };
}

/** a text node of the screen (not the composer's textarea, which may hold the same words) */
const said = (page: Page, text: string) =>
  page.locator('.gf-text').filter({ hasText: text }).filter({ visible: true });

test('a fan reads a match report, comments, gets a live reply; praise and collect are listed', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  // a report near the top whose title no other item has (another spec's made match may have ended with
  // the same clubs and score, and its report reads the same): the row is found by its title
  type Item = { kind: string; title: string; id: number };
  const feed: Item[] = (await (await request.get('/mdr/api/v1/news?size=50')).json()).data.list;
  const report = feed
    .slice(0, 5)
    .find((x) => x.kind === 'report' && feed.filter((y) => y.title === x.title).length === 1) as Item;
  expect(report, 'the seed wrote match reports').toBeTruthy();
  const a = await apiLogin(request, freshPhone());
  const b = await apiLogin(request, `5${freshPhone().slice(1)}`);
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  await useSession(pageA, a.token);
  await useSession(pageB, b.token);
  const wsA = frames(pageA);
  const wsB = frames(pageB);

  // A reads the report from the feed
  await pageA.goto('/#/sight');
  await expect(pageA.getByText('資訊', { exact: true })).toBeVisible();
  const row = pageA.getByText(report.title, { exact: true });
  await expect(row).toBeVisible();
  await shot(pageA, info, 'sight-feed');
  const topic = `news:${report.id}`;
  await row.click();
  await expect(pageA).toHaveURL(new RegExp(`/sight/news/detail\\?id=${report.id}`));
  await expect(pageA.getByRole('heading', { name: '資訊詳情' })).toBeVisible();
  await expect(pageA.getByRole('heading', { name: report.title })).toBeVisible();
  await expect(pageA.getByText('自動戰報').filter({ visible: true }).first()).toBeVisible();
  await expect(pageA.getByText('入球', { exact: true })).toBeVisible();
  await wsA.subscribed(topic);
  const countText = async (page: Page) =>
    Number((await page.getByText(/^留言（\d+）$/).textContent())?.match(/\d+/)?.[0]);
  const before = await countText(pageA);

  // B opens the same report
  await pageB.goto(`/#/sight/news/detail?id=${report.id}`);
  await expect(pageB.getByRole('heading', { name: report.title })).toBeVisible();
  await wsB.subscribed(topic);

  // A comments (text stays text)
  const mine = `呢場好睇 <b>${Date.now() % 100000}</b>`;
  await pageA.getByPlaceholder('講下你嘅睇法…').fill(mine);
  await pageA.getByRole('button', { name: '發送' }).click();
  await expect(said(pageA, mine)).toBeVisible();
  await expect(pageA.getByText(`留言（${before + 1}）`)).toBeVisible();

  // B sees it live and replies to it
  const onB = said(pageB, mine);
  await expect(onB).toBeVisible({ timeout: 3000 });
  // the comment's markup is text, not an element
  expect(await pageB.locator('.gf-page__body b').count()).toBe(0);
  await onB.locator('xpath=..').getByText('回覆', { exact: true }).first().click();
  await expect(pageB.getByText(/^回覆 /)).toBeVisible();
  const reply = '同意，下半場入波果下先係轉捩點';
  await pageB.getByPlaceholder('講下你嘅睇法…').fill(reply);
  const sentAt = Date.now();
  await pageB.getByRole('button', { name: '發送' }).click();

  // A sees the reply and the new count without reloading
  await expect(said(pageA, reply)).toBeVisible({ timeout: 3000 });
  await expect(pageA.getByText(`留言（${before + 2}）`)).toBeVisible({ timeout: 3000 });
  info.annotations.push({ type: 'reply seen after ms', description: String(Date.now() - sentAt) });
  await said(pageA, reply).scrollIntoViewIfNeeded();
  await shot(pageA, info, 'sight-detail-reply');
  await shot(pageB, info, 'sight-detail-b');

  // praise and collect, then both lists
  await pageA.getByRole('button', { name: /^讚好 \d+$/ }).click();
  await expect(pageA.getByRole('button', { name: /^已讚好 \d+$/ })).toBeVisible();
  await pageA.getByRole('button', { name: /^收藏 \d+$/ }).click();
  await expect(pageA.getByRole('button', { name: /^已收藏 \d+$/ })).toBeVisible();
  await pageA.goto('/#/news/my/praise');
  await expect(pageA.getByRole('heading', { name: '我的讚好' })).toBeVisible();
  await expect(pageA.getByText(report.title, { exact: true }).filter({ visible: true })).toBeVisible();
  await shot(pageA, info, 'sight-my-praise');
  await pageA.goto('/#/news/my/collect');
  await expect(pageA.getByRole('heading', { name: '我的收藏' })).toBeVisible();
  await expect(pageA.getByText(report.title, { exact: true }).filter({ visible: true })).toBeVisible();
  // B praised nothing
  await pageB.goto('/#/news/my/praise');
  await expect(pageB.getByText(/你仲未讚好任何資訊/)).toBeVisible();

  // a bad id
  await pageA.goto('/#/sight/news/detail?id=99999999');
  await expect(pageA.getByText('呢篇資訊唔存在或者已經下架')).toBeVisible();
  await shot(pageA, info, 'sight-not-found');
  await Promise.all([ctxA.close(), ctxB.close()]);
});

test('a visitor reads the feed tabs and is asked to log in to comment', async ({ page }, info) => {
  await page.goto('/#/sight');
  await page.getByText('動態', { exact: true }).click();
  await expect(page.getByText('發動態', { exact: true })).toBeVisible();
  await page.getByText('直播', { exact: true }).click();
  await expect(page.getByText('暫時未有直播')).toBeVisible();
  await page.getByText('熱門', { exact: true }).click();
  await expect(page.getByText('自動戰報').first()).toBeVisible();
  await shot(page, info, 'sight-hot');
  await page.getByText('自動戰報').first().click();
  await expect(page.getByRole('heading', { name: '資訊詳情' })).toBeVisible();
  await expect(page.getByText('登入後即可留言、讚好同收藏')).toBeVisible();
  await page.getByRole('button', { name: /^讚好 \d+$/ }).click();
  await expect(page.locator('.gf-login-popup .adm-popup-body')).toBeVisible();
});

test('a match that just finished gets its automatic report', async ({ page, request }) => {
  test.setTimeout(90_000);
  const m = await devMatch(request, -150, { goalBefore: 60 });
  let id: number | undefined;
  for (let i = 0; i < 60 && !id; i++) {
    const list = (await (await request.get('/mdr/api/v1/news?size=50')).json()).data.list;
    id = list.find((x: { match_id: number | null }) => x.match_id === m.id)?.id;
    if (!id) await page.waitForTimeout(1000);
  }
  expect(id, 'report written by the finished-match job').toBeTruthy();
  await page.goto(`/#/sight/news/detail?id=${id}`);
  await expect(page.getByText(`${m.home_name}`).first()).toBeVisible();
  await expect(page.getByText('自動戰報')).toBeVisible();
});
