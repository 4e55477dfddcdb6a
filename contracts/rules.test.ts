import { describe, expect, it } from 'vitest';
import rulesFile from '../screens/rules.json';
import { chatRules, planRules, ruleValues, shippingFeeFor, shopOrderRules } from './rules';

describe('the rules document reader', () => {
  it('reads documented {value, unit} rules and plain ones alike', () => {
    const values = ruleValues(rulesFile);
    expect(values.profile.nicknameMax).toBe(20);
    expect(values.app.currency).toBe('HKD');
    expect(values).not.toHaveProperty('$schema');
    expect(planRules(rulesFile)).toMatchObject({ comboMatchesMax: 8, doublePickOddsMin: 2.1 });
    // the engine's unwrapped scope reads the same as the document
    expect(planRules(values)).toEqual(planRules(rulesFile));
  });

  it('answers the documented default for a missing or non-numeric limit', () => {
    const doc = { plan: { titleMax: { value: 60 }, contentMin: 'many' } };
    expect(planRules(doc)).toMatchObject({ titleMax: 60, contentMin: 50, dailyPublishQuota: 5 });
    expect(planRules({})).toMatchObject({ comboMatchesMin: 2, expertSharePercent: 70 });
  });

  it('refuses a chat limit of zero, which would stop every message', () => {
    const chat = chatRules({ chat: { messageMax: 0, perMinute: { value: 5 } } });
    expect(chat).toMatchObject({ messageMax: 200, perMinute: 5, minIntervalMs: 2000 });
  });

  it('reads the shop order rules in HKD cents and charges shipping under the free threshold only', () => {
    const r = shopOrderRules(rulesFile);
    expect(r).toEqual({
      shippingFeeCents: 3000,
      freeShippingFromCents: 50000,
      payTimeoutMinutes: 30,
      autoConfirmDays: 7,
      reviewWindowDays: 15,
      linesMax: 50,
    });
    expect(shippingFeeFor(r, 49999)).toBe(3000);
    expect(shippingFeeFor(r, 50000)).toBe(0);
    // a zero payment window would cancel every order at once: the default stands
    expect(shopOrderRules({ shopOrder: { payTimeoutMinutes: 0, shippingFeeHkd: 0 } })).toMatchObject({
      payTimeoutMinutes: 30,
      shippingFeeCents: 0,
    });
  });
});
