import { expect, test } from '@playwright/test';
import { current, operatorPage, operatorToken } from './helpers';

test('shots', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const token = await operatorToken(request);
  for (const [w, h, tag] of [
    [375, 812, 'phone'],
    [1280, 900, 'desktop'],
  ] as const) {
    const op = await operatorPage(browser, token, { width: w, height: h });
    for (const [key, open] of [
      ['rules/rules', 'plan'],
      ['status/match-status', 'values'],
      ['theme/theme', 'colors'],
    ] as const) {
      await op.goto(`/#/ops/config/doc?key=${key}`);
      await current(op).getByRole('tab', { name: '表單' }).click();
      const form = current(op).getByTestId('schema-form-content');
      await expect(form).toBeVisible();
      await form.locator('summary', { hasText: new RegExp(`^${open}`) }).first().click();
      await form.locator('summary', { hasText: new RegExp(`^${open}`) }).first().evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await op.waitForTimeout(500);
      await op.screenshot({ path: `/tmp/cfg4-shot-${tag}-${key.replace('/', '.')}.png` });
    }
    await op.context().close();
  }
});
