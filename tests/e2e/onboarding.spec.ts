import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import {
  apiLogin,
  current,
  fillExpertApplication,
  fillRealName,
  freshPhone,
  operatorPage,
  operatorToken,
  opsApprove,
  opsOpen,
  shot,
  useSession as signInPage,
} from './helpers';

const INTRO = '十年睇波經驗，專注英超、西甲及港超賽事的數據分析。';

/** The operator signs in once per run (password login, the README's account). */
let operatorSession: Promise<string> | null = null;
async function operator(
  browser: Browser,
  request: APIRequestContext,
  viewport?: { width: number; height: number },
) {
  operatorSession ??= operatorToken(request);
  return operatorPage(browser, await operatorSession, viewport);
}

test('real-name → operator approval → expert application → rejection with reason → reapply → approval', async ({
  page,
  browser,
  request,
}, info) => {
  // two browsers and a dozen screens: about a minute on a quiet machine, more on a loaded CI runner
  test.setTimeout(180_000);
  const phone = freshPhone();
  const { token } = await apiLogin(request, phone);
  await signInPage(page, token);

  // 1. real-name form
  await fillRealName(page, '陳大文');
  await shot(page, info, 'realname-form');
  await current(page).getByRole('button', { name: '提交認證' }).click();
  await expect(page).toHaveURL(/#\/realname\/verification\/status/);
  await expect(current(page).getByText('審核中')).toBeVisible();

  // 2. operator approves it in the console, on a desktop-sized browser: full page, not the phone frame
  const op = await operator(browser, request, { width: 1280, height: 800 });
  await op.goto('/#/ops');
  await expect(current(op).getByText('營運後台')).toBeVisible();
  await expect(op.locator('iframe')).toHaveCount(0);
  await shot(op, info, 'ops-home-desktop');
  await opsOpen(op, '/ops/realname', '陳大文');
  await expect(current(op).locator('img[alt="證件正面"]')).toBeVisible();
  await shot(op, info, 'ops-realname-detail');
  await opsApprove(op);
  await expect(current(op).getByText('已通過')).toBeVisible();
  // the decision is on the audit page: what was done, by whom
  await op.goto('/#/ops/audit?kind=realname');
  await expect(
    current(op)
      .getByText(/通過實名認證 · #\d+/)
      .first(),
  ).toBeVisible();
  await shot(op, info, 'ops-audit');

  // the user's status page follows (pushed on user:<id>, or on the next visit)
  await page.goto('/#/realname/verification/status');
  await expect(current(page).getByText('已認證')).toBeVisible();

  // 3. expert application
  const apply = async () => {
    await fillExpertApplication(page, INTRO, 'YouTube 球評台', 'youtube.jpg');
    await shot(page, info, 'certification-form');
    await current(page).getByRole('button', { name: '提交申請' }).click();
    await expect(page).toHaveURL(/#\/experts\/auditstatus/);
    await expect(current(page).getByText('審核中')).toBeVisible();
  };
  await apply();

  // 4. operator rejects with a reason; the user sees it and may reapply
  await opsOpen(op, '/ops/applications', 'YouTube 球評台');
  await current(op).getByPlaceholder('用戶會看到此原因').fill('平台粉絲數不足');
  await current(op).getByRole('button', { name: '駁回' }).click();
  await expect(op.getByText('已處理')).toBeVisible();

  await page.goto('/#/experts/auditstatus');
  await expect(current(page).getByText('審核未通過')).toBeVisible();
  await expect(current(page).getByText('未通過原因：平台粉絲數不足')).toBeVisible();
  await shot(page, info, 'auditstatus-failed');
  await current(page).getByRole('button', { name: '重新申請' }).click();
  await expect(page).toHaveURL(/#\/experts\/certification\/hk/);
  await expect(current(page).getByText('未通過原因：平台粉絲數不足')).toBeVisible();
  await apply();

  // 5. operator approves the second application
  await opsOpen(op, '/ops/applications', 'YouTube 球評台');
  await opsApprove(op);

  await page.goto('/#/experts/auditstatus');
  await expect(current(page).getByText('已通過')).toBeVisible();
  await expect(current(page).getByRole('button', { name: '去發佈方案' })).toBeVisible();
  await shot(page, info, 'auditstatus-approved');
  await op.context().close();
});

test('the console is for operators only: a user is sent away with a message, a visitor gets the login', async ({
  page,
  browser,
  request,
}, info) => {
  const { token } = await apiLogin(request, freshPhone());
  await signInPage(page, token);
  await page.goto('/#/ops');
  await expect(page.getByText('沒有權限訪問此頁面')).toBeVisible();
  await expect(page).toHaveURL(/#\/me/);
  await expect(page.getByText('營運後台')).toHaveCount(0);

  // settings lead to the real-name page; the console entry is for operators only
  await page.goto('/#/me/setting');
  await expect(current(page).getByText('實名認證')).toBeVisible();
  await expect(current(page).getByText('營運後台')).toHaveCount(0);
  await current(page).getByText('實名認證').click();
  await expect(page).toHaveURL(/#\/realname\/verification\/status/);
  await expect(current(page).getByText('未認證')).toBeVisible();

  // the operator at phone width, entering through settings
  const op = await operator(browser, request);
  await op.goto('/#/me/setting');
  await current(op).getByText('營運後台').click();
  await expect(op).toHaveURL(/#\/ops/);
  await op.goto('/#/ops/withdrawals');
  await expect(current(op).getByText('處理中')).toBeVisible();
  await op.goto('/#/ops');
  await expect(current(op).getByText('提現處理')).toBeVisible();
  await shot(op, info, 'ops-home-phone');
  await op.context().close();

  const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'zh-HK' });
  const visitor = await ctx.newPage();
  await visitor.goto('/#/ops/realname');
  await expect(visitor.getByText('密碼登入').or(visitor.getByText('驗證碼登入')).first()).toBeVisible();
  await expect(visitor.getByText('實名審核')).toHaveCount(0);
  await ctx.close();
});

test('applying as an expert without real-name asks to verify (110011: not now / verify)', async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request, freshPhone());
  await signInPage(page, token);
  await fillExpertApplication(page, INTRO, 'Facebook', 'fb.jpg');
  await current(page).getByRole('button', { name: '提交申請' }).click();
  await expect(page.getByText('請先完成實名認證')).toBeVisible();
  await expect(page.getByRole('button', { name: '暫不認證' })).toBeVisible();
  await page.getByRole('button', { name: '去認證' }).click();
  await expect(page).toHaveURL(/#\/realname\/verification\/hk/);
});
