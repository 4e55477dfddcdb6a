import { describe, expect, it } from 'vitest';
import rulesFile from '../screens/rules.json';
import { checkMatches, checkPicks, checkPlan, type PlanShape } from './plan-rules';
import { planRules } from './rules';

const rules = planRules(rulesFile);
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

  it('a whole request, in the order the server answers: title, play, matches, picks, stake, content', () => {
    const ok: PlanShape = {
      lottery: 'jczq',
      play_type: 'spf',
      matches: [{ match_id: 1, picks: ['3'] }],
      title: 'Title',
      content: 'x'.repeat(50),
    };
    expect(checkPlan(ok, rules)).toBeNull();
    expect(checkPlan({ ...ok, title: ' ', play_type: 'sf' }, rules)).toBe(130105);
    expect(checkPlan({ ...ok, title: 'x'.repeat(41) }, rules)).toBe(130119);
    expect(checkPlan({ ...ok, play_type: 'sf', matches: [] }, rules)).toBe(130116);
    expect(checkPlan({ ...ok, matches: [{ match_id: 1, picks: [] }], content: '' }, rules)).toBe(130103);
    expect(checkPlan({ ...ok, matches: [{ match_id: 1, picks: ['3', '3'] }] }, rules)).toBe(130115);
    expect(checkPlan({ ...ok, matches: [{ match_id: 1, picks: ['2:1'] }] }, rules)).toBe(130115);
    expect(checkPlan({ ...ok, stake: 10001 }, rules)).toBe(130111);
    expect(checkPlan({ ...ok, mode: 'combo', stake: 2001 }, rules)).toBe(130108);
    expect(checkPlan({ ...ok, content: 'short' }, rules)).toBe(130101);
  });
});
