/** screens/rules.json groups -> name -> value, as expressions read it (`rules.profile.nicknameMax`). */
export type RuleValues = Record<string, Record<string, unknown>>;

const isWrapped = (v: unknown): v is { value: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'value' in v;

/**
 * rules.json documents a limit as `{value, unit, description}` or writes it plain; expressions want the
 * value itself, so `rules.profile.nicknameMax` is 20, not an object.
 */
export function ruleValues(file: Record<string, unknown>): RuleValues {
  const out: RuleValues = {};
  for (const [group, entries] of Object.entries(file)) {
    if (group === '$schema' || !entries || typeof entries !== 'object') continue;
    const values: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(entries)) values[name] = isWrapped(rule) ? rule.value : rule;
    out[group] = values;
  }
  return out;
}
