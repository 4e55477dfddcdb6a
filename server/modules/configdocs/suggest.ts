/**
 * Script-conversion suggestions for the translators' table: a text in any of the three languages
 * converted to the other two with OpenCC (Hong Kong, mainland simplified, Taiwan with its phrases:
 * 資料庫 -> 数据库 is left to the translator; OpenCC converts characters and common regional words).
 * Loaded on the first request, not at start.
 */
import type { Lang } from './locale-transfer';

type Convert = (s: string) => string;
/** OpenCC's names of our languages: Taiwan with phrases (`twp`) both ways */
const OPENCC = { zhhk: 'hk', zhcn: 'cn', zhtw: 'twp' } as const;
const LANGS = Object.keys(OPENCC) as Lang[];
let converters: Promise<Map<string, Convert>> | null = null;

async function load() {
  const OpenCC = await import('opencc-js');
  const out = new Map<string, Convert>();
  for (const from of LANGS)
    for (const to of LANGS)
      if (from !== to) out.set(`${from}>${to}`, OpenCC.Converter({ from: OPENCC[from], to: OPENCC[to] }));
  return out;
}

export type Suggestion = { from: Lang } & Record<Lang, string>;

/** the two other languages suggested from the `from` text (kept as it is); `{{placeholders}}` survive */
export async function suggestTexts(from: Lang, text: string): Promise<Suggestion> {
  converters ??= load();
  const c = await converters;
  const keep = (convert: Convert) =>
    text
      .split(/(\{\{[^}]*\}\})/)
      .map((part, i) => (i % 2 ? part : convert(part)))
      .join('');
  const out = { from } as Suggestion;
  for (const to of LANGS) out[to] = to === from ? text : keep(c.get(`${from}>${to}`) as Convert);
  return out;
}
