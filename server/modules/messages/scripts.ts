/**
 * Free text a message quotes from its writer (an expert's plan title, an operator's reason) is in the
 * writer's script; a reader reads the message in their own. Such texts are stored in all three
 * scripts (params `<name>@zhhk`, `@zhcn`, `@zhtw`, made with OpenCC when the message is written) and
 * answered in the reader's. Messages written before keep the one text they have. Wording as well as
 * glyphs: Cantonese and Hong Kong terms are reworded for mainland and Taiwan readers (wording.ts).
 */
import * as OpenCC from 'opencc-js';
import { LANGS, type Lang } from '../../http/i18n';
import { reword } from './wording';

type Convert = (s: string) => string;
let converters: Record<Lang, Convert> | null = null;

/** OpenCC's dictionaries load on the first message that needs them */
function convertersFor(): Record<Lang, Convert> {
  if (!converters) {
    // any input to Hong Kong traditional first (simplified or Taiwan text alike), then on from there
    const toHk = OpenCC.Converter({ from: 'cn', to: 'hk' });
    const twToHk = OpenCC.Converter({ from: 'tw', to: 'hk' });
    const hk: Convert = (s) => twToHk(toHk(s));
    const hkToCn = OpenCC.Converter({ from: 'hk', to: 'cn' });
    const hkToTw = OpenCC.Converter({ from: 'hk', to: 'tw' });
    // Hong Kong wording (睇, 嘅, 咗, 佢...) becomes mainland or Taiwan wording before the script step
    converters = {
      zhhk: hk,
      zhcn: (s) => hkToCn(reword(hk(s), 'zhcn')),
      zhtw: (s) => hkToTw(reword(hk(s), 'zhtw')),
    };
  }
  return converters;
}

/** the text in each script */
export function inEveryScript(text: string): Record<Lang, string> {
  const c = convertersFor();
  return { zhhk: c.zhhk(text), zhcn: c.zhcn(text), zhtw: c.zhtw(text) };
}

/** params plus `<name>@<lang>` for each named text ('text' names the message's own text) */
export function withScripts(
  params: Record<string, string | number>,
  text: string,
  names: readonly string[] | undefined,
  shorten: (s: string) => string,
): Record<string, string | number> {
  if (!names?.length) return params;
  const out = { ...params };
  for (const name of names) {
    const value = name === 'text' ? text : params[name];
    if (typeof value !== 'string' || !value) continue;
    const all = inEveryScript(value);
    for (const lang of LANGS) out[`${name}@${lang}`] = name === 'text' ? shorten(all[lang]) : all[lang];
  }
  return out;
}

/** The reader's view of stored params and text: their script's versions replace the originals. */
export function forReader(
  params: Record<string, string | number>,
  text: string,
  lang: Lang,
): { params: Record<string, string | number>; text: string } {
  const out: Record<string, string | number> = {};
  let shown = text;
  for (const [k, v] of Object.entries(params)) if (!k.includes('@')) out[k] = v;
  for (const [k, v] of Object.entries(params)) {
    const at = k.lastIndexOf('@');
    if (at < 0 || k.slice(at + 1) !== lang) continue;
    const name = k.slice(0, at);
    if (name === 'text') shown = String(v);
    else out[name] = v;
  }
  return { params: out, text: shown };
}
