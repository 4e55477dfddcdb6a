import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withdrawQuote } from '../../../contracts/withdraw-fee';
import { RECHARGE_PACKAGES, WITHDRAW_CONFIG } from './config';
import { isValidCardNumber, isValidHkid, maskCard, maskId } from './id-checks';
import { withdrawConfigView } from './withdrawals-service';

const PROTOCOLS = resolve(import.meta.dirname, '..', '..', 'db', 'seed-data', 'protocols');

describe('wallet config matches the seeded protocol documents', () => {
  it('recharge packages are the table of recharge_protocol in every language', () => {
    for (const lang of ['zhhk', 'zhcn', 'zhtw']) {
      const html = readFileSync(`${PROTOCOLS}/recharge_protocol.${lang}.html`, 'utf8');
      const table = [...html.matchAll(/<tr><td>(\d+)<\/td><td>(\d+)<\/td><td>(\d+)<\/td><\/tr>/g)].map((m) =>
        m.slice(1).map(Number),
      );
      expect(table).toEqual(RECHARGE_PACKAGES.map((p) => [p.priceCents / 100, p.coins, p.bonus]));
    }
  });

  it('withdrawal minimum and fee are the ones the donation and live protocols quote', () => {
    for (const doc of ['user_donation_protocol', 'live_use_protocol']) {
      const html = readFileSync(`${PROTOCOLS}/${doc}.zhhk.html`, 'utf8');
      expect(html).toContain(`每次最少${(WITHDRAW_CONFIG.minAmount * WITHDRAW_CONFIG.rateCents) / 100}港元`);
      expect(html).toContain(`${WITHDRAW_CONFIG.feePercent}%的手續費`);
    }
    expect(withdrawQuote(100, withdrawConfigView())).toEqual({
      grossCents: 10000,
      feeCents: 100,
      receiveCents: 9900,
    });
    expect(withdrawQuote(333, withdrawConfigView())).toEqual({
      grossCents: 33300,
      feeCents: 333,
      receiveCents: 32967,
    });
  });
});

describe('identity and card checks', () => {
  it('HKID check digits', () => {
    for (const ok of ['A123456(3)', 'A1234563', 'a123456(3)', 'AB987654(3)', 'G123456(A)']) {
      expect([ok, isValidHkid(ok)]).toEqual([ok, true]);
    }
    for (const bad of ['A123456(4)', 'A12345(3)', '1234567(3)', 'ABC123456(3)', ''])
      expect([bad, isValidHkid(bad)]).toEqual([bad, false]);
  });

  it('card numbers: Luhn for 16-19 digits, plain account numbers below', () => {
    expect(isValidCardNumber('4111111111111111')).toBe(true);
    expect(isValidCardNumber('4111111111111112')).toBe(false);
    expect(isValidCardNumber('024123456789')).toBe(true);
    expect(isValidCardNumber('1234567')).toBe(false);
    expect(isValidCardNumber('12345678901234567890')).toBe(false);
  });

  it('masks', () => {
    expect(maskCard('4111111111111111')).toBe('4111 **** **** 1111');
    expect(maskId('hkid', 'a123456(3)')).toBe('A******(3)');
    expect(maskId('passport', 'K12345678')).toBe('K1*****78');
  });
});
