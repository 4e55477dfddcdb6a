import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ExprEnv, evalExpr, evalTemplate, evalValue, isDynamic } from './index';

interface Case {
  name: string;
  expr?: string;
  template?: string;
  scope?: Record<string, unknown>;
  expect?: unknown;
  undefined?: boolean;
  error?: string;
}

const TEXTS: Record<string, string> = {
  'common.empty': '暫無內容',
  hello: '你好 {{name}}',
  'time.justNow': '剛剛',
  'time.minutesAgo': '{{n}}分鐘前',
  'time.hoursAgo': '{{n}}小時前',
  'num.tenThousand': '{{n}}萬',
  'num.hundredMillion': '{{n}}億',
};

const env: ExprEnv = {
  t: (key, args) => (TEXTS[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k) => String(args?.[k] ?? '')),
  now: () => Date.parse('2025-01-16T12:00:00+08:00'),
};

const dir = join(import.meta.dirname, 'cases');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const all = files.flatMap((f) =>
  (JSON.parse(readFileSync(join(dir, f), 'utf8')) as Case[]).map((c) => ({ ...c, file: f })),
);

describe('expression conformance cases', () => {
  it('has at least 80 cases and 15 error cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(80);
    expect(all.filter((c) => c.error).length).toBeGreaterThanOrEqual(15);
  });

  for (const c of all) {
    it(`${c.file}: ${c.name}`, () => {
      const run = () =>
        c.template !== undefined
          ? evalTemplate(c.template, c.scope ?? {}, env)
          : evalExpr(c.expr!, c.scope ?? {}, env);
      if (c.error) {
        expect(run).toThrow(c.error);
      } else if (c.undefined) {
        expect(run()).toBeUndefined();
      } else {
        expect(run()).toEqual(c.expect);
      }
    });
  }
});

describe('prop values', () => {
  it('evaluates templates inside nested arrays and objects and leaves static values alone', () => {
    const value = { title: '$t:common.empty', items: [{ n: '{{ item.n * 2 }}' }, 3] };
    expect(evalValue(value, { item: { n: 2 } }, env)).toEqual({ title: '暫無內容', items: [{ n: 4 }, 3] });
    expect(isDynamic(value)).toBe(true);
    expect(isDynamic({ a: ['x', 1, { b: 'plain' }] })).toBe(false);
  });

  it('never reaches globals: window and process are plain missing names', () => {
    expect(evalExpr('window', {}, env)).toBeUndefined();
    expect(evalExpr('process.env', {}, env)).toBeUndefined();
  });
});
