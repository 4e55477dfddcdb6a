import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:18311';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, locale: 'zh-HK' });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
for (const [name, url, wait] of process.argv.slice(2).map((a) => a.split('|'))) {
  await page.goto(base + url);
  await page.waitForTimeout(Number(wait || 3000));
  if (name === 'room') {
    const t = await page.evaluate(() => { const v = document.querySelector('video'); return v ? [v.currentTime, v.paused, v.readyState, v.videoWidth] : null; });
    console.log('video', JSON.stringify(t));
  }
  await page.screenshot({ path: `/tmp/live-${name}.png` });
}
await browser.close();
