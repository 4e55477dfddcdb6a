import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiLogin,
  authedCall,
  current,
  devMatch,
  fillExpertApplication,
  fillRealName,
  freshPhone,
  jsonEditorText,
  operatorPage,
  operatorToken,
  opsApprove,
  opsOpen,
  setJsonEditorText,
  useSession as signInPage,
} from './helpers';

/**
 * Issue 15, the rest of the config at run time: the tab bar, the route table, the theme tokens and the
 * texts of the error catalogue's codes, published by an operator, reach a fan's app that is already
 * open at its next route change (the server's own texts at once); a rollback to v1 after each puts the
 * repo's version back for the other specs. The time budget (publish -> visible in an open app
 * within 5 s) is measured by the bench (tests/bench/config-publish.ts, BENCH=cfgpublish), not here: a
 * test must not fail because the machine is busy.
 */
const OPS = '/mdr/api/v1/ops/config';

/** save `change(published)` as a draft of kind/name and publish it, as the console does */
async function publishChange(
  request: APIRequestContext,
  token: string,
  key: string,
  note: string,
  change: (content: any) => void,
) {
  const doc = await authedCall(request, token, 'GET', `${OPS}/${key}`);
  expect(doc.code).toBe(0);
  const content = structuredClone(doc.data.head);
  change(content);
  const saved = await authedCall(request, token, 'PUT', `${OPS}/${key}/draft`, {
    content,
    base_version: doc.data.head_version,
  });
  expect(saved.code, JSON.stringify(saved)).toBe(0);
  const pub = await authedCall(request, token, 'POST', `${OPS}/${key}/publish`, { note });
  expect(pub.code).toBe(0);
}

const rollback = async (request: APIRequestContext, token: string, key: string) => {
  const r = await authedCall(request, token, 'POST', `${OPS}/${key}/rollback`, {
    version: 1,
    note: '測試完改返',
  });
  expect(r.code).toBe(0);
};

/**
 * The fan's app holds what was published (the websocket notice, the manifest, the documents): its
 * `<html data-gf-config>` names the manifest it has fetched everything of. Call before publishing; the
 * promise it gives resolves once that has changed.
 */
async function fetchedDoc(page: Page): Promise<{ done: Promise<unknown> }> {
  // the app's own first manifest check must be over: its answer would otherwise pass for the publish's
  await page.waitForFunction(() => !!document.documentElement.dataset.gfConfig, null, { timeout: 15_000 });
  const before = await page.evaluate(() => document.documentElement.dataset.gfConfig ?? '');
  const done = page.waitForFunction((b) => (document.documentElement.dataset.gfConfig ?? '') !== b, before, {
    timeout: 15_000,
  });
  return { done };
}

/** publish a change (as publishChange) and wait until the open app has fetched it */
async function publishSeen(
  page: Page,
  request: APIRequestContext,
  token: string,
  key: string,
  note: string,
  change: (content: any) => void,
): Promise<void> {
  const fetched = await fetchedDoc(page);
  await publishChange(request, token, key, note, change);
  await fetched.done;
}

/** in the console's document page: save the draft, publish it with `note`; when the fan's app holds it */
async function saveAndPublishInConsole(op: Page, page: Page, note: string): Promise<void> {
  await current(op).getByRole('button', { name: '存草稿' }).click();
  // saved: the document is a draft now, with its publish form (a lasting sign, not the 2 s toast, which a
  // busy page re-drawing the saved version's diff could take down before it was ever looked at)
  await expect(current(op).getByRole('button', { name: '發佈', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await current(op).locator('textarea').first().fill(note);
  const fetched = await fetchedDoc(page);
  await current(op).getByRole('button', { name: '發佈' }).click();
  await op.getByRole('button', { name: '確定' }).click();
  await expect(op.getByText('已發佈').first()).toBeVisible({ timeout: 60_000 });
  await fetched.done;
}

test('tabs published in the console: order, label and a hidden tab show after one route change', async ({
  page,
  browser,
  request,
}) => {
  const labels = page.locator('nav.gf-tabbar a');
  const seed = ['比賽', '專家', '發現', '資料庫', '我的'];
  await page.goto('/#/match');
  await expect(labels).toHaveText(seed);

  const admin = await operatorToken(request);
  const op = await operatorPage(browser, admin);
  try {
    await op.goto('/#/ops/config/doc?key=tabs/tabs');
    await expect(current(op).getByText('screens/tabs.json')).toBeVisible();
    await current(op).getByRole('tab', { name: 'JSON' }).click();
    await expect.poll(() => jsonEditorText(current(op))).toContain('"key": "discover"');
    const layout = JSON.parse(await jsonEditorText(current(op)));
    const byKey = (k: string) => layout.tabs.find((t: { key: string }) => t.key === k);
    // experts first, 發現 renamed 資訊 (an existing text), the database tab hidden
    layout.tabs = [
      byKey('experts'),
      byKey('match'),
      ...layout.tabs.filter((t: any) => !['experts', 'match'].includes(t.key)),
    ];
    byKey('discover').title = '$t:sight.tabs.news';
    byKey('database').hidden = true;
    await setJsonEditorText(current(op), JSON.stringify(layout, null, 2));
    await saveAndPublishInConsole(op, page, '專家排第一，發現改名資訊，暫時收起資料庫');
    // not under the reader's eyes: the bar changes at the next route change
    await expect(labels).toHaveText(seed);
    await labels.getByText('專家').click();
    await expect(labels).toHaveText(['專家', '比賽', '資訊', '我的']);
    await expect(page).toHaveURL(/#\/experts/);
  } finally {
    // as with the theme below: the app holds the rolled-back bar before the route change that takes it
    const fetched = await fetchedDoc(page);
    await rollback(request, admin, 'tabs/tabs');
    await fetched.done;
  }
  await labels.getByText('比賽').click();
  await expect(labels).toHaveText(seed);
});

test('a published route to an existing screen is navigable in an open app without a rebuild', async ({
  page,
  request,
}) => {
  await page.goto('/#/match');
  await expect(page.locator('nav.gf-tabbar')).toBeVisible();
  // unknown to the build's table: the app sends it home
  await page.goto('/#/tips');
  await expect(page).toHaveURL(/#\/match/);

  const admin = await operatorToken(request);
  try {
    await publishSeen(page, request, admin, 'routes/routes', '推介入口 #/tips', (table) => {
      table.routes.splice(1, 0, { path: '/tips', screen: 'experts/home', order: 1, footer: true });
    });
    await page.locator('nav.gf-tabbar').getByText('專家').click();
    await page.evaluate(() => {
      location.hash = '#/tips';
    });
    await expect(page).toHaveURL(/#\/tips$/);
    await expect(current(page).getByText('排行榜').first()).toBeVisible();
  } finally {
    await rollback(request, admin, 'routes/routes');
  }
});

test('published theme tokens: one override stylesheet with the changed properties, no inline styles', async ({
  page,
  request,
}) => {
  await page.goto('/#/match');
  const brand = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--gf-colors-brand').trim(),
    );
  await expect.poll(brand).toBe('#087a4e');

  const admin = await operatorToken(request);
  try {
    await publishSeen(page, request, admin, 'theme/theme', '打吡週紅色主色', (theme) => {
      theme.colors.brand = '#b5121b';
    });
    await page.locator('nav.gf-tabbar').getByText('專家').click();
    await expect.poll(brand).toBe('#b5121b');
    expect(await page.locator('style#gf-theme-published').textContent()).toBe(
      ':root{--gf-colors-brand:#b5121b}\n',
    );
    expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBeNull();
  } finally {
    // the app must hold the rolled-back theme before the route change that takes it: a tab tapped
    // before the notice and manifest arrived kept the red sheet (the flaky count below)
    const fetched = await fetchedDoc(page);
    await rollback(request, admin, 'theme/theme');
    await fetched.done;
  }
  await page.locator('nav.gf-tabbar').getByText('比賽').click();
  await expect.poll(brand).toBe('#087a4e');
  await expect(page.locator('style#gf-theme-published')).toHaveCount(0);
});

test("a code's published error text shows in the app's toast", async ({ page, request }) => {
  const admin = await operatorToken(request);
  await page.goto('/#/me');
  try {
    await publishChange(request, admin, 'locale/zhhk', '登入錯誤提示講清楚啲', (texts) => {
      texts.errors['100105'] = '電話號碼或者密碼唔啱，請再試過';
    });
    await page.getByRole('button', { name: '登入 / 註冊' }).click();
    await page.getByText('密碼登入').first().click();
    await page.getByPlaceholder('請輸入手機號碼').fill(freshPhone()); // no such account: 100105, and no real account gets a failed try
    await page.getByPlaceholder('請輸入密碼').fill('Wrong1234');
    await page.locator('.gf-checkbox .adm-checkbox').first().click();
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect(page.getByText('電話號碼或者密碼唔啱，請再試過')).toBeVisible();
  } finally {
    await rollback(request, admin, 'locale/zhhk');
  }
});

test('the plan content minimum raised 50 -> 60 in the rules form: the publish screen and the server refuse 55 characters at once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // an expert made through the real path: real name and certification, both decided in the console
  const expert = await apiLogin(request, freshPhone());
  await signInPage(page, expert.token);
  await fillRealName(page, '陳家樂');
  await current(page).getByRole('button', { name: '提交認證' }).click();
  await expect(current(page).getByText('審核中')).toBeVisible();
  const admin = await operatorToken(request);
  const op = await operatorPage(browser, admin);
  await opsOpen(op, '/ops/realname', '陳家樂');
  await opsApprove(op);
  const platform = `陳家樂睇波${Date.now() % 100000}`;
  await fillExpertApplication(
    page,
    '專注港超同英超，每週分析三場焦點賽事嘅數據同盤路。',
    platform,
    'shot.jpg',
  );
  await current(page).getByRole('button', { name: '提交申請' }).click();
  await expect(current(page).getByText('審核中')).toBeVisible();
  await opsOpen(op, '/ops/applications', platform);
  await opsApprove(op);

  const match = await devMatch(request, 90);
  // 55 characters: over the repo's 50, under the raised 60
  const content55 = [
    ...'主隊近五場四勝一和，主場進攻效率聯賽前列；客隊兩名主力中堅停賽，防守轉換慢。盤口由半球升至半一，資金明顯流向主隊，推介主勝。',
  ]
    .slice(0, 55)
    .join('');
  expect([...content55].length).toBe(55);
  const plan = (content: string) =>
    authedCall(request, expert.token, 'POST', '/mdr/api/v1/user/expert-plans', {
      lottery: 'jczq',
      play_type: 'spf',
      matches: [{ match_id: match.id, picks: ['3'] }],
      title: '今晚焦點主勝',
      content,
      price: 88,
      refund_if_not_red: true,
      idempotency_key: `cfg5-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
    });

  // the expert's publish screen is open (the last step, the form filled) before the rules change
  await page.goto('/#/experts/releasescheme');
  await expect(current(page).getByText(/今日還可發佈 \d+ 條/)).toBeVisible();
  await current(page).getByTestId(`pick-match-${match.id}`).click();
  await current(page).getByTestId('pick-next').click();
  await current(page).getByTestId(`pick-${match.id}-3`).click();
  await current(page).getByTestId('pick-next').click();
  await expect(page).toHaveURL(/#\/experts\/release\/end/);
  await expect(current(page).getByPlaceholder('寫下分析理由，最少50字')).toBeVisible();

  try {
    // the editor raises the minimum in the rules form and publishes
    await op.goto('/#/ops/config/doc?key=rules/rules');
    await expect(current(op).getByText('screens/rules.json')).toBeVisible();
    await current(op).getByRole('tab', { name: '表單' }).click();
    const form = current(op).getByTestId('schema-form-content');
    await form
      .locator('summary', { hasText: /^專家方案\s*plan$/ })
      .first()
      .click();
    const min = form.locator('[data-pointer="/plan/contentMin/value"]');
    await expect(min).toHaveValue('50');
    await min.fill('60');
    // the JSON view holds the same draft (and leaves the note the page's only text box)
    await current(op).getByRole('tab', { name: 'JSON' }).click();
    await expect.poll(() => jsonEditorText(current(op))).toContain('"value": 60,');
    await saveAndPublishInConsole(op, page, '方案內容最少字數 50 改 60');

    // the server, at once (no restart): 55 characters refused, with the minimum in force
    const refused = await plan(content55);
    expect(refused.code).toBe(130101);
    expect(refused.msg).toBe('方案內容最少需要60個字');

    // the publish screen: after a route change (back to the picks and on again) it checks 60 too
    await page.goBack();
    await expect(page).toHaveURL(/#\/experts\/game/);
    await current(page).getByTestId('pick-next').click();
    await expect(page).toHaveURL(/#\/experts\/release\/end/);
    const end = current(page);
    await expect(end.getByPlaceholder('寫下分析理由，最少60字')).toBeVisible();
    await end.getByPlaceholder('一句話介紹你的方案').fill('今晚焦點主勝');
    await end.getByPlaceholder('寫下分析理由，最少60字').fill(content55);
    await end.getByText('88 雲幣').click();
    await end.getByRole('button', { name: '發佈', exact: true }).click();
    await expect(page.getByText('方案內容最少需要60個字')).toBeVisible();
    await expect(page).toHaveURL(/#\/experts\/release\/end/);
  } finally {
    await rollback(request, admin, 'rules/rules');
  }
  // back to 50, again at once: the same 55 characters publish
  const accepted = await plan(content55);
  expect(accepted.code, JSON.stringify(accepted)).toBe(0);
});
