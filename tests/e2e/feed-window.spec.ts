/**
 * A 1,000-item feed stays windowed: the news feed of #/sight is served 1,000 articles (the real first
 * page's articles, repeated under new ids, through an intercepted API so the shared database keeps its
 * own feed), and while a fan scrolls page after page to the end, the DOM never holds more than a
 * window of rows; the last article is reached and the end text shows.
 */
import { expect, type Page, test } from '@playwright/test';
import { current, makeImage, shot } from './helpers';

const TOTAL = 1000;
/** rows in view at 812 px / ~70 px a row, plus overscan on both edges, with room to spare */
const MAX_MOUNTED = 30;

/**
 * Scrolls the page by `dy` and waits until the list has caught up: the mounted rows of the visible list
 * cover the view (or reach its last row), every image in them has loaded, and nothing moved over two
 * animation frames in a row. Conditions, not sleeps: a busy machine only makes it take longer.
 * (`scrollBy` moves the page at once; a wheel event scrolls later, and reading right after it raced.)
 */
async function scrollAndSettle(page: Page, dy: number) {
  await page.evaluate((d) => window.scrollBy(0, d), dy);
  await settle(page);
}

async function settle(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __fwLast?: string };
      const route = document.querySelector('section.gf-route-page:not([hidden])');
      const list = [...(route?.querySelectorAll('.gf-virtual-list__window') ?? [])].find(
        (el) => el.getClientRects().length > 0,
      );
      if (!list) return false;
      const rows = [...list.querySelectorAll<HTMLElement>('.gf-virtual-list__row')];
      if (!rows.length) return false;
      const boxes = rows.map((r) => r.getBoundingClientRect());
      const top = Math.min(...boxes.map((b) => b.top));
      const bottom = Math.max(...boxes.map((b) => b.bottom));
      const lr = list.getBoundingClientRect();
      const covered =
        (top <= Math.max(0, lr.top) + 1 || rows.some((r) => r.dataset.index === '0')) &&
        (bottom >= Math.min(window.innerHeight, lr.bottom) - 1 || bottom >= lr.bottom - 1);
      const loaded = [...list.querySelectorAll('img')].every((i) => i.complete);
      const state = JSON.stringify([window.scrollY, lr.height, boxes.map((b) => [b.top, b.height])]);
      const same = state === w.__fwLast;
      w.__fwLast = state;
      return covered && loaded && same;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
}

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
  // one- and two-line titles: every third row is titled with its report's summary (a longer, real line)
  const items = Array.from({ length: TOTAL }, (_, i) => {
    const r = real[i % real.length];
    return { ...r, id: 9_000_000 + i, title: i % 3 === 2 && r.summary ? r.summary : r.title };
  });
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
  const news = current(page).locator('.gf-virtual-list__window').first();

  /**
   * Rows of real height, evenly spaced: each mounted row starts where the one above ends (no overlap,
   * no hole), its card ends 1 px above the row's end (the same gap under every card), and apart from the
   * title every row without a cover is the same height, so a two-line title only adds its second line.
   */
  const lineCounts = new Set<number>();
  const checkEven = async () => {
    const rows = await news.locator('.gf-virtual-list__row').evaluateAll((els) =>
      els
        .map((e) => {
          const r = e.getBoundingClientRect();
          const card = (e.firstElementChild as HTMLElement).getBoundingClientRect();
          const title = e.querySelector('.gf-text') as HTMLElement;
          const lh = Number.parseFloat(getComputedStyle(title).lineHeight);
          const th = title.getBoundingClientRect().height;
          return {
            i: Number((e as HTMLElement).dataset.index),
            top: r.top,
            bottom: r.bottom,
            under: r.bottom - card.bottom,
            rest: r.height - th,
            lines: Math.round(th / lh),
            cover: !!e.querySelector('img'),
          };
        })
        .sort((a, b) => a.i - b.i),
    );
    for (let k = 1; k < rows.length; k++)
      expect(
        Math.abs(rows[k].top - rows[k - 1].bottom),
        `row ${rows[k].i} follows row ${rows[k - 1].i}`,
      ).toBeLessThanOrEqual(0.5);
    for (const r of rows) expect(Math.abs(r.under - 1), `gap under row ${r.i}`).toBeLessThanOrEqual(0.5);
    const plain = rows.filter((r) => !r.cover);
    const rests = plain.map((r) => r.rest);
    if (rests.length)
      expect(Math.max(...rests) - Math.min(...rests), 'rows differ only by their titles').toBeLessThanOrEqual(
        1,
      );
    for (const r of rows) lineCounts.add(r.lines);
  };

  await settle(page);
  await checkEven();
  await shot(page, info, 'feed-window-news-rows');
  let most = 0;
  for (let step = 0; step < 400; step++) {
    if ((await page.locator('.gf-virtual-list__row[data-index="999"]').count()) > 0) break;
    await scrollAndSettle(page, 2400);
    most = Math.max(most, await mounted());
    expect(most, 'rows mounted at once').toBeLessThanOrEqual(MAX_MOUNTED);
    if (step % 10 === 0) await checkEven();
  }
  await expect(page.locator('.gf-virtual-list__row[data-index="999"]')).toBeVisible();
  expect(served).toBe(TOTAL);
  await settle(page);
  await checkEven();
  expect([...lineCounts].sort(), 'titles of one and of two lines were seen').toEqual([1, 2]);
  // the window's height holds all 1,000 rows (measured, or estimated until drawn) while only a few are
  // in the DOM, and it ends where the last row ends
  const { height, lastBottom } = await news.evaluate((el) => {
    const last = el.querySelector('.gf-virtual-list__row[data-index="999"]') as HTMLElement;
    return {
      height: el.clientHeight,
      lastBottom: last.getBoundingClientRect().bottom - el.getBoundingClientRect().top,
    };
  });
  expect(height).toBeGreaterThan(TOTAL * 50);
  expect(Math.abs(height - lastBottom)).toBeLessThanOrEqual(1);
  expect(await mounted()).toBeLessThanOrEqual(MAX_MOUNTED);
  await expect(page.locator('.gf-virtual-list__end').filter({ visible: true })).not.toHaveText(/載入|加載/);
  console.log(`[feed-window] ${TOTAL} items, at most ${most} rows mounted while scrolling`);
  await shot(page, info, 'feed-window-end');
});

/**
 * Activities differ in height: text only, one large image, nine images in a 3x3 grid. 1,000 of them
 * (served through an intercepted API) scroll to the end with only a window of measured rows mounted, and
 * no two mounted rows overlap at any step. Opening a post and coming back finds the feed where it was.
 */
test('1,000 activities of mixed heights: measured rows, a window in the DOM, no overlap, back keeps the place', async ({
  page,
}, info) => {
  // every step waits until the list has settled: on a machine running several suites at once that is minutes
  test.setTimeout(480_000);
  const img = (n: number) => `/feed-window-img/${n % 7}.jpg`;
  const texts = [
    '今晚酋長球場氣氛一流，薩卡右路突破完再傳中，全場企起身！',
    '曼城中場控制得好好，不過最後三十分鐘體力明顯跟唔上。',
    '利物浦今季防守改善咗好多，范戴克同高拿迪配合愈嚟愈好。長文：我覺得今季爭標會去到最後一輪，三隊都有機會，關鍵在於傷兵同埋歐聯賽程。',
  ];
  const kinds = (i: number) => (i % 3 === 0 ? 0 : i % 3 === 1 ? 1 : 9);
  const items = Array.from({ length: TOTAL }, (_, i) => ({
    id: 8_000_000 + i,
    text: `${i + 1}. ${texts[i % texts.length]}`,
    images: Array.from({ length: kinds(i) }, (_, k) => img(i + k)),
    created_at: '2026-11-26T12:00:00.000Z',
    created_ms: Date.parse('2026-11-26T12:00:00.000Z'),
    user: { id: 1, nickname: `球迷${(i % 40) + 1}號`, avatar: '' },
    match: null,
    club: null,
    praise_count: i % 17,
    comment_count: i % 5,
    collect_count: 0,
  }));
  const jpeg = await makeImage(page, 'image/jpeg');
  await page.route(/\/feed-window-img\//, (route) =>
    route.fulfill({ contentType: 'image/jpeg', body: jpeg }),
  );
  await page.route(/\/mdr\/api\/v1\/activities\?/, async (route) => {
    const url = new URL(route.request().url());
    const p = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('size') ?? 20);
    const list = items.slice((p - 1) * size, p * size);
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: 'ok', data: { list, total: TOTAL, page: p, size } }),
    });
  });
  await page.goto('/#/sight');
  await current(page).getByText('動態', { exact: true }).click();
  const list = current(page).locator('.gf-virtual-list__window--measured');
  await expect(list.locator('.gf-virtual-list__row').first()).toBeVisible();

  /** mounted rows' boxes, in index order; each must start where the one above ends or lower */
  const boxes = () =>
    list.locator('.gf-virtual-list__row').evaluateAll((els) =>
      els
        .map((e) => {
          const r = e.getBoundingClientRect();
          return { i: Number((e as HTMLElement).dataset.index), top: r.top, bottom: r.bottom, h: r.height };
        })
        .sort((a, b) => a.i - b.i),
    );
  const heights = new Set<number>();
  let most = 0;
  let checks = 0;
  const checkNoOverlap = async () => {
    const b = await boxes();
    most = Math.max(most, b.length);
    expect(b.length, 'rows mounted at once').toBeLessThanOrEqual(MAX_MOUNTED);
    for (let k = 1; k < b.length; k++) {
      expect(b[k].top, `row ${b[k].i} starts below row ${b[k - 1].i}`).toBeGreaterThanOrEqual(
        b[k - 1].bottom - 0.5,
      );
    }
    for (const x of b) heights.add(Math.round(x.h));
    checks++;
  };

  // halfway down first: open a post and come back, the feed is where it was. Scrolled until the page is
  // that far down, however many pages that takes to load (it used to be 8 wheel turns 80 ms apart, which
  // a busy machine did not always scroll 10,000 px in: pages of 10 posts load as the end comes near)
  await settle(page);
  for (let step = 0; step < 60; step++) {
    if ((await page.evaluate(() => window.scrollY)) > 10_000) break;
    await scrollAndSettle(page, 2400);
    await checkNoOverlap();
  }
  const y = await page.evaluate(() => window.scrollY);
  expect(y).toBeGreaterThan(10_000);
  const inView = await boxes().then(
    (b) => b.find((x) => x.top > 80 && x.bottom < 700) ?? b[Math.floor(b.length / 2)],
  );
  await list.locator(`.gf-virtual-list__row[data-index="${inView.i}"]`).click({ position: { x: 40, y: 20 } });
  await expect(page).toHaveURL(/#\/sight\/activity\/detail\?id=/);
  await page.goBack();
  await expect(page).toHaveURL(/#\/sight$/);
  await expect(list.locator(`.gf-virtual-list__row[data-index="${inView.i}"]`)).toBeVisible();
  // the saved position is put back after the page shows again: wait for it rather than read at once
  await expect
    .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - y))
    .toBeLessThanOrEqual(20);
  await settle(page);
  const back = await boxes().then((b) => b.find((x) => x.i === inView.i));
  expect(Math.abs((back?.top ?? 0) - inView.top)).toBeLessThanOrEqual(20);

  for (let step = 0; step < 600; step++) {
    if ((await list.locator('.gf-virtual-list__row[data-index="999"]').count()) > 0) break;
    await scrollAndSettle(page, 2400);
    await checkNoOverlap();
  }
  await list.locator('.gf-virtual-list__row[data-index="999"]').scrollIntoViewIfNeeded();
  await expect(list.locator('.gf-virtual-list__row[data-index="999"]')).toBeVisible();
  await settle(page);
  await checkNoOverlap();
  // three kinds of row, three heights at least (text only, one image, nine images)
  expect(heights.size).toBeGreaterThanOrEqual(3);
  await expect(current(page).locator('.gf-virtual-list__end').filter({ visible: true })).not.toHaveText(
    /載入|加載/,
  );
  console.log(
    `[feed-window] ${TOTAL} activities, at most ${most} rows mounted, ${checks} overlap checks, row heights ${[...heights].sort((a, b) => a - b).join('/')}`,
  );
  await shot(page, info, 'feed-window-activities-end');
});
