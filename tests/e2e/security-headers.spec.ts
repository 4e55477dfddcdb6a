/**
 * The Content-Security-Policy in a real browser (item 5 of the security issue): the app runs under it
 * without a single violation, and a page of another origin cannot frame it (e.g. the withdrawal screen,
 * for clickjacking). The same-origin desktop phone frame is covered by desktop.spec.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records CSP violations (the DOM event) and console errors of every frame of the page. */
async function watch(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: Violation[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile });
    });
  });
  return {
    consoleErrors,
    violations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations),
  };
}

const cspErrors = (errors: string[]) => errors.filter((e) => /Content Security Policy|Refused to/i.test(e));

test('the app runs under the Content-Security-Policy without a violation', async ({ page }) => {
  const w = await watch(page);
  const res = await page.goto('/#/match');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(res?.headers()['x-content-type-options']).toBe('nosniff');

  // the match list: boot script, entry, lazily loaded widgets, live data over the websocket
  await expect(page.getByRole('tab', { name: '即時' })).toBeVisible();
  await expect(page.locator('.gf-match-card').first()).toBeVisible();
  // a screen with a form (form code and precompiled validators load on demand) and the me tab
  await page.goto('/#/login');
  await expect(page.locator('input').first()).toBeVisible();
  await page.goto('/#/me');
  await expect(page.getByRole('navigation')).toBeVisible();
  // the <html lang> script (a file now, not inline) still ran
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');

  expect(await w.violations()).toEqual([]);
  expect(cspErrors(w.consoleErrors)).toEqual([]);
});

test('the sandbox payment page renders under the policy', async ({ page }) => {
  const w = await watch(page);
  const res = await page.goto('/sandbox-pay/YC0000000000?lang=zhhk');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  // its inline stylesheet applies: the header is white on blue
  const header = page.locator('header');
  await expect(header).toBeVisible();
  expect(await header.evaluate((h) => getComputedStyle(h).color)).toBe('rgb(255, 255, 255)');
  expect(await w.violations()).toEqual([]);
  expect(cspErrors(w.consoleErrors)).toEqual([]);
});

test('a page of another origin cannot frame the withdrawal screen', async ({ page, baseURL }) => {
  const target = `${baseURL}/#/user/wallet/cashwithdrawal`;
  // the attacker's page, from a server of its own on another port (another origin). A real local server,
  // not page.route: Chromium keeps a page of unknown address from framing a loopback one by itself,
  // which would hide what our headers do. The page notes when its frame has loaded, whatever it got.
  const evil = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><h1>win a prize</h1><iframe id="victim" src="${target}" width="375" height="812" onload="document.body.dataset.framed = '1'"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}/`;
  expect(new URL(evilUrl).origin).not.toBe(new URL(baseURL!).origin);
  const fetched: string[] = [];
  page.on('requestfinished', (r) => {
    if (r.url().startsWith(baseURL!) && r.resourceType() !== 'document') fetched.push(r.url());
  });
  try {
    await page.goto(evilUrl);
    await expect(page.getByRole('heading', { name: 'win a prize' })).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-framed', '1');

    // the frame holds the browser's error page: no app, none of its scripts or stylesheets even fetched
    const victim = page.frameLocator('#victim');
    await expect(victim.locator('#root')).toHaveCount(0);
    await expect(victim.getByText('提現')).toHaveCount(0);
    expect(page.frames().filter((f) => f.url().startsWith(baseURL!))).toEqual([]);
    expect(fetched).toEqual([]);
  } finally {
    await new Promise((resolve) => evil.close(resolve));
  }
});
