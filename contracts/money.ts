/**
 * Money shown to a fan: integer minor units (cents) in, "HK$699" / "HK$699.50" out. The shop's prices
 * and the expression function `money()` both use it, so a list and a widget never format differently.
 */
export function formatMoney(cents: number, currency = 'HKD'): string {
  if (!Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.round(Math.abs(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  const prefix = currency === 'HKD' ? 'HK$' : `${currency} `;
  return `${sign}${prefix}${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
