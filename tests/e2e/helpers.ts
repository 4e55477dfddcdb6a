/** Shared steps of the browser journeys: the dev outbox is how a tester reads an SMS/email code here. */
import { constants, publicEncrypt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';

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

/** Password login as the app does it: the password travels RSA-OAEP (SHA-256) encrypted. */
export async function apiPasswordLogin(request: APIRequestContext, email: string, password: string) {
  const basic = Buffer.from('h5-client:h5-secret').toString('base64');
  const tokenRes = await request.post('/prs/api/v1/token', {
    headers: { authorization: `Basic ${basic}` },
    data: {},
  });
  const auth = { authorization: `Bearer ${(await tokenRes.json()).data.token}` };
  const key = (await (await request.get('/prs/api/v1/user/public-key', { headers: auth })).json()).data.key;
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const login = await request.post('/prs/api/v1/user/login', {
    headers: auth,
    data: { login_type: 1, email, password: cipher },
  });
  const body = await login.json();
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data as { id: number; user_external: string; token: string };
}

/** The page on screen: kept-alive pages stay in the DOM (hidden), so queries scope to the visible one. */
export function current(page: Page) {
  return page.locator('section.gf-route-page:not([hidden])');
}
