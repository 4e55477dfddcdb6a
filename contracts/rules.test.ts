import { describe, expect, it } from 'vitest';
import rulesFile from '../screens/rules.json';
import { chatRules, planRules, ruleValues } from './rules';

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
});
