import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiLogin,
  authedCall,
  current,
  freshPhone,
  jsonEditorText,
  operatorPage,
  operatorToken,
  setJsonEditorText,
} from './helpers';

/**
 * Issue 15, the console's editing side: roles (a translator writes texts only and gets 110403 on
 * rules; a reviewer sees no write button), an invalid draft refused with its JSON pointer and a
 * message in the operator's language, the side-by-side diff, and a preview that shows a draft to the
 * operator only. Locale edits here use zhtw (config-publish.spec.ts publishes zhhk) or are put back.
 */
const OPS = '/mdr/api/v1/ops/config';

const call = authedCall;

/** a fresh user given console roles by the seeded admin */
async function withRoles(request: APIRequestContext, admin: string, roles: string[]) {
  const user = await apiLogin(request, freshPhone());
  const r = await call(request, admin, 'PUT', `/mdr/api/v1/ops/operators/${user.id}/roles`, { roles });
  expect(r.code).toBe(0);
  return user.token;
}

test('roles: a translator saves texts but gets 110403 on rules; a reviewer sees no write button', async ({
  browser,
  request,
}) => {
  const admin = await operatorToken(request);
  const translator = await withRoles(request, admin, ['translator']);
  const reviewer = await withRoles(request, admin, ['reviewer']);

  // the translator's draft of a zhtw text is saved; a rules draft is refused
  const doc = (await call(request, translator, 'GET', `${OPS}/locale/zhtw`)).data;
  const saved = await call(request, translator, 'PUT', `${OPS}/locale/zhtw/draft`, {
    content: doc.head_text.replace('"database": "資料庫"', '"database": "資料中心"'),
    base_version: doc.head_version,
  });
  expect(saved.code).toBe(0);
  const rules = (await call(request, translator, 'GET', `${OPS}/rules/rules`)).data;
  const refused = await call(request, translator, 'PUT', `${OPS}/rules/rules/draft`, {
    content: rules.head,
    base_version: rules.head_version,
  });
  expect(refused.code).toBe(110403);

  // in the console the translator can save and publish the locale, and only read the rules
  const tr = await operatorPage(browser, translator);
  await tr.goto('/#/ops/config/doc?key=locale/zhtw');
  await expect(current(tr).getByText('locales/zhtw.json')).toBeVisible();
  await expect(current(tr).getByRole('button', { name: '存草稿' })).toBeVisible();
  await expect(current(tr).getByRole('button', { name: '發佈', exact: true })).toBeVisible();
  await tr.goto('/#/ops/config/doc?key=rules/rules');
  await expect(current(tr).getByText('screens/rules.json')).toBeVisible();
  await expect(current(tr).getByText('你嘅角色只可以睇呢份設定')).toBeVisible();
  await expect(current(tr).getByRole('button', { name: '存草稿' })).toHaveCount(0);

  // the reviewer reads the same draft without a write button
  const rv = await operatorPage(browser, reviewer);
  await rv.goto('/#/ops/config/doc?key=locale/zhtw');
  await expect(current(rv).getByText('locales/zhtw.json')).toBeVisible();
  await expect(current(rv).getByText('你嘅角色只可以睇呢份翻譯')).toBeVisible();
  await expect(current(rv).getByRole('button', { name: '存草稿' })).toHaveCount(0);
  await expect(current(rv).getByRole('button', { name: '發佈', exact: true })).toHaveCount(0);
  // the diff of the draft: by pointer, and side by side line by line
  await expect(current(rv).getByText('/tabs/database')).toBeVisible();
  await expect(current(rv).locator('.gf-diff__cell--removed')).toContainText('資料庫');
  await expect(current(rv).locator('.gf-diff__cell--added')).toContainText('資料中心');
});

test('an invalid screen draft is refused with its JSON pointer, in the operator language', async ({
  browser,
  request,
}) => {
  const op = await operatorPage(browser, await operatorToken(request));
  await op.goto('/#/ops/config/doc?key=screen/ops.audit');
  await expect(current(op).locator('.cm-content')).toContainText('"id": "ops/audit"');
  // the preview opens the route that shows this screen
  await expect(current(op).getByText(/#\/ops\/audit\?cfgPreview=screen\/ops\.audit$/)).toBeVisible();
  const text = await jsonEditorText(current(op));
  await setJsonEditorText(current(op), text.replace('"type": "page"', '"type": "no-such-widget"'));
  // the editor underlines it as you type (the schema's widget types), before the server refuses it
  await expect(current(op).locator('.cm-lintRange-error').first()).toBeVisible();
  await current(op).getByRole('button', { name: '存草稿' }).click();
  await expect(current(op).getByText('/body/type')).toBeVisible();
  await expect(current(op).getByText('唔認識嘅元件「no-such-widget」')).toBeVisible();
  // nothing was saved
  await op.reload();
  await expect(current(op).getByText('v1').first()).toBeVisible();
  expect(
    (await call(request, await operatorToken(request), 'GET', `${OPS}/screen/ops.audit`)).data.head_version,
  ).toBe(1);
});

test('preview shows the draft to the operator only, by link', async ({ browser, page, request }) => {
  const admin = await operatorToken(request);
  const doc = (await call(request, admin, 'GET', `${OPS}/locale/zhhk`)).data;
  const original = doc.head_text;
  const draft = await call(request, admin, 'PUT', `${OPS}/locale/zhhk/draft`, {
    content: original.replace('"discover": "發現"', '"discover": "睇波圈"'),
    base_version: doc.head_version,
  });
  expect(draft.code).toBe(0);
  try {
    const op = await operatorPage(browser, admin);
    await op.goto('/#/ops/config/doc?key=locale/zhhk');
    await expect(current(op).locator('figcaption.gf-qr__label')).toHaveText('用已登入營運帳戶嘅手機掃描');
    await expect(current(op).locator('svg.gf-qr__code')).toBeVisible();
    await current(op).getByRole('button', { name: '開啟預覽' }).click();
    const opBar = op.locator('nav.gf-tabbar');
    await opBar.getByText('專家').click();
    await expect(opBar.getByText('睇波圈')).toBeVisible();

    // a fan opening the same link sees the published text
    await page.goto('/#/match?cfgPreview=locale/zhhk');
    const fanBar = page.locator('nav.gf-tabbar');
    await fanBar.getByText('專家').click();
    await expect(fanBar.getByText('發現')).toBeVisible();
    await expect(fanBar.getByText('睇波圈')).toHaveCount(0);
  } finally {
    // put the text back so the publishing spec starts from the repo's text
    const now = (await call(request, admin, 'GET', `${OPS}/locale/zhhk`)).data;
    await call(request, admin, 'PUT', `${OPS}/locale/zhhk/draft`, {
      content: original,
      base_version: now.head_version,
    });
  }
});

test('the translators table: search a key, a text that drops {{count}} is refused, a fixed one saved', async ({
  browser,
  request,
}) => {
  const admin = await operatorToken(request);
  const tr = await operatorPage(browser, await withRoles(request, admin, ['translator']));
  await tr.goto('/#/ops/config/locales');
  const search = tr.getByPlaceholder('搜尋鍵名或者文字');
  await search.fill('experts.personal.summary');
  await search.press('Enter');
  await tr.locator('.adm-list-item', { hasText: '命中率' }).first().click();
  const zhcn = tr.locator('.adm-popup textarea').nth(1);
  await expect(zhcn).toHaveValue('共 {{count}} 场 · 红 {{hits}} · 命中率 {{rate}}%');
  await zhcn.fill('共几场 · 红 {{hits}} · 命中率 {{rate}}%');
  await tr.getByRole('button', { name: '存做草稿' }).click();
  await expect(
    tr.getByText('「experts.personal.summary」嘅佔位符要同其他語言一樣（count, hits, rate）'),
  ).toBeVisible();
  await tr.getByRole('button', { name: '確定' }).click();
  await zhcn.fill('共 {{count}} 场比赛 · 红 {{hits}} · 命中率 {{rate}}%');
  await tr.getByRole('button', { name: '存做草稿' }).click();
  await expect(tr.getByText('已存草稿：zhcn')).toBeVisible();
});

test('the JSON editor completes a node type with the widget types', async ({ browser, request }) => {
  const op = await operatorPage(browser, await operatorToken(request));
  await op.goto('/#/ops/config/doc?key=screen/ops.audit');
  await expect(current(op).locator('.cm-content')).toContainText('"id": "ops/audit"');
  const text = '{\n  "id": "ops/audit",\n  "body": {\n    "type": "mat"\n  }\n}';
  await setJsonEditorText(current(op), text, text.indexOf('mat"') + 3);
  await op.keyboard.press('Control+Space');
  const options = op.locator('.cm-tooltip-autocomplete');
  await expect(options).toBeVisible();
  await expect(options.getByText('match-card', { exact: false }).first()).toBeVisible();
  // the widget types only: a key that is no widget is not offered
  await expect(options.getByText('no-such-widget')).toHaveCount(0);
});

test('translators: export as CSV, import it back edited with a dry-run report, then save the drafts', async ({
  browser,
  request,
}) => {
  const admin = await operatorToken(request);
  const exported = (await call(request, admin, 'GET', `${OPS}/locale-export?format=csv`)).data;
  expect(exported.text.split('\r\n')[0]).toBe('key,zhhk,zhcn,zhtw');
  const line = exported.text.split('\r\n').find((l: string) => l.startsWith('common.retry,'));
  expect(line).toBeTruthy();
  const csv = `key,zhhk,zhcn,zhtw\r\ncommon.retry,,,再試一次吧\r\n`;

  const tr = await operatorPage(browser, await withRoles(request, admin, ['translator']));
  await tr.goto('/#/ops/config/locales');
  await tr.getByRole('button', { name: '匯入' }).click();
  const popup = tr.locator('.adm-popup', { hasText: '匯入翻譯' });
  await popup.locator('textarea').fill(csv);
  await popup.getByRole('button', { name: '預覽變更' }).click();
  await expect(popup.getByText('會改 1 段文字（仲未儲存）：')).toBeVisible();
  await expect(popup.getByText('重試 → 再試一次吧')).toBeVisible();
  await popup.getByRole('button', { name: '存做草稿' }).click();
  // three languages' checks of the whole config: slow on a busy machine
  await expect(tr.getByText('已存草稿：zhtw')).toBeVisible({ timeout: 30_000 });
  const after = (await call(request, admin, 'GET', `${OPS}/locale-keys?q=common.retry`)).data.list;
  expect(after.find((r: { key: string }) => r.key === 'common.retry').zhtw).toBe('再試一次吧');
  // the changed tab lists it
  await tr.getByText('改過嘅', { exact: true }).click();
  await expect(tr.locator('.adm-list-item', { hasText: 'common.retry' }).first()).toBeVisible();
});
