import { expect, test } from '@playwright/test';
import { authedCall, current, operatorPage, operatorToken } from './helpers';

/**
 * Issue 15: an operator deletes a screen they created. While the route table still shows it the
 * console refuses (180106) and names the route, with the way to the route table; once the route is
 * gone the screen goes after a confirm, audited. A screen of the repo offers no delete at all.
 */
const OPS = '/mdr/api/v1/ops/config';

test('a created screen is deleted from the console once no route shows it; a repo screen cannot be', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = `${Date.now() % 1_000_000}`;
  const name = `promo.del-${tag}`;
  const path = `/promo/del-${tag}`;
  const admin = await operatorToken(request);

  // made and shown through the API: a published screen and a published route to it
  expect((await authedCall(request, admin, 'POST', OPS, { kind: 'screen', name })).code).toBe(0);
  expect(
    (await authedCall(request, admin, 'POST', `${OPS}/screen/${name}/publish`, { note: '上線' })).code,
  ).toBe(0);
  const routes = (await authedCall(request, admin, 'GET', `${OPS}/routes/routes`)).data;
  const table = {
    ...routes.head,
    routes: [...routes.head.routes, { path, screen: `promo/del-${tag}`, footer: false }],
  };
  const saved = await authedCall(request, admin, 'PUT', `${OPS}/routes/routes/draft`, {
    content: table,
    base_version: routes.head_version,
  });
  expect(saved.code, JSON.stringify(saved)).toBe(0);
  expect(
    (await authedCall(request, admin, 'POST', `${OPS}/routes/routes/publish`, { note: '路由' })).code,
  ).toBe(0);

  const op = await operatorPage(browser, admin);
  try {
    await op.goto(`/#/ops/config/doc?key=screen/${name}`);
    const doc = current(op);
    // the console's first load (the editor's chunks) on a busy machine
    await expect(doc.getByText(`screens/promo/del-${tag}.json`)).toBeVisible({ timeout: 30_000 });
    const del = doc.getByRole('button', { name: '刪除呢個畫面' });
    const confirm = () => op.locator('.adm-dialog').getByRole('button', { name: '刪除呢個畫面' }).click();

    // a route still shows it: refused, the route named, the route table one tap away
    await del.click();
    await expect(op.locator('.adm-dialog').getByText(`確定刪除 screens/promo/del-${tag}.json`)).toBeVisible();
    await confirm();
    await expect(doc.getByText(`路由 ${path} 仲顯示緊呢個畫面`)).toBeVisible();
    await expect(doc.getByRole('button', { name: '打開路由表' })).toBeVisible();
    expect((await authedCall(request, admin, 'GET', `${OPS}/screen/${name}`)).code).toBe(0);

    // the route goes; then the screen goes, and the console is back at the list of screens
    const back = await authedCall(request, admin, 'POST', `${OPS}/routes/routes/rollback`, {
      version: 1,
      note: '測試完改返',
    });
    expect(back.code).toBe(0);
    await del.click();
    await confirm();
    await expect(op).toHaveURL(/#\/ops\/config\?kind=screen/);
    await expect(
      current(op)
        .getByText(/^畫面 · /)
        .first(),
    ).toBeVisible();
    await expect(current(op).getByText(name)).toHaveCount(0);
    expect((await authedCall(request, admin, 'GET', `${OPS}/screen/${name}`)).code).toBe(100404);

    // a repo screen: no delete (its versions can only be rolled back)
    await op.goto('/#/ops/config/doc?key=screen/match.home');
    await expect(current(op).getByText('screens/match/home.json')).toBeVisible();
    await expect(current(op).getByText('刪除畫面')).toHaveCount(0);

    // the audit trail has it
    await op.goto('/#/ops/audit?kind=config');
    await expect(current(op).getByText('刪除設定').first()).toBeVisible();
  } finally {
    await authedCall(request, admin, 'POST', `${OPS}/routes/routes/rollback`, { version: 1, note: '清理' });
    await authedCall(request, admin, 'DELETE', `${OPS}/screen/${name}`);
  }
});
