/**
 * XLIFF 2.0 for translators' tools (issue 15): one bilingual file per target language, the Hong Kong
 * text as `<source>` (zh-HK, the app's default and the language texts are written in first) and
 * zh-CN or zh-TW as `<target>`, one `<unit id="<key>">` per key. XLIFF 2.0 rather than 1.2: it is the
 * current OASIS standard the issue names, simpler (unit/segment, languages on the root), and read by
 * the common CAT tools. Written and read by the `xliff` package (locize), which parses with a real XML
 * parser (xml-js); its inline elements are read back as their text.
 */
import sax from 'sax';
import js2xliff from 'xliff/js2xliff';
import xliff2js from 'xliff/xliff2js';

export type Target = 'zhcn' | 'zhtw';
export const XLIFF_LANG = { zhhk: 'zh-HK', zhcn: 'zh-CN', zhtw: 'zh-TW' } as const;
const FILE_ID = 'locales';

/** `<xliff version="2.0" srcLang="zh-HK" trgLang="zh-CN|zh-TW">` with one unit per key */
export function writeXliff(
  target: Target,
  rows: Iterable<[key: string, source: string, text: string]>,
): Promise<string> {
  const units: Record<string, { source: string; target: string }> = {};
  for (const [key, source, text] of rows) units[key] = { source, target: text };
  const js = {
    sourceLanguage: XLIFF_LANG.zhhk,
    targetLanguage: XLIFF_LANG[target],
    resources: { [FILE_ID]: units },
  };
  return new Promise((resolve, reject) =>
    js2xliff(js, (err, xml) =>
      err || xml === undefined ? reject(err ?? new Error('no XLIFF')) : resolve(xml),
    ),
  );
}

const text = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(text).join('');
  return '';
};

export interface ReadXliff {
  source: string;
  target: Target;
  /** key -> [source text, target text] */
  units: Map<string, { source: string; target: string }>;
}

/** well-formed XML, to its end (the converter's parser forgives a cut-off file: a lost half is refused) */
function wellFormed(xml: string) {
  const p = sax.parser(true);
  p.onerror = (e) => {
    throw e;
  };
  p.write(xml).close();
}

/** an XLIFF 2.0 file back: its languages checked (zh-HK to zh-CN or zh-TW), its units by key */
export async function readXliff(xml: string): Promise<ReadXliff> {
  wellFormed(xml);
  const js = await new Promise<XliffJs>((resolve, reject) => {
    try {
      xliff2js(xml, { inlineAsString: true }, (err, out) =>
        err || !out ? reject(err ?? new Error('not XLIFF')) : resolve(out),
      );
    } catch (e) {
      reject(e instanceof Error ? e : new Error('not XML'));
    }
  });
  if (!js?.resources || typeof js.sourceLanguage !== 'string')
    throw new Error('not an XLIFF 2.0 file (<xliff version="2.0" srcLang=...>)');
  const lang = (code: string | undefined) =>
    (Object.keys(XLIFF_LANG) as (keyof typeof XLIFF_LANG)[]).find(
      (l) => XLIFF_LANG[l].toLowerCase() === code?.toLowerCase(),
    );
  if (lang(js.sourceLanguage) !== 'zhhk') throw new Error(`srcLang must be zh-HK, not ${js.sourceLanguage}`);
  const target = lang(js.targetLanguage);
  if (target !== 'zhcn' && target !== 'zhtw')
    throw new Error(`trgLang must be zh-CN or zh-TW, not ${js.targetLanguage ?? 'none'}`);
  const units = new Map<string, { source: string; target: string }>();
  for (const file of Object.values(js.resources))
    for (const [key, unit] of Object.entries(file ?? {}))
      units.set(key, { source: text(unit?.source), target: text(unit?.target) });
  return { source: 'zhhk', target, units };
}
