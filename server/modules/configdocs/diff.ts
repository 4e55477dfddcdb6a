/**
 * A structural diff of two JSON documents: one change per JSON pointer where they differ (added,
 * removed or changed leaf or subtree), in document order. Enough for the console's diff view; arrays
 * are compared index by index.
 */
export interface Change {
  pointer: string;
  op: 'add' | 'remove' | 'change';
  before: string;
  after: string;
}

const esc = (k: string | number) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function diffJson(a: unknown, b: unknown, at = '', out: Change[] = []): Change[] {
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const p = `${at}/${esc(k)}`;
      if (!(k in b)) out.push({ pointer: p, op: 'remove', before: show(a[k]), after: '' });
      else if (!(k in a)) out.push({ pointer: p, op: 'add', before: '', after: show(b[k]) });
      else diffJson(a[k], b[k], p, out);
    }
  } else if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const p = `${at}/${i}`;
      if (i >= b.length) out.push({ pointer: p, op: 'remove', before: show(a[i]), after: '' });
      else if (i >= a.length) out.push({ pointer: p, op: 'add', before: '', after: show(b[i]) });
      else diffJson(a[i], b[i], p, out);
    }
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push({ pointer: at || '/', op: 'change', before: show(a), after: show(b) });
  }
  return out;
}
