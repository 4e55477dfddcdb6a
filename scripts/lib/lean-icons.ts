/**
 * Vite plugin: antd-mobile-icons as small as they draw.
 *
 * Each icon module spells its path coordinates to six or seven decimals on a 48-unit viewBox, names every
 * element with a design-tool id nothing references, and draws an invisible (opacity 0) 48x48 rectangle.
 * At phone icon sizes a tenth of a unit is under a tenth of a pixel, so coordinates are rounded to one
 * decimal and the ids and the invisible rectangle dropped: the icons a first load fetches (tab bar, back,
 * search) shrink by about a third. An icon that does reference an id (url(#...)) keeps its ids.
 */
import type { Plugin } from 'vite';

const PATH_DATA = /\bd: "([^"]+)"/g;
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;
const ID_PROP = /^\s*id: "[^"]*",?\n/gm;
const INVISIBLE_RECT =
  /, \/\*#__PURE__\*\/React\.createElement\("rect", \{\s*(?:id: "[^"]*",\s*)?fill: "#FFFFFF",\s*opacity: 0,\s*x: 0,\s*y: 0,\s*width: 48,\s*height: 48\s*\}\)/g;

function oneDecimal(n: string): string {
  const r = Number(n)
    .toFixed(1)
    .replace(/\.0$/, '')
    .replace(/^(-?)0\./, '$1.');
  return r === '-0' ? '0' : r;
}

/** Path data with rounded numbers; two numbers written together (`1.04.5`) get a separator once rounded. */
export function roundPathData(d: string): string {
  let out = '';
  let last = 0;
  let prevEnd = -1;
  for (const m of d.matchAll(NUMBER)) {
    const gap = d.slice(last, m.index);
    const n = /[.e]/i.test(m[0]) ? oneDecimal(m[0]) : m[0];
    out += gap === '' && prevEnd === m.index && !n.startsWith('-') ? ` ${n}` : `${gap}${n}`;
    last = m.index + m[0].length;
    prevEnd = last;
  }
  return out + d.slice(last);
}

export function leanIconSource(code: string): string {
  let out = code.replace(PATH_DATA, (_all, d: string) => `d: "${roundPathData(d)}"`);
  out = out.replace(INVISIBLE_RECT, '');
  if (!out.includes('url(#')) out = out.replace(ID_PROP, '');
  return out;
}

export function leanIcons(): Plugin {
  return {
    name: 'gf-lean-icons',
    apply: 'build',
    transform: {
      filter: { id: /\/antd-mobile-icons\/es\/[A-Z]\w*\.js$/ },
      handler: (code) => ({ code: leanIconSource(code), map: null }),
    },
  };
}
