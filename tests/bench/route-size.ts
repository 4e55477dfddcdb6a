/**
 * What a route adds on top of the first load of #/match: a fresh page loads #/match, then the hash moves
 * to the route and every script fetched after that counts (gzip). Used by the database, discover and
 * live route budgets.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** `waitFor`: per route, a selector the page shows once it has loaded what it needs (e.g. the live video) */
export async function measureRoutes(baseUrl: string, routes: string[], waitFor: Record<string, string> = {}) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out: { route: string; js: number }[] = [];
  try {
    for (const route of routes) {
      const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true });
      const seen = new Set<string>();
      let after = false;
      let extra = 0;
      const pending: Promise<void>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        pending.push(
          (async () => {
            const body = await res.body().catch(() => Buffer.alloc(0));
            if (seen.has(res.url())) return;
            seen.add(res.url());
            if (after) extra += gzipSync(body).length;
          })(),
        );
      });
      await page.goto(`${baseUrl}/#/match`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      after = true;
      await page.evaluate((r) => {
        location.hash = `#${r}`;
      }, route);
      await page.waitForTimeout(500);
      if (waitFor[route]) await page.locator(waitFor[route]).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      out.push({ route, js: kb(extra) });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
