/**
 * Placeholders (`{{count}}`) must survive translation: a text in one language that drops or renames a
 * placeholder the other languages have would show a raw `{{x}}` or lose a number. For each key, the
 * languages whose set of placeholders differs from the others' (the majority; zhhk when all differ).
 */
import { pointer } from './config-walk';
import { type ProblemKey, problemKey } from './problem-keys';

const names = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([A-Za-z0-9_.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))]
    .sort()
    .join(', ');

function leaves(tree: unknown, path: string[] = [], out = new Map<string, string>()) {
  if (typeof tree === 'string') out.set(path.join('\u0000'), tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree)) leaves(v, [...path, k], out);
  return out;
}

export interface PlaceholderProblem extends ProblemKey {
  file: string;
  pointer: string;
  message: string;
}

/** `trees`: each language's parsed locale file, by language (zhhk first) */
export function placeholderProblems(trees: Map<string, unknown>): PlaceholderProblem[] {
  const texts = new Map([...trees].map(([lang, tree]) => [lang, leaves(tree)]));
  const [first, ...rest] = [...texts.keys()];
  const out: PlaceholderProblem[] = [];
  for (const [path, text] of texts.get(first) ?? []) {
    const sigs = new Map<string, string>([[first, names(text)]]);
    for (const lang of rest) {
      const t = texts.get(lang)?.get(path);
      if (t !== undefined) sigs.set(lang, names(t));
    }
    const counts = new Map<string, number>();
    for (const s of sigs.values()) counts.set(s, (counts.get(s) ?? 0) + 1);
    if (counts.size < 2) continue;
    const major = [...counts].find(([, n]) => n > sigs.size / 2)?.[0] ?? sigs.get(first)!;
    const key = path.split('\u0000');
    for (const [lang, sig] of sigs) {
      if (sig === major) continue;
      out.push({
        file: `locales/${lang}.json`,
        pointer: pointer(key),
        message: `placeholders {${sig}} differ from the other languages' {${major}} in "${key.join('.')}"`,
        ...problemKey('placeholders', { key: key.join('.'), want: major || '-', got: sig || '-' }),
      });
    }
  }
  return out;
}
