/**
 * Match centre journey at phone size: a kicked-off match plays at SIM_SPEED=60 (a match minute a second);
 * the detail page follows score, minute and events live, tabs show lineups / odds / data, a signed-in fan
 * supports a team once, and the animation page animates the events.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin, current, type DevMatch, devMatch, freshPhone, shot, useSession } from './helpers';

const BUSY = new Set([13, 14, 15]);

/** a scheduled match made for this test, kicked off now (plays at SIM_SPEED=60) */
async function kickOffMatch(request: APIRequestContext): Promise<DevMatch> {
  const m = await devMatch(request, 30);
  expect(m.status).toBe(1);
  const r = await (await request.post(`/dev/matches/${m.id}/kickoff`)).json();
  expect(r.code).toBe(0);
  return m;
}

/** Every `event` object inside a websocket frame (whatever envelope the realtime layer wraps it in). */
function eventsIn(payload: string): { seq: number; code: number }[] {
  const out: { seq: number; code: number }[] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const e = o.event as { seq?: number; code?: number } | undefined;
    if (e && typeof e.seq === 'number' && typeof e.code === 'number') out.push({ seq: e.seq, code: e.code });
    for (const x of Object.values(o)) walk(x);
  };
  try {
    walk(JSON.parse(payload));
  } catch {
    /* not JSON */
  }
  return out;
}

test('match detail follows a live match, switches tabs, takes a vote once and opens the animation', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const match = await kickOffMatch(request);
  const user = await apiLogin(request, freshPhone());
  await useSession(page, user.token);

  // websocket frames carrying events (by seq), with the time they reached the browser
  const pushed = new Map<number, { code: number; at: number }>();
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      for (const e of eventsIn(String(f.payload)))
        if (!pushed.has(e.seq)) pushed.set(e.seq, { code: e.code, at: Date.now() });
    }),
  );
  // when each timeline row appeared in the DOM
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __rows: Record<string, number> }).__rows = seen;
    new MutationObserver(() => {
      for (const li of document.querySelectorAll('li.gf-timeline__row[data-seq]')) {
        const id = li.getAttribute('data-seq')!;
        seen[id] ??= Date.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto(`/#/match/index?id=${match.id}`);
  const view = current(page);
  await expect(view.locator('.gf-mh')).toBeVisible();
  const minute = view.getByTestId('match-minute');
  await expect(minute).toBeVisible({ timeout: 20_000 });
  const m1 = Number((await minute.textContent())?.match(/\d+/)?.[0]);
  await expect
    .poll(async () => Number((await minute.textContent())?.match(/\d+/)?.[0]), { timeout: 15_000 })
    .toBeGreaterThan(m1);

  // a timeline event pushed over the socket shows up within about a second, without a reload
  const rows = view.locator('li.gf-timeline__row');
  const before = await rows.count();
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await page.waitForTimeout(1500);
  const shown = await page.evaluate(() => (window as unknown as { __rows: Record<string, number> }).__rows);
  const lags = [...pushed]
    .filter(([seq, e]) => !BUSY.has(e.code) && shown[String(seq)])
    .map(([seq, e]) => shown[String(seq)] - e.at);
  expect(lags.length).toBeGreaterThan(0);
  expect(Math.max(...lags)).toBeLessThan(1000);
  await expect(view.locator('.gf-momentum path[data-side="home"]')).toHaveCount(1);
  await expect(view.locator('.gf-stats__row').first()).toBeVisible();
  await shot(page, info, 'match-detail-situation');

  // support the home side once: the bar shows the choice and both buttons lock
  const support = view.locator('.gf-support');
  await support.getByRole('button', { name: new RegExp(`撐${match.home_short}`) }).click();
  await expect(support.getByRole('button', { name: '已支持' })).toBeDisabled();
  await expect(support.locator('.gf-support__title')).toContainText('你支持');
  await expect(support.locator('button:not([disabled])')).toHaveCount(0);
  await expect(support.locator('.gf-support__rates')).not.toContainText('0%0%');

  // tabs: lineups on the pitch, odds tables, data
  const tabs = view.locator('.gf-tabs');
  await tabs.getByText('陣容', { exact: true }).click();
  await expect(view.locator('.gf-lineup__pitch')).toHaveCount(2);
  await expect(view.locator('.gf-lineup__player')).toHaveCount(22);
  await shot(page, info, 'match-detail-lineups');
  await tabs.getByText('指數', { exact: true }).click();
  await expect(view.locator('table.gf-odds').first()).toBeVisible();
  await expect(view.locator('table.gf-odds tbody').first()).toBeVisible();
  await shot(page, info, 'match-detail-odds');
  await tabs.getByText('方案', { exact: true }).click();
  await expect(view.locator('.adm-list-item, .gf-empty').first()).toBeVisible();
  await tabs.getByText('數據', { exact: true }).click();
  await expect(view.getByText('積分榜')).toBeVisible();
  await shot(page, info, 'match-detail-data');
  await tabs.getByText('情報', { exact: true }).click();
  await expect(view.locator('.gf-tabs [role=tab][aria-selected=true]')).toHaveText('情報');
  await shot(page, info, 'match-detail-intelligence');
  await tabs.getByText('聊天', { exact: true }).click();
  await shot(page, info, 'match-detail-chat');

  // the bookmaker's history
  await tabs.getByText('指數', { exact: true }).click();
  await view.locator('.gf-odds__name button').first().click();
  await expect(page).toHaveURL(/#\/match\/exponen\?/);
  await expect(current(page).locator('table.gf-odds--history')).toBeVisible();
  await shot(page, info, 'match-exponen');
  await page.goBack();

  // the animation animates the events as they come
  await current(page).getByRole('button', { name: '動畫直播' }).click();
  await expect(page).toHaveURL(/#\/match\/animation\/live\?/);
  const anim = current(page).locator('.gf-anim');
  await expect(anim.locator('.gf-anim__pitch')).toBeVisible();
  const caption = anim.getByTestId('anim-caption');
  const first = await caption.textContent();
  await expect.poll(() => caption.textContent(), { timeout: 15_000 }).not.toBe(first);
  await expect(anim.locator('.gf-anim__ball[data-code]')).toHaveCount(1);
  await shot(page, info, 'match-animation');
});
