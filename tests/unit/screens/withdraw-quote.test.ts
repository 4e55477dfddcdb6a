import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ExprEnv, evalTemplate } from '../../../src/engine/expr';

const root = resolve(import.meta.dirname, '../../..');
const readJson = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8'));

/** The text node of the withdrawal screen that quotes what the user will receive. */
function receiveText(): string {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const text = (node as { props?: { text?: unknown } }).props?.text;
      if (typeof text === 'string' && text.includes("'wallet.receive'")) found.push(text);
      Object.values(node).forEach(walk);
    }
  };
  walk(readJson('screens/wallet/cashwithdrawal.json').body);
  expect(found).toHaveLength(1);
  return found[0];
}

// the formula the screen carried before the quote became contracts/withdraw-fee.ts: the reference
const FORMULA =
  "{{ t('wallet.receive', {amount: fixed((number(form.withdraw.amount) * data.cfg.rate_cents - (data.cfg.fee_fixed_cents + ceil(number(form.withdraw.amount) * data.cfg.rate_cents * data.cfg.fee_percent / 100))) / 100, 2), fee: fixed((data.cfg.fee_fixed_cents + ceil(number(form.withdraw.amount) * data.cfg.rate_cents * data.cfg.fee_percent / 100)) / 100, 2)}) }}";

const texts: Record<string, string> = readJson('locales/zhhk.json').wallet;
const env: ExprEnv = {
  t: (key, args) =>
    (texts[key.replace('wallet.', '')] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k) => String(args?.[k] ?? '')),
};

describe('withdrawal screen: the fee quote', () => {
  it('shows what the server will pay out (the e2e amount of 150 coins)', () => {
    const cfg = { min_amount: 100, rate_cents: 100, fee_fixed_cents: 0, fee_percent: 1, processing_days: 3 };
    const scope = { form: { withdraw: { amount: '150' } }, data: { cfg } };
    expect(evalTemplate(receiveText(), scope, env)).toBe('預計到帳 HK$148.50（手續費 HK$1.50）');
  });

  it('reads as the old formula did for every amount and fee term', () => {
    const terms = [
      { rate_cents: 100, fee_fixed_cents: 0, fee_percent: 1 },
      { rate_cents: 100, fee_fixed_cents: 250, fee_percent: 1.5 },
      { rate_cents: 7, fee_fixed_cents: 3, fee_percent: 2 },
    ];
    for (const cfg of terms)
      for (const amount of ['100', '101', '333', '12345', 100.5]) {
        const scope = { form: { withdraw: { amount } }, data: { cfg } };
        expect(evalTemplate(receiveText(), scope, env)).toBe(evalTemplate(FORMULA, scope, env));
      }
  });
});
