import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { shot } from './helpers';

test('a desktop browser shows the mobile site in a frame beside real QR codes', async ({ page }, info) => {
  await page.goto('/#/match');
  const frame = page.locator('iframe');
  await expect(frame).toBeVisible();
  // the whole phone (bezel included) is inside the window: scaled to its height, not cropped
  const viewport = page.viewportSize()!;
  const phone = await page.locator('.gf-desktop-phone').boundingBox();
  expect(phone).not.toBeNull();
  expect(phone!.y).toBeGreaterThanOrEqual(0);
  expect(phone!.y + phone!.height).toBeLessThanOrEqual(viewport.height);
  expect(phone!.x + phone!.width).toBeLessThanOrEqual(viewport.width);
  const box = (await frame.boundingBox())!;
  if (viewport.height >= 868) expect(box.width).toBe(375);
  else expect(box.height).toBeGreaterThan(viewport.height * 0.9); // drawn as large as fits
  expect(box.width / box.height).toBeCloseTo(375 / 812, 2);
  // the app inside still lays out for a 375x812 phone
  const inner = await page
    .frameLocator('iframe')
    .locator('html')
    .evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  expect(inner).toEqual({ w: 375, h: 812 });
  // the framed app is the mobile app itself, not the desktop page again
  await expect(
    page.frameLocator('iframe').getByRole('navigation').getByText('比賽', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('下載 App')).toBeVisible();
  await expect(page.getByText('手機體驗 H5')).toBeVisible();

  const qrImages = page.locator('img[src^="data:image/png"]');
  await expect(qrImages).toHaveCount(2);
  const decoded: string[] = [];
  for (let i = 0; i < 2; i++) {
    const pixels = await qrImages.nth(i).evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, c.width, c.height);
      return { w: d.width, h: d.height, data: Array.from(d.data) };
    });
    const qr = jsQR(Uint8ClampedArray.from(pixels.data), pixels.w, pixels.h);
    expect(qr, `QR ${i} decodes`).not.toBeNull();
    decoded.push(qr!.data);
  }
  const origin = new URL(page.url()).origin;
  expect(decoded).toContain(page.url());
  expect(decoded.some((u) => u.startsWith(origin) && u.includes('/download'))).toBe(true);
  await shot(page, info, 'desktop-frame');
});
