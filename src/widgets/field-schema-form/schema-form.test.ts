import { describe, expect, it } from 'vitest';
import rulesSchema from '../../../schemas/rules.schema.json';
import statusSchema from '../../../schemas/status-map.schema.json';
import themeSchema from '../../../schemas/theme.schema.json';
import {
  blank,
  check,
  effective,
  entriesOf,
  isMap,
  kindOf,
  pointerOf,
  renameAt,
  resolve,
  type Schema,
  setAt,
} from './schema-form';

const rules = rulesSchema as Schema;

describe('schema -> fields', () => {
  it('follows local refs and picks the anyOf branch the value fits', () => {
    expect(resolve(rules, { $ref: '#/$defs/unit' }).enum).toContain('chars');
    const plan = (rules.properties as Record<string, Schema>).plan;
    const contentMin = (plan.properties as Record<string, Schema>).contentMin;
    const asObject = effective(rules, contentMin, { value: 50, unit: 'chars' });
    expect(kindOf(asObject, { value: 50 })).toBe('object');
    const value = (asObject.properties as Record<string, Schema>).value;
    expect(value).toMatchObject({ type: 'integer', minimum: 1, maximum: 2000 });
    expect(kindOf(effective(rules, value, 50), 50)).toBe('integer');
    expect(kindOf(effective(rules, contentMin, 50), 50)).toBe('integer');
    // a plain rule: a number, a string, a boolean, a list
    const rule = { $ref: '#/$defs/rule' };
    expect(kindOf(effective(rules, rule, 2.1), 2.1)).toBe('number');
    expect(kindOf(effective(rules, rule, 'smooth'), 'smooth')).toBe('string');
    expect(kindOf(effective(rules, rule, true), true)).toBe('boolean');
    expect(kindOf(effective(rules, rule, [7, 15]), [7, 15])).toBe('array');
    expect(kindOf(resolve(rules, { $ref: '#/$defs/unit' }), 'ms')).toBe('enum');
  });

  it('names colours, maps and their entries', () => {
    const theme = themeSchema as Schema;
    const colors = resolve(theme, (theme.properties as Record<string, Schema>).colors);
    expect(isMap(colors)).toBe(true);
    expect(kindOf(resolve(theme, colors.additionalProperties), '#087a4e')).toBe('colour');
    expect(kindOf(resolve(theme, colors.additionalProperties), '4px')).toBe('string');
    const status = statusSchema as Schema;
    const values = (status.properties as Record<string, Schema>).values;
    const rows = entriesOf(status, values, { '0': { label: 'x' }, '1': { label: 'y' } });
    expect(rows.map((r) => [r.key, r.removable])).toEqual([
      ['0', true],
      ['1', true],
    ]);
    expect(blank(status, values.additionalProperties)).toEqual({ label: '' });
    expect(entriesOf(status, status, { id: 'status/x', values: {} }).map((r) => r.removable)).toEqual([
      false,
      false,
    ]);
  });
});

describe('checks by JSON pointer, with the server checker keys', () => {
  it('limits, enums, required, unknown keys and key patterns', () => {
    const body = {
      app: {},
      profile: {},
      auth: {},
      navigation: {},
      paging: {},
      plan: { contentMin: { value: 0, unit: 'chars' }, titleMax: 40 },
      chat: { messageMax: { value: 200, unit: 'furlongs' } },
    };
    expect(check(rules, rules, body)).toEqual([
      { pointer: '/plan/contentMin/value', key: 'opsConfig.problem.minimum', args: { limit: '1' } },
      { pointer: '/chat/messageMax/unit', key: 'opsConfig.problem.enum', args: expect.any(Object) },
    ]);
    const status = statusSchema as Schema;
    expect(
      check(status, status, { id: 'status/x', values: { 'a b': { label: 'x', color: 'pink' } }, extra: 1 }),
    ).toEqual([
      { pointer: '/values/a b', key: 'opsConfig.problem.pattern', args: { pattern: '^[A-Za-z0-9_.-]+$' } },
      { pointer: '/values/a b/color', key: 'opsConfig.problem.enum', args: expect.any(Object) },
      { pointer: '/extra', key: 'opsConfig.problem.additional', args: { name: 'extra' } },
    ]);
    expect(check(status, status, { values: {} })).toEqual([
      { pointer: '', key: 'opsConfig.problem.required', args: { name: 'id' } },
    ]);
  });
});

describe('edits', () => {
  it('sets, removes and renames without changing the input', () => {
    const v = { a: { b: [1, 2, 3] }, c: 'x' };
    expect(setAt(v, ['a', 'b', 1], 9)).toEqual({ a: { b: [1, 9, 3] }, c: 'x' });
    expect(setAt(v, ['a', 'b', 0], undefined)).toEqual({ a: { b: [2, 3] }, c: 'x' });
    expect(setAt(v, ['c'], undefined)).toEqual({ a: { b: [1, 2, 3] } });
    expect(setAt(v, ['d', 'e'], 1)).toMatchObject({ d: { e: 1 } });
    expect(v).toEqual({ a: { b: [1, 2, 3] }, c: 'x' });
    expect(Object.keys(renameAt({ x: 1, y: 2, z: 3 }, [], 'y', 'w') as object)).toEqual(['x', 'w', 'z']);
    expect(pointerOf(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
  });
});
