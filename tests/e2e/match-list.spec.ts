/**
 * Match tab journey at phone size: today's matches with live ones first, tabs, a date, the league
 * filter, a kicked-off match (SIM_SPEED=60: a match minute per second) ticking and scoring on the list
 * without a reload, team search, and the AI predictions page.
 */
import { expect, type Page, test } from '@playwright/test';
import { devMatch, shot } from './helpers';

const LIVE = new Set(['2', '3', '4', '5', '7', '9']);

async function cardStatuses(page: Page): Promise<string[]> {
  return page
    .locator('.gf-match-card')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''));
}

interface Frame {
  at: number;
  payload: string;
}

/** the running score of a match after each websocket frame that changed it, with the frame's time */
function scorePushes(frames: Frame[], id: number): { at: number; score: string }[] {
  const out: { at: number; score: string }[] = [];
  let last = { h: 0, a: 0 };
  for (const { at, payload } of frames) {
    const walk = (v: unknown) => {
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      const d = o.data as Record<string, unknown> | undefined;
      // a match message ({kind: 'match', data: {id, ...changed fields}}), not one of its events
      if (o.kind === 'match' && d?.id === id && ('home_score' in d || 'away_score' in d)) {
        last = { h: (d.home_score as number) ?? last.h, a: (d.away_score as number) ?? last.a };
        out.push({ at, score: `${last.h}-${last.a}` });
      }
      for (const x of Object.values(o)) walk(x);
    };
    try {
      walk(JSON.parse(payload));
    } catch {
      /* not JSON */
    }
  }
  return out;
}

/**
 * Times taken inside the page, on one clock: when each websocket frame arrived (a listener added
 * before the app's own) and when each score first showed on each card (id:score).
 */
function recordFramesAndScores() {
  const w = window as unknown as { __frames: Frame[]; __scores: Record<string, number> };
  w.__frames = [];
  w.__scores = {};
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (e) => w.__frames.push({ at: Date.now(), payload: String(e.data) }));
    }
  };
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.gf-match-card[data-match-id]')) {
      const score = el.querySelector('.gf-match-card__score')?.textContent?.trim();
      if (score) w.__scores[`${el.getAttribute('data-match-id')}:${score}`] ??= Date.now();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

test('match tab: live first, tabs, dates, league filter, live ticking and goals, search, AI', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.addInitScript(recordFramesAndScores);
  await page.goto('/#/match');
  await expect(page.getByRole('tab', { name: '即時' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.gf-match-card').first()).toBeVisible();
  const statuses = await cardStatuses(page);
  const firstNotLive = statuses.findIndex((s) => !LIVE.has(s));
  expect(statuses.slice(firstNotLive === -1 ? statuses.length : firstNotLive).some((s) => LIVE.has(s))).toBe(
    false,
  );
  // the windowed list mounts what is in view, not the whole day
  const total = (await (await request.get('/mdr/api/v1/matches?tab=instant&size=500')).json()).data.total;
  expect(statuses.length).toBeLessThanOrEqual(Math.min(total, 20));
  await shot(page, testInfo, 'match-instant');

  // schedule: a date strip; tomorrow's matches
  await page.getByRole('tab', { name: '賽程' }).click();
  const tomorrow = page.getByRole('tab', { name: /明天/ });
  await tomorrow.click();
  await expect(tomorrow).toHaveAttribute('aria-selected', 'true');
  const date = await tomorrow.getAttribute('data-date');
  const expected = (
    await (await request.get(`/mdr/api/v1/matches?tab=schedule&date=${date}&size=500`)).json()
  ).data;
  if (expected.total > 0) {
    await expect(page.locator('.gf-match-card').first()).toContainText(expected.list[0].home_name);
  } else {
    await expect(page.getByText('暫時沒有比賽')).toBeVisible();
  }
  await shot(page, testInfo, 'match-schedule');

  // results: past days (yesterday holds at least the finished match made here, whatever the hour)
  await devMatch(request, -24 * 60);
  await page.getByRole('tab', { name: '賽果' }).click();
  const yesterday = page.getByRole('tab', { name: /昨天/ });
  await expect(yesterday).toBeVisible();
  await yesterday.click();
  await expect(yesterday).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.gf-match-card[data-status="10"]').first()).toBeVisible();

  // kick off a scheduled match (made for this test), then narrow the instant list to its league
  await page.getByRole('tab', { name: '即時' }).click();
  const m = await devMatch(request, 30);
  expect(m.status, 'a scheduled match').toBe(1);
  expect((await (await request.post(`/dev/matches/${m.id}/kickoff?goal_before=30`)).json()).code).toBe(0);

  await page.getByRole('button', { name: '篩選賽事' }).click();
  const sheet = page.getByRole('dialog', { name: '賽事篩選' });
  await sheet.getByRole('button', { name: '清空' }).click();
  await sheet.getByRole('button', { name: new RegExp(`^${m.league_short}`) }).click();
  await sheet.getByRole('button', { name: '確定' }).click();
  await expect(page.locator('.gf-match-card__league').first()).toHaveText(m.league_short);
  const leagues = await page.locator('.gf-match-card__league').allTextContents();
  expect(new Set(leagues)).toEqual(new Set([m.league_short]));

  const card = page.locator(`.gf-match-card[data-match-id="${m.id}"]`);
  const minute = card.getByTestId('live-minute');
  await expect(minute).toBeVisible({ timeout: 20_000 });
  const first = Number.parseInt((await minute.textContent()) ?? '0', 10);
  await expect
    .poll(async () => Number.parseInt((await minute.textContent()) ?? '0', 10), { timeout: 15_000 })
    .toBeGreaterThan(first);
  await shot(page, testInfo, 'match-live-filtered');

  // a goal: the pushed score shows on the card within a second of its frame reaching the page
  const frames = () => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
  const goalOf = async () => scorePushes(await frames(), m.id).find((p) => p.score !== '0-0');
  await expect.poll(async () => Boolean(await goalOf()), { timeout: 150_000, intervals: [200] }).toBe(true);
  const goal = (await goalOf())!;
  const shownAt = () =>
    page.evaluate(
      (key) => (window as unknown as { __scores: Record<string, number> }).__scores[key] ?? 0,
      `${m.id}:${goal.score}`,
    );
  await expect.poll(shownAt, { timeout: 5000, intervals: [50] }).toBeGreaterThan(0);
  const lag = (await shownAt()) - goal.at;
  testInfo.annotations.push({ type: 'goal-to-screen-ms', description: String(lag) });
  expect(lag).toBeGreaterThanOrEqual(0);
  expect(lag).toBeLessThan(1000);
  const latest = scorePushes(await frames(), m.id).at(-1)!.score;
  await expect(card.locator('.gf-match-card__score')).toHaveText(latest);
  await shot(page, testInfo, 'match-goal');

  // search a team by its English name
  await page.getByRole('button', { name: '搜尋比賽' }).click();
  await expect(page).toHaveURL(/searchmatch\/index/);
  const box = page.getByRole('searchbox');
  await box.fill('Arsenal');
  await box.press('Enter');
  await expect(page).toHaveURL(/searchmatch\/list/);
  await expect(page.getByText('相關球隊')).toBeVisible();
  await expect(page.locator('.gf-tag, .adm-tag').filter({ hasText: '阿仙奴' }).first()).toBeVisible();
  // kept-alive pages stay in the DOM (hidden): look at the visible result cards only
  await expect(page.locator('.gf-match-card:visible').first()).toContainText('阿仙奴');
  await shot(page, testInfo, 'search-list');
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByRole('region', { name: '搜尋歷史' })).toContainText('Arsenal');
  await shot(page, testInfo, 'search-index');

  // AI predictions from the match tab header
  await page.goto('/#/match');
  await page.getByText('AI', { exact: true }).click();
  await expect(page).toHaveURL(/ai\/predict\/list/);
  await expect(page.getByRole('heading', { name: 'AI 預測' })).toBeVisible();
  await shot(page, testInfo, 'ai-predict');
});
