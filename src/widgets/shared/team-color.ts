/**
 * Club colours come from data, and many clubs play in white or pale yellow: drawn on the app's light
 * surfaces such a colour disappears (the away side of a bar, a dot, a crest). Every widget that draws a
 * club colour passes it through here. Pure functions, WCAG 2.x relative luminance and contrast ratio.
 */

type Rgb = [number, number, number];

export const DARK_TEXT = '#1f2329';
/** what a side falls back to when its colour cannot be made readable or clashes with the other side */
export const NEUTRALS = ['#455a64', '#8d6e63'] as const;

export function parseHex(hex: unknown): Rgb | null {
  if (typeof hex !== 'string') return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function lum([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG relative luminance, 0 (black) to 1 (white); null for anything that is not a hex colour. */
export function luminance(hex: unknown): number | null {
  const rgb = parseHex(hex);
  return rgb ? lum(rgb) : null;
}

/** WCAG contrast ratio of two colours, 1 to 21; null when either is not a hex colour. */
export function contrastRatio(a: unknown, b: unknown): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The club colour as it can be drawn on `bg`: itself when its contrast reaches `min` (3:1, WCAG's bar
 * for graphics), else the same hue shaded towards black (on a light background) or white (on a dark one)
 * until it does; a colour that is not a hex colour at all becomes the neutral.
 */
export function readableColor(
  color: unknown,
  bg = '#ffffff',
  min = 3,
  neutral: string = NEUTRALS[0],
): string {
  const rgb = parseHex(color);
  const back = parseHex(bg);
  if (!rgb || !back) return neutral;
  const lb = lum(back);
  const ratio = (c: Rgb) => {
    const l = lum(c);
    return (Math.max(l, lb) + 0.05) / (Math.min(l, lb) + 0.05);
  };
  if (ratio(rgb) >= min) return toHex(rgb);
  const target = lb > 0.18 ? 0 : 255;
  for (let step = 1; step <= 10; step++) {
    const k = step / 10;
    const shaded = rgb.map((c) => c + (target - c) * k) as Rgb;
    if (ratio(shaded) >= min) return toHex(shaded);
  }
  return neutral;
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * Both sides' colours for one drawing on `bg`: each made readable, and the away side switched to a
 * neutral when the two would look alike (two white kits, red against dark red), so the sides stay apart.
 */
export function sideColors(home: unknown, away: unknown, bg = '#ffffff'): [string, string] {
  const h = readableColor(home || '#e53935', bg);
  let a = readableColor(away || '#1677ff', bg);
  if (distance(parseHex(h)!, parseHex(a)!) < 80) {
    a = NEUTRALS.find((n) => distance(parseHex(n)!, parseHex(h)!) >= 80) ?? NEUTRALS[1];
  }
  return [h, a];
}

/** Text colour to put on a club-coloured fill: dark on light fills, white on dark ones. */
export function textOn(fill: unknown): string {
  const l = luminance(fill);
  return l !== null && l > 0.4 ? DARK_TEXT : '#fff';
}

/** The club colour itself when it reads as text on white (contrast ≥ 4.5), else dark text. */
export function inkOnWhite(color: unknown): string {
  const r = contrastRatio(color, '#ffffff');
  return r !== null && r >= 4.5 ? String(color) : DARK_TEXT;
}
