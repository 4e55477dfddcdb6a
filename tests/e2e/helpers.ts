/** Shared steps of the browser journeys: the dev outbox is how a tester reads an SMS/email code here. */
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';

interface OutboxEntry {
  channel: 'sms' | 'email' | 'captcha';
  to: string;
  code: string;
  text: string;
  at: string;
}

/** Newest outbox entry for `to` on `channel`, waiting for it to arrive (codes are sent asynchronously). */
export async function outboxCode(
  request: APIRequestContext,
  to: string,
  channel: OutboxEntry['channel'],
  after = 0,
): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await res.json()) as { data: OutboxEntry[] };
    const hit = body.data.find((e) => e.channel === channel && Date.parse(e.at) >= after);
    if (hit) return hit.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${channel} entry for ${to} in the dev outbox`);
}

/** Save a screenshot as a test artifact (tests/artifacts/screens/<name>.png) and attach it to the report. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('tests/artifacts/screens', { recursive: true });
  const path = `tests/artifacts/screens/${testInfo.project.name}-${name}.png`;
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A phone number that no other test uses, so "first code login creates the account" holds. */
export function freshPhone(): string {
  return `6${String(Date.now()).slice(-7)}`;
}

/**
 * A signed-in browser without clicking through the login form: the same calls the login screen
 * makes (token, image captcha, SMS code, login), read from the dev outbox. For journeys whose subject
 * is not the login itself.
 */
export async function apiLogin(request: APIRequestContext, phone: string, areaCode = '852') {
  const basic = Buffer.from('h5-client:h5-secret').toString('base64');
  const tokenRes = await request.post('/prs/api/v1/token', {
    headers: { authorization: `Basic ${basic}` },
    data: {},
  });
  const visitor = (await tokenRes.json()).data.token as string;
  const auth = { authorization: `Bearer ${visitor}` };
  const t0 = Date.now();
  await request.post('/prs/api/v1/user/captcha/sms', { headers: auth, data: { area_code: areaCode, phone } });
  const img = await outboxCode(request, `${areaCode}${phone}`, 'captcha', t0);
  const sent = await request.post('/prs/api/v1/user/phone-code', {
    headers: auth,
    data: { area_code: areaCode, phone, img_code: img, scene: 'login' },
  });
  if ((await sent.json()).code !== 0) throw new Error(`phone-code failed: ${await sent.text()}`);
  const code = await outboxCode(request, `${areaCode}${phone}`, 'sms', t0);
  const login = await request.post('/prs/api/v1/user/login', {
    headers: auth,
    data: { login_type: 2, area_code: areaCode, phone, sms_code: code },
  });
  const body = await login.json();
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data as { id: number; user_external: string; token: string };
}

/** Store a session in the page's localStorage before the app boots (the keys of spec §3). */
export async function useSession(page: Page, token: string) {
  await page.addInitScript((tok) => {
    if (sessionStorage.getItem('e2e-session-set')) return; // only before the first boot of this tab
    sessionStorage.setItem('e2e-session-set', '1');
    localStorage.setItem('token', JSON.stringify(tok));
    localStorage.setItem('isLogin', 'true');
  }, token);
}

/** A small real JPEG (and PNG), drawn by the browser itself. */
export async function makeImage(page: Page, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  const dataUrl = await page.evaluate((t) => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 64;
    const g = c.getContext('2d')!;
    g.fillStyle = '#087a4e';
    g.fillRect(0, 0, 64, 64);
    g.fillStyle = '#fff';
    g.beginPath();
    g.arc(32, 32, 20, 0, Math.PI * 2);
    g.fill();
    return c.toDataURL(t, 0.9);
  }, type);
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/**
 * Password login as the app does it: the password travels stamped and RSA-OAEP (SHA-256) encrypted. The account is
 * an email, or an area code + phone.
 */
export async function apiPasswordLogin(
  request: APIRequestContext,
  account: string | { area_code: string; phone: string },
  password: string,
) {
  const basic = Buffer.from('h5-client:h5-secret').toString('base64');
  const tokenRes = await request.post('/prs/api/v1/token', {
    headers: { authorization: `Basic ${basic}` },
    data: {},
  });
  const auth = { authorization: `Bearer ${(await tokenRes.json()).data.token}` };
  const { key, now } = (await (await request.get('/prs/api/v1/user/public-key', { headers: auth })).json())
    .data;
  // stamped with the server's time and a fresh nonce, as src/api/encrypt.ts does: good for one login
  const stamped = JSON.stringify({ ts: now, nonce: randomBytes(12).toString('hex'), pw: password });
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(stamped),
  ).toString('base64');
  const who = typeof account === 'string' ? { email: account } : account;
  const login = await request.post('/prs/api/v1/user/login', {
    headers: auth,
    data: { login_type: 1, ...who, password: cipher },
  });
  const body = await login.json();
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data as { id: number; user_external: string; token: string };
}

/**
 * A session of the seeded operator (the README's account). Password login: a code login would end
 * other tests' operator sessions.
 */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  return (await apiPasswordLogin(request, { area_code: '852', phone: '90000000' }, 'Ops12345')).token;
}

/** A second browser context signed in as the operator (the console lives in another session). */
export async function operatorPage(
  browser: Browser,
  token: string,
  viewport = { width: 375, height: 812 },
): Promise<Page> {
  // a desktop browser (no mobile user agent): wide viewports would get the phone frame elsewhere
  const ctx = await browser.newContext({ viewport, locale: 'zh-HK' });
  const page = await ctx.newPage();
  // biome-ignore lint/correctness/useHookAtTopLevel: useSession is a Playwright step, not a React hook
  await useSession(page, token);
  return page;
}

/** Opens the first item of an ops queue that shows `text`. */
export async function opsOpen(op: Page, path: string, text: string) {
  await op.goto(`/#${path}`);
  await current(op).getByText(text).first().click();
}

/** Approves the open ops item (通過, then 確定 in the dialog) and waits for the console's 已處理. */
export async function opsApprove(op: Page) {
  await current(op).getByRole('button', { name: '通過' }).click();
  await op.getByRole('button', { name: '確定' }).click();
  await expect(op.getByText('已處理')).toBeVisible();
}

/** Uploads a JPEG into the page's n-th image uploader and waits for its thumbnail. */
export async function uploadJpeg(page: Page, index: number, name: string) {
  const uploader = current(page).locator('.adm-image-uploader').nth(index);
  await uploader
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await makeImage(page, 'image/jpeg') });
  await expect(uploader.locator('.adm-image-uploader-cell img')).toBeVisible();
}

/** Fills the HK real-name form (name, an adult birth date, both sides of the ID); the caller submits. */
export async function fillRealName(page: Page, name: string) {
  await page.goto('/#/realname/verification/hk');
  await expect(current(page).getByText('個人資料')).toBeVisible();
  await current(page).getByPlaceholder('請輸入證件上的姓名').fill(name);
  await current(page).getByText('請選擇出生日期').click();
  // the picker opens at the latest allowed date (18 years ago): an adult
  await page.locator('.adm-picker-header-button').getByText('確定').click();
  await expect(current(page).getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await uploadJpeg(page, 0, 'front.jpg');
  await uploadJpeg(page, 1, 'back.jpg');
}

/** Fills the HK expert application (intro, both sides of the ID, one platform and its screenshot); the caller submits. */
export async function fillExpertApplication(
  page: Page,
  intro: string,
  platform: string,
  platformShot: string,
) {
  await page.goto('/#/experts/certification/hk');
  await current(page).getByPlaceholder('介紹你的經驗和擅長的賽事（20至500字）').fill(intro);
  await uploadJpeg(page, 0, 'id-front.jpg');
  await uploadJpeg(page, 1, 'id-back.jpg');
  await current(page).getByPlaceholder('例如 YouTube、Facebook').first().fill(platform);
  await uploadJpeg(page, 2, platformShot);
}

/**
 * On the open coin wallet: picks the package `label` (e.g. 'HK$50'), ticks the agreement, pays, and on
 * the sandbox gateway's page confirms or cancels; ends on the pay-status page showing the outcome.
 */
export async function sandboxRecharge(page: Page, label: string, outcome: 'confirm' | 'cancel' = 'confirm') {
  const wallet = current(page);
  await wallet.getByText(label, { exact: true }).click();
  await wallet.locator('.adm-checkbox').first().click();
  await wallet.getByRole('button', { name: `立即支付 ${label}.00` }).click(); // a substring, like /立即支付 HK\$50\.00/
  await expect(page).toHaveURL(/\/sandbox-pay\/YC/);
  await page.getByTestId(`sandbox-${outcome}`).click();
  await expect(current(page).getByText(outcome === 'confirm' ? '支付成功' : '支付失敗')).toBeVisible();
}

/** The page on screen: kept-alive pages stay in the DOM (hidden), so queries scope to the visible one. */
export function current(page: Page) {
  return page.locator('section.gf-route-page:not([hidden])');
}

export interface DevMatch {
  id: number;
  status: number;
  start_ms: number;
  league_short: string;
  home_name: string;
  home_short: string;
  jczq_num: string | null;
}

// leagues of both calendars (European autumn-spring, Asian and American spring-autumn): some are always in season
const ANY_LEAGUE = [
  'EPL',
  'LALIGA',
  'SERIEA',
  'BUNDES',
  'LIGUE1',
  'CHAMP',
  'ERE',
  'POR',
  'BEL',
  'TUR',
  'KL1',
  'CSL',
  'MLS',
];

/**
 * A match made for this test (dev-only POST /dev/matches): two seeded clubs of `competition`
 * kicking off `startInMin` minutes from the server's now. Negative: the feed plays it at once (at
 * SIM_SPEED=60 a start a few minutes back is finished). Tests never rely on the generated calendar
 * holding a scheduled match "today", which it does not at every hour.
 */
export async function devMatch(
  request: APIRequestContext,
  startInMin: number,
  opts: { competition?: string; goalBefore?: number; anyLeague?: boolean } = {},
): Promise<DevMatch> {
  // A club plays once in six hours either side, so one run's tests can use up a league's clubs around
  // a time (twenty EPL clubs: ten fixtures), and the seeded calendar itself fills a league at its
  // kick-off slots (a J1 matchday: every club at 14:00 on a Sunday). A test that names no competition,
  // or takes any (`anyLeague`), moves on to the next league (100400) rather than depend on the day, the
  // hour or how many fixtures earlier specs made.
  const leagues =
    opts.competition && !opts.anyLeague
      ? [opts.competition]
      : [
          ...(opts.competition ? [opts.competition] : []),
          ...ANY_LEAGUE.filter((c) => c !== opts.competition),
        ];
  let body: { code: number; data: DevMatch } | undefined;
  for (const competition of leagues) {
    const res = await request.post('/dev/matches', {
      data: {
        competition,
        start_in_min: startInMin,
        ...(opts.goalBefore ? { goal_before: opts.goalBefore } : {}),
      },
    });
    body = await res.json();
    if (body?.code !== 100400) break;
  }
  expect(body?.code, JSON.stringify(body)).toBe(0);
  return body!.data;
}

/** A price in HKD cents as the shop shows it (HK$1,299). */
export const hkd = (cents: number) => `HK$${(cents / 100).toLocaleString('en-US')}`;

/** An /mdr/api/v1 call as the given user; answers `data`, throws on any code but 0. */
export async function mdrApi(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`/mdr/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body.data;
}

/** the console's JSON editor (widget field-json-editor, CodeMirror 6) under `scope`: its whole text */
export async function jsonEditorText(scope: Locator): Promise<string> {
  const content = scope.locator('.cm-content').first();
  await content.waitFor();
  return content.evaluate((el) => {
    // CodeMirror keeps its view on the content element (cmTile from 6.39, cmView before)
    const e = el as any;
    const view = e.cmTile?.root?.view ?? e.cmView.view;
    return view.state.doc.toString();
  });
}

/** replace the JSON editor's text (as typing would: the form follows), the cursor at `cursor` (default: the end) */
export async function setJsonEditorText(scope: Locator, text: string, cursor?: number): Promise<void> {
  const content = scope.locator('.cm-content').first();
  await content.waitFor();
  await content.evaluate(
    (el, [t, at]) => {
      const e = el as any;
      const view = e.cmTile?.root?.view ?? e.cmView.view;
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: t },
        selection: { anchor: at ?? t.length },
      });
      view.focus();
    },
    [text, cursor] as const,
  );
}

/** One API call with a bearer token; the envelope back (`{code, msg, data}`). */
export async function authedCall(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  return res.json();
}

/**
 * Resolves when the server confirms a websocket subscription of the page to `topic` (its "subscribed"
 * frame). Call before the page opens the screen that subscribes.
 */
export function topicSubscribed(page: Page, topic: string): Promise<void> {
  return new Promise<void>((ok) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const text = String(f.payload);
        if (!text.includes('"subscribed"')) return;
        try {
          const msg = JSON.parse(text);
          if (msg.type === 'subscribed' && msg.topic === topic) ok();
        } catch {
          // not a frame of ours
        }
      }),
    ),
  );
}

/** The operator approves the user's pending real-name application (sent through the API before). */
export async function approveRealName(request: APIRequestContext, userId: number) {
  const op = { authorization: `Bearer ${await operatorToken(request)}` };
  const queue = (
    await (await request.get('/mdr/api/v1/ops/realname?status=pending&size=100', { headers: op })).json()
  ).data.list;
  const mine = queue.find((x: { user_id: number }) => x.user_id === userId);
  expect(mine, `no pending real-name application of user ${userId}`).toBeTruthy();
  const approved = await request.post(`/mdr/api/v1/ops/realname/${mine.id}/approve`, {
    headers: op,
    data: {},
  });
  expect((await approved.json()).code).toBe(0);
}

/** A new fan whose real name (HK identity card, photos from the page's canvas) the operator approved. */
export async function verifiedFan(request: APIRequestContext, page: Page) {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const fan = await apiLogin(request, freshPhone());
  const images: string[] = [];
  for (const side of ['front', 'back']) {
    const res = await request.post('/mdr/api/v1/user/attachments', {
      headers: bearer(fan.token),
      multipart: {
        files: { name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: await makeImage(page, 'image/jpeg') },
      },
    });
    const body = await res.json();
    expect(body.code, JSON.stringify(body)).toBe(0);
    images.push(body.data[0].url);
  }
  const sent = await request.post('/mdr/api/v1/user/international/identity', {
    headers: bearer(fan.token),
    data: {
      full_name: '李志豪',
      birth_date: '1992-03-14',
      country: 'HK',
      document_type: 1,
      front_image: images[0],
      back_image: images[1],
    },
  });
  expect((await sent.json()).code).toBe(0);
  await approveRealName(request, fan.id);
  return fan;
}
