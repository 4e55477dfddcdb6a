/**
 * The match tab's date strips at any hour: with the browser's clock set to 03:00, 07:30, 12:00 and
 * 20:00 Hong Kong time on a weekday and on a Sunday, "today", "tomorrow" and "yesterday" are the Hong
 * Kong dates of that instant (not of UTC, not of the machine) and the list under "tomorrow" is the
 * server's list for that date. The server side of the same hours is server/modules/matches/hours.test.ts.
 */
import { expect, test } from '@playwright/test';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const hkDate = (ms: number) => new Date(ms + 8 * HOUR_MS).toISOString().slice(0, 10);

/** `hh:mm` Hong Kong time on the first `weekday` (0 Sunday) at least a day after now */
function hkAt(weekday: number, hhmm: string): number {
  const [hh, mm] = hhmm.split(':').map(Number);
  const day = new Date(Date.now() + 8 * HOUR_MS + DAY_MS);
  const ahead = (weekday - day.getUTCDay() + 7) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + ahead, hh, mm) - 8 * HOUR_MS;
}

for (const [weekday, name] of [
  [3, 'Wednesday'],
  [0, 'Sunday'],
] as const) {
  for (const hhmm of ['03:00', '07:30', '12:00', '20:00']) {
    test(`date strips on a ${name} at ${hhmm} HKT`, async ({ page, request }) => {
      const at = hkAt(weekday, hhmm);
      await page.clock.setFixedTime(at);
      await page.goto('/#/match');
      await page.getByRole('tab', { name: '賽程' }).click();
      const strip = page.getByRole('tablist', { name: '選擇日期' });
      await expect(strip.getByRole('tab', { selected: true })).toHaveAttribute('data-date', hkDate(at));
      const tomorrow = strip.getByRole('tab', { name: /明天/ });
      await expect(tomorrow).toHaveAttribute('data-date', hkDate(at + DAY_MS));
      await tomorrow.click();
      await expect(tomorrow).toHaveAttribute('aria-selected', 'true');
      const expected = (
        await (
          await request.get(`/mdr/api/v1/matches?tab=schedule&date=${hkDate(at + DAY_MS)}&size=500`)
        ).json()
      ).data;
      if (expected.total > 0) {
        await expect(page.locator('.gf-match-card:visible').first()).toContainText(
          expected.list[0].home_name,
        );
      } else {
        await expect(page.getByText('暫時沒有比賽')).toBeVisible();
      }

      await page.getByRole('tab', { name: '賽果' }).click();
      const past = page.getByRole('tablist', { name: '選擇日期' }).filter({ visible: true });
      await expect(past.getByRole('tab', { name: /昨天/ })).toHaveAttribute('data-date', hkDate(at - DAY_MS));
    });
  }
}
