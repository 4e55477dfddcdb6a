import { expect, type Page, test } from '@playwright/test';
import {
  authedCall,
  current,
  jsonEditorText,
  operatorPage,
  operatorToken,
  setJsonEditorText,
} from './helpers';

/**
 * Issue 15: an operator adds a screen the build never had. In the console they create it (a draft
 * that passes the checks), write its content, publish it, add a route for it in the route table's form
 * view (the route's screen picked from the optional fields) and publish that; a fan whose app was open
 * all along opens the new route at their next route change, with no rebuild. The route table goes
 * back to v1 afterwards and the screen is deleted, so the other specs start from the repo's config.
 */
const OPS = '/mdr/api/v1/ops/config';

/** the console's document page: save the draft, publish it with `note` */
async function saveAndPublish(op: Page, note: string) {
  await current(op).getByRole('button', { name: '存草稿' }).click();
  await expect(op.getByText('草稿已儲存')).toBeVisible({ timeout: 30_000 });
  await current(op).locator('textarea').first().fill(note);
  await current(op).getByRole('button', { name: '發佈' }).click();
  await op.getByRole('button', { name: '確定' }).click();
  await expect(op.getByText('已發佈').first()).toBeVisible({ timeout: 30_000 });
}

test('an operator creates a screen, routes to it and publishes both: an open app shows it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = `${Date.now() % 1_000_000}`;
  const name = `promo.new-${tag}`;
  const id = `promo/new-${tag}`;
  const path = `/promo/new-${tag}`;
  const words = `夏日球迷嘉年華 ${tag}`;

  // the fan's app, open before anything happens; the route is unknown to it (sent home)
  await page.goto('/#/match');
  const tabbar = page.locator('nav.gf-tabbar');
  await expect(tabbar.getByText('比賽')).toBeVisible();

  const admin = await operatorToken(request);
  const op = await operatorPage(browser, admin);
  try {
    // 1. the new screen, from the documents list
    await op.goto('/#/ops/config');
    await current(op).getByRole('button', { name: '新增畫面' }).click();
    const popup = op.locator('.adm-popup');
    // a name outside area.page is refused before anything is sent
    await popup.getByPlaceholder('例如 promo.summer').fill('lonely');
    await popup.getByRole('button', { name: '建立草稿' }).click();
    await expect(popup.getByText(/名稱要係「區域.頁面」/)).toBeVisible();
    await popup.getByPlaceholder('例如 promo.summer').fill(name);
    await popup.getByRole('button', { name: '建立草稿' }).click();
    await expect(op).toHaveURL(new RegExp(`key=screen(/|%2F)${name.replace('.', '\\.')}`));
    const doc = current(op);
    await expect(doc.getByText(`screens/promo/new-${tag}.json`)).toBeVisible();
    await expect(doc.getByText('未發佈過')).toBeVisible();
    await expect(doc.getByText(`screen 填「${id}」`)).toBeVisible();

    // 2. its content: the starter page with the operator's own words, then publish
    await expect.poll(() => jsonEditorText(doc)).toContain('"id": "promo/new-');
    const screenJson = JSON.parse(await jsonEditorText(doc));
    screenJson.body.children[0].children[0].props.text = words;
    await setJsonEditorText(doc, JSON.stringify(screenJson, null, 2));
    await saveAndPublish(op, '新增夏日推廣頁');

    // 3. a route to it, in the route table's form view
    const routes = await authedCall(request, admin, 'GET', `${OPS}/routes/routes`);
    const n = routes.data.head.routes.length;
    await op.goto('/#/ops/config/doc?key=routes/routes');
    const rt = current(op);
    await expect(rt.getByText('screens/routes.json')).toBeVisible();
    await rt.getByRole('tab', { name: '表單' }).click();
    const form = rt.getByTestId('schema-form-content');
    await form.locator('[data-group="/routes"] > summary').click();
    await form.locator('[data-group="/routes"] > .gf-sform__fields > .gf-sform__add button').click();
    const added = form.locator(`[data-group="/routes/${n}"]`);
    await added.locator(`[data-pointer="/routes/${n}/path"]`).fill(path);
    await added.locator(`select[data-field-adder="/routes/${n}"]`).selectOption('screen');
    await added.getByRole('button', { name: '加欄位' }).click();
    await added.locator(`[data-pointer="/routes/${n}/screen"]`).fill(id);
    await expect(added.locator('summary').first()).toContainText(path);
    // the JSON view holds the same route
    await rt.getByRole('tab', { name: 'JSON' }).click();
    await expect.poll(() => jsonEditorText(rt)).toContain(`"screen": "${id}"`);
    await saveAndPublish(op, `新路由 #${path}`);

    // 4. the fan's open app: the next route change knows the route and draws the new screen
    await expect
      .poll(async () => {
        await tabbar.getByText('專家').click();
        await page.evaluate((p) => {
          location.hash = `#${p}`;
        }, path);
        return current(page).getByText(words).isVisible();
      })
      .toBe(true);
    await expect(page).toHaveURL(new RegExp(`#${path}$`));
    // its starter title is a text of the locale files, not a raw key
    await expect(page.getByText('新畫面').first()).toBeVisible();
    await expect(page.getByText('cfg6.starter.title')).toHaveCount(0);

    // the audit trail has the creation
    await op.goto('/#/ops/audit?kind=config');
    await expect(current(op).getByText('新增設定').first()).toBeVisible();
  } finally {
    await authedCall(request, admin, 'POST', `${OPS}/routes/routes/rollback`, {
      version: 1,
      note: '測試完改返',
    });
    // no route shows it any more: the screen goes too, so no later spec's app starts with it published
    const gone = await authedCall(request, admin, 'DELETE', `${OPS}/screen/${name}`);
    expect([0, 100404]).toContain(gone.code);
  }
});
