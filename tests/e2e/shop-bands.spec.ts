import { expect, test } from '@playwright/test';
import { current, shot } from './helpers';

/**
 * Issue 12: the goods list's price bands. All five fit a 375 px phone at once (they were a tab row that
 * scrolled sideways, the last band cut at the edge), and a band lists only goods priced inside it.
 */
test('every price band fits the phone, and $500–799 lists only goods in that band', async ({
  page,
}, testInfo) => {
  await page.goto('/#/shop/product/goods');
  const view = current(page);
  const bands = ['全部價錢', '$200以下', '$200–499', '$500–799', '$800或以上'];
  for (const band of bands) {
    const box = await view.getByText(band, { exact: true }).boundingBox();
    expect(box, band).not.toBeNull();
    expect(box!.x, band).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, band).toBeLessThanOrEqual(375);
  }

  const listed = page.waitForResponse(
    (r) => r.url().includes('/shop/products?') && r.url().includes('min_price=50000'),
  );
  await view.getByText('$500–799', { exact: true }).click();
  const body = await (await listed).json();
  const goods = body.data.list as { name: string; price: number }[];
  expect(goods.length).toBeGreaterThan(0);
  for (const g of goods) {
    expect(g.price, g.name).toBeGreaterThanOrEqual(50000);
    expect(g.price, g.name).toBeLessThanOrEqual(79999);
  }
  await expect(view.getByText(goods[0].name).first()).toBeVisible();
  await shot(page, testInfo, 'goods-price-band');
});
