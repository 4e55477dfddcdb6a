import { beforeAll, describe, expect, it } from 'vitest';
import { evalTemplate } from './expr';
import { loadStatusMaps, statusField, statusMapsIn } from './status-maps';
import { statusMapIds } from './testing/status-map-ids';

const t = (key: string) => `<${key}>`;
const env = { t, status: statusField };

describe('status maps', () => {
  beforeAll(() => loadStatusMaps(statusMapIds()));

  it('are named by the status() calls of a tree, so a screen fetches only its own', () => {
    const tree = { props: { text: "{{ status('gender', x) }} {{ status( 'plan-result', y, 'color') }}" } };
    expect([...statusMapsIn(tree)].sort()).toEqual(['gender', 'plan-result']);
    expect(statusMapsIn({ text: 'status of the match' }).size).toBe(0);
  });

  it('answer the translated label, the tag colour and the result status of a code', () => {
    expect(statusField('plan-result', 'red', 'label', t)).toBe('<experts.card.red>');
    expect(statusField('plan-result', 'red', 'color', t)).toBe('danger');
    expect(statusField('gender', 2, 'label', t)).toBe('<profile.gender.female>');
    expect(statusField('expert-application', 2, 'result', t)).toBe('error');
    expect(statusField('ops-item', 'success', 'label', t)).toBe('<ops.st.paid>');
  });

  it('fall back for unknown codes and maps instead of showing a raw code', () => {
    expect(statusField('gender', 9, 'label', t)).toBe('<profile.gender.hidden>');
    expect(statusField('plan-result', 'weird', 'color', t)).toBe('default');
    expect(statusField('no-such-map', 1, 'label', t)).toBe('');
    expect(statusMapIds()).toEqual(expect.arrayContaining(['match-status', 'plan-result', 'recharge-order']));
  });

  it('screens read them through status() in templates', () => {
    const scope = { item: { result: 'black', display_status: 'paid' } };
    expect(evalTemplate("{{ status('plan-result', item.result) }}", scope, env)).toBe('<experts.card.black>');
    expect(evalTemplate("{{ status('recharge-order', item.display_status, 'color') }}", scope, env)).toBe(
      'success',
    );
  });
});
