import { describe, expect, it } from 'vitest';
import rulesFile from '../../../screens/rules.json';
import { ruleValues } from '../../engine/rule-values';
import { checkMatches, checkPicks, type PlanRuleValues } from './plan-rules';

const rules = ruleValues(rulesFile).plan as unknown as PlanRuleValues;
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const all = (n: number, p: string[]) => Object.fromEntries(ids(n).map((i) => [String(i), p]));

describe('publish form rules (from screens/rules.json)', () => {
  it('match counts: none, combo 2-8, 14-match, pick-nine', () => {
    expect(checkMatches({ lottery: 'jczq', play_type: 'spf', match_ids: [] }, rules)).toBe(130102);
    expect(checkMatches({ lottery: 'jczq', play_type: 'spf', match_ids: ids(1) }, rules)).toBeNull();
    expect(checkMatches({ lottery: 'jczq', play_type: 'spf', mode: 'combo', match_ids: ids(1) }, rules)).toBe(
      130108,
    );
    expect(checkMatches({ lottery: 'jczq', play_type: 'spf', match_ids: ids(8) }, rules)).toBeNull();
    expect(checkMatches({ lottery: 'jczq', play_type: 'spf', match_ids: ids(9) }, rules)).toBe(130108);
    expect(checkMatches({ lottery: 'ctzc', play_type: 'sfc14', match_ids: ids(13) }, rules)).toBe(130109);
    expect(checkMatches({ lottery: 'ctzc', play_type: 'sfc14', match_ids: ids(14) }, rules)).toBeNull();
    expect(checkMatches({ lottery: 'ctzc', play_type: 'rx9', match_ids: ids(10) }, rules)).toBe(130110);
    expect(checkMatches({ lottery: 'ctzc', play_type: 'rx9', match_ids: ids(9) }, rules)).toBeNull();
  });

  it('picks: missing pick, half/full time max 3, double pick odds ≥ 2.10', () => {
    const d = { lottery: 'jczq', play_type: 'spf', match_ids: [1] };
    expect(checkPicks({ ...d, picks: {} }, {}, rules)).toBe(130103);
    expect(checkPicks({ ...d, picks: { '1': ['3', '1'] } }, { '1': { '3': 1.9, '1': 3.2 } }, rules)).toBe(
      130107,
    );
    expect(
      checkPicks({ ...d, picks: { '1': ['3', '1'] } }, { '1': { '3': 2.1, '1': 3.2 } }, rules),
    ).toBeNull();
    const bqc = { lottery: 'jczq', play_type: 'bqc', match_ids: [1] };
    expect(checkPicks({ ...bqc, picks: { '1': ['3-3', '1-1', '0-0', '3-1'] } }, {}, rules)).toBe(130106);
    expect(checkPicks({ ...bqc, picks: { '1': ['3-3', '1-1', '0-0'] } }, {}, rules)).toBeNull();
    expect(
      checkPicks({ lottery: 'ctzc', play_type: 'rx9', match_ids: ids(9), picks: all(9, ['3']) }, {}, rules),
    ).toBeNull();
  });
});
