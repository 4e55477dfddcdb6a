import { constants, publicEncrypt } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { apiLogin, current, freshPhone, makeImage, shot, useSession as signInPage } from './helpers';

const OPERATOR_PHONE = '90000000';
const OPERATOR_PASSWORD = 'Ops12345';

/** The operator signs in like anyone else: password login (the README's account), once per run. */
let operatorSession: Promise<string> | null = null;
function operatorToken(request: APIRequestContext): Promise<string> {
  operatorSession ??= (async () => {
    const basic = Buffer.from('h5-client:h5-secret').toString('base64');
    const tokenRes = await request.post('/prs/api/v1/token', {
      headers: { authorization: `Basic ${basic}` },
      data: {},
    });
    const auth = { authorization: `Bearer ${(await tokenRes.json()).data.token}` };
    const key = (await (await request.get('/prs/api/v1/user/public-key', { headers: auth })).json()).data.key;
    const password = publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(OPERATOR_PASSWORD),
    ).toString('base64');
    const login = await request.post('/prs/api/v1/user/login', {
      headers: auth,
      data: { login_type: 1, area_code: '852', phone: OPERATOR_PHONE, password },
    });
    const body = await login.json();
    if (body.code !== 0) throw new Error(`operator login failed: ${JSON.stringify(body)}`);
    return body.data.token as string;
  })();
  return operatorSession;
}

/** A second browser context signed in as the seeded operator (the console lives in another session). */
async function operatorPage(
  browser: Browser,
  request: APIRequestContext,
  viewport = { width: 375, height: 812 },
): Promise<Page> {
  const token = await operatorToken(request);
  // a desktop browser (no mobile user agent): wide viewports would get the phone frame elsewhere
  const ctx = await browser.newContext({ viewport, locale: 'zh-HK' });
  const page = await ctx.newPage();
  await signInPage(page, token);
  return page;
}

/** Uploads a JPEG into the page's n-th image uploader and waits for its thumbnail. */
async function uploadJpeg(page: Page, index: number, name: string) {
  const uploader = current(page).locator('.adm-image-uploader').nth(index);
  await uploader
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await makeImage(page, 'image/jpeg') });
  await expect(uploader.locator('.adm-image-uploader-cell img')).toBeVisible();
}

/** Opens the first item of an ops queue and runs a decision on it. */
async function openFirst(op: Page, path: string, text: string) {
  await op.goto(`/#${path}`);
  await current(op).getByText(text).first().click();
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
  await page.goto('/#/realname/verification/hk');
  await expect(current(page).getByText('個人資料')).toBeVisible();
  await current(page).getByPlaceholder('請輸入證件上的姓名').fill('陳大文');
  await current(page).getByText('請選擇出生日期').click();
  // the picker opens at the latest allowed date (18 years ago): an adult
  await page.locator('.adm-picker-header-button').getByText('確定').click();
  await expect(current(page).getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await uploadJpeg(page, 0, 'front.jpg');
  await uploadJpeg(page, 1, 'back.jpg');
  await shot(page, info, 'realname-form');
  await current(page).getByRole('button', { name: '提交認證' }).click();
  await expect(page).toHaveURL(/#\/realname\/verification\/status/);
  await expect(current(page).getByText('審核中')).toBeVisible();

  // 2. operator approves it in the console, on a desktop-sized browser: full page, not the phone frame
  const op = await operatorPage(browser, request, { width: 1280, height: 800 });
  await op.goto('/#/ops');
  await expect(current(op).getByText('營運後台')).toBeVisible();
  await expect(op.locator('iframe')).toHaveCount(0);
  await shot(op, info, 'ops-home-desktop');
  await openFirst(op, '/ops/realname', '陳大文');
  await expect(current(op).locator('img[alt="證件正面"]')).toBeVisible();
  await shot(op, info, 'ops-realname-detail');
  await current(op).getByRole('button', { name: '通過' }).click();
  await op.getByRole('button', { name: '確定' }).click();
  await expect(op.getByText('已處理')).toBeVisible();
  await expect(current(op).getByText('已通過')).toBeVisible();

  // the user's status page follows (pushed on user:<id>, or on the next visit)
  await page.goto('/#/realname/verification/status');
  await expect(current(page).getByText('已認證')).toBeVisible();

  // 3. expert application
  const apply = async () => {
    await page.goto('/#/experts/certification/hk');
    await current(page)
      .getByPlaceholder('介紹你的經驗和擅長的賽事（20至500字）')
      .fill('十年睇波經驗，專注英超、西甲及港超賽事的數據分析。');
    await uploadJpeg(page, 0, 'id-front.jpg');
    await uploadJpeg(page, 1, 'id-back.jpg');
    await current(page).getByPlaceholder('例如 YouTube、Facebook').first().fill('YouTube 球評台');
    await uploadJpeg(page, 2, 'youtube.jpg');
    await shot(page, info, 'certification-form');
    await current(page).getByRole('button', { name: '提交申請' }).click();
    await expect(page).toHaveURL(/#\/experts\/auditstatus/);
    await expect(current(page).getByText('審核中')).toBeVisible();
  };
  await apply();

  // 4. operator rejects with a reason; the user sees it and may reapply
  await openFirst(op, '/ops/applications', 'YouTube 球評台');
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
  await openFirst(op, '/ops/applications', 'YouTube 球評台');
  await current(op).getByRole('button', { name: '通過' }).click();
  await op.getByRole('button', { name: '確定' }).click();
  await expect(op.getByText('已處理')).toBeVisible();

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
  const op = await operatorPage(browser, request);
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
  await page.goto('/#/experts/certification/hk');
  await current(page)
    .getByPlaceholder('介紹你的經驗和擅長的賽事（20至500字）')
    .fill('十年睇波經驗，專注英超、西甲及港超賽事的數據分析。');
  await uploadJpeg(page, 0, 'id-front.jpg');
  await uploadJpeg(page, 1, 'id-back.jpg');
  await current(page).getByPlaceholder('例如 YouTube、Facebook').first().fill('Facebook');
  await uploadJpeg(page, 2, 'fb.jpg');
  await current(page).getByRole('button', { name: '提交申請' }).click();
  await expect(page.getByText('請先完成實名認證')).toBeVisible();
  await expect(page.getByRole('button', { name: '暫不認證' })).toBeVisible();
  await page.getByRole('button', { name: '去認證' }).click();
  await expect(page).toHaveURL(/#\/realname\/verification\/hk/);
});
