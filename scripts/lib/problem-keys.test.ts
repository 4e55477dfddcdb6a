import { describe, expect, it } from 'vitest';
import zhcn from '../../locales/zhcn.json';
import zhhk from '../../locales/zhhk.json';
import zhtw from '../../locales/zhtw.json';
import { compileTemplate } from '../../src/engine/expr';
import { expandFormNodes, FormLayoutError } from '../../src/engine/form-layout';
import { expandFragments } from '../../src/engine/fragments';
import { messageKey } from './problem-keys';

const thrown = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('did not throw');
};

const text = (tree: unknown, key: string) =>
  key.split('.').reduce<any>((node, k) => (node && typeof node === 'object' ? node[k] : undefined), tree);

describe('engine error messages as i18n keys', () => {
  it('gives an expression parse error a key with the position, in all three languages', () => {
    const expr = '{{ a + }}';
    const k = messageKey(
      thrown(() => compileTemplate(expr)),
      expr,
    );
    expect(k?.key).toMatch(/^opsConfig\.problem\.expr/);
    expect(k?.args.expr).toBe(expr);
    expect(Number(k?.args.pos)).toBeGreaterThan(0);
    for (const tree of [zhhk, zhcn, zhtw]) expect(typeof text(tree, k?.key as string)).toBe('string');
  });

  it('names the token an engine message describes in words with a key of its own', () => {
    expect(messageKey('Expected ")" but found end of expression at 4 in "f(a"', 'f(a')).toEqual({
      key: 'opsConfig.problem.exprExpectedEnd',
      args: { want: ')', expr: 'f(a', pos: '5' },
    });
    expect(messageKey('Unknown function "nope" at 0 in "nope(1)"', '{{ nope(1) }}')?.key).toBe(
      'opsConfig.problem.exprFunction',
    );
  });

  it('gives fragment and form-layout errors keys', () => {
    const frag = thrown(() => expandFragments({ type: 'use', fragment: 'no-such' }, () => undefined));
    expect(messageKey(frag)).toEqual({ key: 'opsConfig.problem.fragmentUnknown', args: { name: 'no-such' } });
    const form = new FormLayoutError('form "a" lays out no field "b"', '/body');
    expect(messageKey(form.message)).toEqual({
      key: 'opsConfig.problem.formNodeField',
      args: { form: 'a', name: 'b' },
    });
    expect(typeof expandFormNodes).toBe('function');
  });

  it('has every key it can give in all three languages', () => {
    const keys = Object.keys((zhhk as any).opsConfig.problem).filter((k) =>
      /^(expr|fragment|formNode)/.test(k),
    );
    expect(keys.length).toBeGreaterThan(30);
    for (const k of keys) {
      expect(typeof (zhcn as any).opsConfig.problem[k]).toBe('string');
      expect(typeof (zhtw as any).opsConfig.problem[k]).toBe('string');
    }
  });

  it('keeps a message it does not know without a key', () => {
    expect(messageKey('something else entirely')).toBeUndefined();
  });
});
