/**
 * Discover and database tabs hold still while they load (Lighthouse's CLS on #/sight was 0.06): the
 * browser's own layout-shift entries (PerformanceObserver, buffered from the first paint) add up to ~0,
 * and the news rows drawn first are where they are two seconds later. The measured-rows chunk of the
 * windowed list is held back until after the feed's data has arrived, so the slow order (data first,
 * then the code that draws the rows) is taken every run instead of only on a slow phone.
 */
import { expect, type Page, test } from '@playwright/test';
import { current, shot } from './helpers';

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
