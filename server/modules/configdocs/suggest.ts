/**
 * Script-conversion suggestions for the translators' table: a Hong Kong text converted to simplified
 * (mainland) and Taiwan forms with OpenCC (phrases too: 資料庫 -> 数据库 is left to the translator;
 * OpenCC converts characters and common regional words). Loaded on the first request, not at start.
 */
type Convert = (s: string) => string;
let converters: Promise<{ zhcn: Convert; zhtw: Convert }> | null = null;

async function load() {
  const OpenCC = await import('opencc-js');
  return {
    zhcn: OpenCC.Converter({ from: 'hk', to: 'cn' }),
    zhtw: OpenCC.Converter({ from: 'hk', to: 'twp' }),
  };
}

/** suggestions for zhcn and zhtw from a zhhk text; `{{placeholders}}` survive unchanged */
export async function suggestTexts(zhhk: string): Promise<{ zhcn: string; zhtw: string }> {
  converters ??= load();
  const c = await converters;
  const keep = (convert: Convert) =>
    zhhk
      .split(/(\{\{[^}]*\}\})/)
      .map((part, i) => (i % 2 ? part : convert(part)))
      .join('');
  return { zhcn: keep(c.zhcn), zhtw: keep(c.zhtw) };
}
