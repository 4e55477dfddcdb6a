/**
 * A colour name in each script. The merchant types the Hong Kong name (紅色, 海軍藍); mainland and Taiwan
 * names are suggested with OpenCC (红色, 海軍藍) unless the merchant typed them too. OpenCC's
 * dictionaries load on the first product created, not at start.
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

export interface ColourNames {
  zhhk: string;
  zhcn: string;
  zhtw: string;
}

/**
 * The colours `zhhk` (a Hong Kong list) in all three scripts: `zhcn`/`zhtw` as given when they list as many
 * names, each name converted from its Hong Kong one when not given (null: given but of another length).
 */
export async function colourNames(
  zhhk: string[],
  zhcn: string[] | null,
  zhtw: string[] | null,
): Promise<ColourNames[] | null> {
  if ((zhcn && zhcn.length !== zhhk.length) || (zhtw && zhtw.length !== zhhk.length)) return null;
  if (!zhcn || !zhtw) converters ??= load();
  const c = !zhcn || !zhtw ? await converters : null;
  return zhhk.map((hk, i) => ({
    zhhk: hk,
    zhcn: zhcn ? zhcn[i] : (c as { zhcn: Convert }).zhcn(hk),
    zhtw: zhtw ? zhtw[i] : (c as { zhtw: Convert }).zhtw(hk),
  }));
}
