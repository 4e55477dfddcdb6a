import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiLogin,
  authedCall,
  current,
  devMatch,
  freshPhone,
  jsonEditorText,
  operatorPage,
  operatorToken,
} from './helpers';

/**
 * Issue 15, the last gaps: the rules form generated from the rules schema (an editor lowers the chat
 * message limit 200 -> 100, publishes, and the server refuses a 150-character message at once),
 * the suggest buttons filling a draft from any language, and a screen's draft shown at once in preview.
 */
const OPS = '/mdr/api/v1/ops/config';

const call = authedCall;

/** a fan's message of `n` characters in a match's chat room */
const say = (request: APIRequestContext, token: string, room: string, n: number) =>
  call(request, token, 'POST', `/mdr/api/v1/chat/rooms/${room}/messages`, {
    text: '今晚主隊一定贏，中場控制好好，'.repeat(20).slice(0, n),
  });

test('the rules form: lower the chat message limit, publish, the server refuses a longer message at once', async ({
  browser,
  request,
}) => {
  const admin = await operatorToken(request);
  const fan = await apiLogin(request, freshPhone());
  const room = `match-${(await devMatch(request, 120)).id}`;
  expect((await say(request, fan.token, room, 150)).code).toBe(0);

  const op = await operatorPage(browser, admin);
  await op.goto('/#/ops/config/doc?key=rules/rules');
  await expect(current(op).getByText('screens/rules.json')).toBeVisible();
  await current(op).getByRole('tab', { name: '表單' }).click();
  const form = current(op).getByTestId('schema-form-content');
  // fields named in the operator's language, the raw key beside
  await form
    .locator('summary', { hasText: /^聊天室\s*chat$/ })
    .first()
    .click();
  await expect(form.getByText('訊息字數上限', { exact: true })).toBeVisible();
  const max = form.locator('[data-pointer="/chat/messageMax/value"]');
  await expect(max).toHaveValue('200');
  await expect(form.locator('[data-pointer="/chat/messageMax/unit"]')).toHaveValue('"chars"');
  // the schema's bounds, checked as you type, in the operator's language
  await max.fill('0');
  await expect(form.getByText('唔可以細過 1')).toBeVisible();
  await max.fill('100');
  await expect(form.getByText('唔可以細過 1')).toHaveCount(0);
  // the JSON view shows the same draft
  await current(op).getByRole('tab', { name: 'JSON' }).click();
  await expect.poll(() => jsonEditorText(current(op))).toContain('"messageMax": {\n      "value": 100,');
  await current(op).getByRole('button', { name: '存草稿' }).click();
  await expect(op.getByText('草稿已儲存')).toBeVisible({ timeout: 60_000 });
  await expect(current(op).getByText('/chat/messageMax/value')).toBeVisible();
  await current(op).locator('textarea').first().fill('留言上限改做 100 字');
  await current(op).getByRole('button', { name: '發佈' }).click();
  await op.getByRole('button', { name: '確定' }).click();
  await expect(op.getByText('已發佈').first()).toBeVisible({ timeout: 60_000 });

  try {
    // no restart: the next message of 150 characters is refused for its length (140102), 100 pass
    const refused = await say(request, fan.token, room, 150);
    expect(refused.code).toBe(140102);
    await expect
      .poll(async () => (await say(request, fan.token, room, 100)).code, { timeout: 10_000 })
      .toBe(0);
  } finally {
    // back to the repo's rules for the other specs
    const r = await call(request, admin, 'POST', `${OPS}/rules/rules/rollback`, {
      version: 1,
      note: '測試完改返',
    });
    expect(r.code).toBe(0);
  }
  await expect.poll(async () => (await say(request, fan.token, room, 150)).code, { timeout: 10_000 }).toBe(0);
});

test('a status map in the form: rows added and removed, a bad colour refused by the schema', async ({
  browser,
  request,
}) => {
  const op = await operatorPage(browser, await operatorToken(request), { width: 1280, height: 900 });
  await op.goto('/#/ops/config/doc?key=status/gender');
  await current(op).getByRole('tab', { name: '表單' }).click();
  const form = current(op).getByTestId('schema-form-content');
  await form
    .locator('summary', { hasText: /^狀態值\s*values$/ })
    .first()
    .click();
  await form.getByPlaceholder('新項目名').fill('x y');
  await form.getByRole('button', { name: '加一項' }).click();
  await expect(form.getByText('格式唔啱（要符合 ^[A-Za-z0-9_.-]+$）')).toBeVisible();
  await form.getByRole('button', { name: '刪除「x y」' }).click();
  await expect(form.getByText('格式唔啱')).toHaveCount(0);
  // rename: a taken name is refused, a free one moves the row in one edit (same place, same content)
  await form.getByRole('button', { name: '改「2」嘅名' }).click();
  await form.getByRole('textbox', { name: '「2」嘅新名' }).fill('1');
  await form.getByRole('button', { name: '確定' }).click();
  await expect(form.getByText('已經有「1」，揀過另一個名')).toBeVisible();
  await form.getByRole('textbox', { name: '「2」嘅新名' }).fill('9');
  await form.getByRole('button', { name: '確定' }).click();
  await expect(form.getByRole('button', { name: '改「9」嘅名' })).toBeVisible();
  await current(op).getByRole('tab', { name: 'JSON' }).click();
  await expect.poll(() => jsonEditorText(current(op))).toContain('"9": {');
  expect(await jsonEditorText(current(op))).not.toContain('"2": {');
  await current(op).getByRole('tab', { name: '表單' }).click();
  // the form is drawn again: its groups start closed
  await form
    .locator('summary', { hasText: /^狀態值\s*values$/ })
    .first()
    .click();
  await form.getByRole('button', { name: '改「9」嘅名' }).click();
  await form.getByRole('textbox', { name: '「9」嘅新名' }).fill('2');
  await form.getByRole('textbox', { name: '「9」嘅新名' }).press('Enter');
  await current(op).getByRole('tab', { name: 'JSON' }).click();
  await expect(current(op).locator('.cm-content')).not.toContainText('"x y"');
});

test('the suggest buttons fill a draft from any language, naming the source', async ({
  browser,
  request,
}) => {
  const admin = await operatorToken(request);
  const user = await apiLogin(request, freshPhone());
  expect(
    (
      await call(request, admin, 'PUT', `/mdr/api/v1/ops/operators/${user.id}/roles`, {
        roles: ['translator'],
      })
    ).code,
  ).toBe(0);
  const tr = await operatorPage(browser, user.token);
  await tr.goto('/#/ops/config/locales');
  const search = tr.getByPlaceholder('搜尋鍵名或者文字');
  await search.fill('tabs.database');
  await search.press('Enter');
  await tr.locator('.adm-list-item', { hasText: 'tabs.database' }).first().click();
  const popup = tr.locator('.adm-popup', { hasText: 'tabs.database' });
  const [hk, cn, tw] = [0, 1, 2].map((i) => popup.locator('textarea').nth(i));
  await expect(hk).toHaveValue('資料庫');
  // from simplified: Hong Kong and Taiwan texts suggested
  await cn.fill('数据库');
  await popup.getByRole('button', { name: '由简体建議其餘兩種' }).click();
  await expect(tr.getByText('已經由简体轉換，請檢查先至儲存')).toBeVisible();
  await expect(hk).toHaveValue('數據庫');
  await expect(tw).toHaveValue('資料庫');
  // from Taiwan
  await tw.fill('資料庫軟體');
  await popup.getByRole('button', { name: '由繁體（台灣）建議其餘兩種' }).click();
  await expect(hk).toHaveValue('數據庫軟件');
  await expect(cn).toHaveValue('数据库软件');
  await popup.getByRole('button', { name: '存做草稿' }).click();
  await expect(tr.getByText(/已存草稿：/)).toBeVisible({ timeout: 30_000 });
  const row = (await call(request, admin, 'GET', `${OPS}/locale-keys?q=tabs.database`)).data.list[0];
  expect(row).toMatchObject({ zhhk: '數據庫軟件', zhcn: '数据库软件', zhtw: '資料庫軟體' });
  // changed since v1: the key is listed; since a later date: not
  await tr.getByText('改過嘅', { exact: true }).click();
  await expect(tr.locator('.adm-list-item', { hasText: 'tabs.database' }).first()).toBeVisible();
  const since = tr.getByPlaceholder('日期（2026-11-01）或者版本 v3');
  await since.fill('2099-01-01');
  await since.press('Enter');
  await expect(tr.getByText('而家顯示 2099-01-01 之後改過嘅字眼')).toBeVisible();
  await expect(tr.locator('.adm-list-item', { hasText: 'tabs.database' })).toHaveCount(0);
});

test("a screen's draft shows at once in its preview, for the operator only", async ({
  browser,
  page,
  request,
}) => {
  const admin = await operatorToken(request);
  const doc = (await call(request, admin, 'GET', `${OPS}/screen/ops.audit`)).data;
  const draft = JSON.parse(doc.head_text);
  draft.body.props.title = '審計紀錄（預覽中）';
  const saved = await call(request, admin, 'PUT', `${OPS}/screen/ops.audit/draft`, {
    content: draft,
    base_version: doc.head_version,
  });
  expect(saved.code).toBe(0);
  try {
    const op = await operatorPage(browser, admin);
    await op.goto('/#/ops/audit?cfgPreview=screen/ops.audit');
    await expect(current(op).getByText('審計紀錄（預覽中）').first()).toBeVisible();
    // without the preview flag: the published screen
    await op.goto('/#/ops/audit');
    await op.reload();
    await expect(current(op).getByText('審計紀錄（預覽中）')).toHaveCount(0);
  } finally {
    const now = (await call(request, admin, 'GET', `${OPS}/screen/ops.audit`)).data;
    await call(request, admin, 'PUT', `${OPS}/screen/ops.audit/draft`, {
      content: doc.head_text,
      base_version: now.head_version,
    });
  }
  void page;
});
