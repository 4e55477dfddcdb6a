import { describe, expect, it } from 'vitest';
import { diffRows, hasChanges } from './rows';

describe('text-diff rows', () => {
  it('puts a changed line beside its replacement, numbering each side', () => {
    const rows = diffRows('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(rows).toEqual([
      { left: { n: 1, text: 'a', kind: 'same' }, right: { n: 1, text: 'a', kind: 'same' } },
      { left: { n: 2, text: 'b', kind: 'removed' }, right: { n: 2, text: 'B', kind: 'added' } },
      { left: { n: 3, text: 'c', kind: 'same' }, right: { n: 3, text: 'c', kind: 'same' } },
      { left: null, right: { n: 4, text: 'd', kind: 'added' } },
    ]);
  });
  it('folds long unchanged runs to the context lines around a change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const rows = diffRows(before, after, 2);
    expect(rows[0]).toEqual({ fold: 8 });
    expect(rows.filter((r) => !('fold' in r))).toHaveLength(5);
    expect(rows.at(-1)).toEqual({ fold: 7 });
  });
  it('same texts: nothing changed', () => {
    expect(hasChanges(diffRows('x\ny', 'x\ny'))).toBe(false);
  });
});
