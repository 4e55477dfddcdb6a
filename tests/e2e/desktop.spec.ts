import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { shot } from './helpers';

test('a desktop browser shows the mobile site in a frame beside real QR codes', async ({ page }, info) => {
  await page.goto('/#/match');
  const frame = page.locator('iframe');
  await expect(frame).toBeVisible();
  const box = await frame.boundingBox();
  expect(box?.width).toBe(375);
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
