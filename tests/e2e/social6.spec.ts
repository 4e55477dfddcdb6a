/**
 * Discover and database tabs hold still while they load (Lighthouse's CLS on #/sight was 0.06): the
 * browser's own layout-shift entries (PerformanceObserver, buffered from the first paint) add up to ~0,
 * and the news rows drawn first are where they are two seconds later. The measured-rows chunk of the
 * windowed list is held back until after the feed's data has arrived, so the slow order (data first,
 * then the code that draws the rows) is taken every run instead of only on a slow phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { apiLogin, current, freshPhone, shot, useSession } from './helpers';

/** Sum of layout-shift values since the page started, excluding shifts right after input (as CLS does). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (e.hadRecentInput) continue;
        w.__cls += e.value;
        for (const s of e.sources ?? [])
          w.__shifts.push(
            `${(s.node as Element | undefined)?.className ?? s.node?.nodeName} ${s.previousRect.y}->${s.currentRect.y}`,
          );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const shifts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, what: w.__shifts };
  });

/** the news rows in view: index and box */
const rowBoxes = (page: Page) =>
  current(page)
    .locator('.gf-virtual-list__row')
    .evaluateAll((els) =>
      els
        .filter((e) => e.getClientRects().length > 0)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return {
            i: (e as HTMLElement).dataset.index,
            top: Math.round(r.top),
            height: Math.round(r.height),
          };
        })
        .filter((r) => r.top < window.innerHeight),
    );

test('#/sight: the news rows of the first paint do not move, even when their code arrives after the data', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await recordShifts(page);
  // the rows' code (the measured-rows chunk) comes only once the feed has answered, plus a while
  let feedAnswered: () => void = () => {};
  const feed = new Promise<void>((r) => {
    feedAnswered = r;
  });
  page.on('response', (res) => {
    if (/\/mdr\/api\/v1\/news\?/.test(res.url())) feedAnswered();
  });
  await page.route(/\/assets\/measured-[^/]*\.js$/, async (route) => {
    await feed;
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto('/#/sight');
  const rows = current(page).locator('.gf-virtual-list__row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const first = await rowBoxes(page);
  expect(first.length, 'rows fill the view').toBeGreaterThan(4);
  await page.waitForTimeout(2000);
  expect(await rowBoxes(page), 'the rows stay where they were first drawn').toEqual(first);
  const { cls, what } = await shifts(page);
  expect(cls, `layout shifts: ${what.join(', ')}`).toBeLessThan(0.005);
  await shot(page, info, 'social6-sight-still');
});

test('#/database: the tab holds still while it loads', async ({ page }, info) => {
  test.setTimeout(60_000);
  await recordShifts(page);
  await page.goto('/#/database');
  await expect(current(page).getByText('熱門', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  const { cls, what } = await shifts(page);
  expect(cls, `layout shifts: ${what.join(', ')}`).toBeLessThan(0.005);
  await shot(page, info, 'social6-database-still');
});

test('a player page dates his matches and names cards in words; a bad user id has its own not-found', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  // signed in before the tab first boots (the session is stored then)
  const fan = await apiLogin(request, freshPhone());
  await useSession(page, fan.token);
  const { data: team } = await (await request.get('/mdr/api/v1/database/teams/24')).json();
  const players = (team.squad as { list: { id: number; yellow: number }[] }[]).flatMap((g) => g.list);
  // a player with a booking, so the card words show
  const booked = players.find((p) => p.yellow > 0) ?? players[0];
  const { data: player } = await (await request.get(`/mdr/api/v1/database/players/${booked.id}`)).json();
  expect(player.matches.length, 'the player has played this season').toBeGreaterThan(0);
  await page.goto(`/#/database/player/index?id=${booked.id}`);
  const times = current(page).locator('.gf-match-card__time');
  await expect(times.first()).toBeVisible({ timeout: 30_000 });
  // finished matches of earlier days show their date (MM-DD), not only a kickoff time
  const shown = await times.allTextContents();
  expect(
    shown.some((s) => /^\d\d-\d\d$/.test(s)),
    shown.join(' '),
  ).toBe(true);
  const lines = await current(page).locator('.gf-text').allTextContents();
  expect(lines.join('\n')).not.toMatch(/🟨|🟥/);
  if (booked.yellow > 0) expect(lines.some((l) => /入球 \d+ · 助攻 \d+.*黃牌/.test(l))).toBe(true);
  await times.first().scrollIntoViewIfNeeded();
  await shot(page, info, 'social6-player-matches');

  await page.goto('/#/user/personal/info?id=999999');
  await expect(current(page).getByText('搵唔到呢位球迷')).toBeVisible({ timeout: 30_000 });
  // the page says it once: no error toast from the user's post list on top of it
  await page.waitForTimeout(1000);
  await expect(page.getByText('內容不存在')).toHaveCount(0);
  await shot(page, info, 'social6-user-not-found');
  await current(page).getByRole('button', { name: '返回發現' }).click();
  await expect(page).toHaveURL(/#\/sight/);
  await page.goto(`/#/user/personal/info?id=${fan.id}`);
  await expect(current(page).getByText('你暫時未發過動態', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, info, 'social6-own-page-empty');
});
