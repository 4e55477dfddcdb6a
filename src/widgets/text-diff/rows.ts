/**
 * Side-by-side rows of a line diff (jsdiff's diffLines): a removed run beside the added run that
 * replaces it, unchanged lines on both sides, and long unchanged runs folded to `context` lines
 * around each change.
 */
import { diffLines } from 'diff';

export interface Cell {
  n: number;
  text: string;
  kind: 'same' | 'removed' | 'added';
}
export type Row = { left: Cell | null; right: Cell | null } | { fold: number };

const lines = (s: string) => {
  const out = s.split('\n');
  if (out.at(-1) === '') out.pop();
  return out;
};

export function diffRows(before: string, after: string, context = 3): Row[] {
  const rows: { left: Cell | null; right: Cell | null }[] = [];
  let a = 1;
  let b = 1;
  const parts = diffLines(before, after);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!part.added && !part.removed) {
      for (const text of lines(part.value))
        rows.push({ left: { n: a++, text, kind: 'same' }, right: { n: b++, text, kind: 'same' } });
      continue;
    }
    const removed = part.removed ? lines(part.value) : [];
    const next = part.removed && parts[i + 1]?.added ? parts[++i] : part.added ? part : null;
    const added = next ? lines(next.value) : [];
    for (let k = 0; k < Math.max(removed.length, added.length); k++)
      rows.push({
        left: k < removed.length ? { n: a++, text: removed[k], kind: 'removed' } : null,
        right: k < added.length ? { n: b++, text: added[k], kind: 'added' } : null,
      });
  }
  // keep `context` unchanged lines around each change, fold the rest
  const changed = rows.map((r) => r.left?.kind !== 'same' || r.right?.kind !== 'same');
  const keep = rows.map((_, i) => {
    for (let d = -context; d <= context; d++) if (changed[i + d]) return true;
    return false;
  });
  const out: Row[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (keep[i]) out.push(rows[i]);
    else {
      let j = i;
      while (j < rows.length && !keep[j]) j++;
      out.push({ fold: j - i });
      i = j - 1;
    }
  }
  return out;
}

/** whether the texts differ at all */
export const hasChanges = (rows: Row[]) => rows.some((r) => !('fold' in r));
