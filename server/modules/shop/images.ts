/**
 * Product images drawn, not copied: each is a plain SVG picture of the kind of item (a jersey
 * silhouette, a ball, a scarf with stripes...) in the item's colours. The file name says everything
 * the drawing needs — `<kind>-<main hex>-<trim hex>-<view>.svg` — so the route needs no database and
 * the same name always gives the same bytes (immutable, cacheable).
 */
export const SHOP_IMAGE_PATH = '/mdr/api/v1/shop/images/';

export const IMAGE_KINDS = [
  'jersey',
  'tee',
  'jacket',
  'boot',
  'ball',
  'scarf',
  'socks',
  'cap',
  'bottle',
  'guard',
  'pennant',
  'mug',
  'pin',
  'banner',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_NAME = new RegExp(
  `^(${IMAGE_KINDS.join('|')})-([0-9a-f]{6})-([0-9a-f]{6})-([0-3])\\.svg$`,
);

const hex = (c: string) => c.replace('#', '').toLowerCase();

/** the image URL of an item of `kind` in colours `main`/`trim` ('#rrggbb'), view 0 front, 1 back, 2 detail */
export function shopImageUrl(kind: ImageKind, main: string, trim: string, view = 0): string {
  return `${SHOP_IMAGE_PATH}${kind}-${hex(main)}-${hex(trim)}-${view}.svg`;
}

/** relative luminance (WCAG) of '#rrggbb' */
export function luminance(color: string): number {
  const h = hex(color);
  const ch = [0, 2, 4].map((i) => {
    const v = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** white on dark colours, near-black on light ones */
export const contrastOn = (color: string) => (luminance(color) > 0.45 ? '#1c1c1e' : '#ffffff');

/** a shade of `color` (factor < 1 darker, > 1 lighter toward white) */
function shade(color: string, factor: number): string {
  const h = hex(color);
  const parts = [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const out = parts.map((v) => Math.round(factor <= 1 ? v * factor : v + (255 - v) * (factor - 1)));
  return `#${out.map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0')).join('')}`;
}

const frame = (bg: string, body: string, w = 400, h = 400) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
  `<rect width="${w}" height="${h}" fill="${bg}"/>${body}</svg>`;

function jersey(main: string, trim: string, view: number, sleeve: 'short' | 'long'): string {
  const arms =
    sleeve === 'short'
      ? 'M130 70 L70 110 L40 170 L95 195 L120 150'
      : 'M130 70 L70 110 L30 300 L80 310 L120 160';
  const armsR =
    sleeve === 'short'
      ? 'M270 70 L330 110 L360 170 L305 195 L280 150'
      : 'M270 70 L330 110 L370 300 L320 310 L280 160';
  const body = 'M130 70 L165 60 Q200 90 235 60 L270 70 L285 150 L285 340 L115 340 L115 150 Z';
  const collar =
    view === 1
      ? `<path d="M165 60 Q200 75 235 60" fill="none" stroke="${trim}" stroke-width="8"/>`
      : `<path d="M165 60 Q200 100 235 60" fill="none" stroke="${trim}" stroke-width="8"/>`;
  const mark =
    view === 1
      ? `<text x="200" y="250" font-family="Arial,Helvetica,sans-serif" font-size="96" font-weight="700" text-anchor="middle" fill="${trim}">10</text>`
      : `<circle cx="240" cy="125" r="14" fill="${trim}" opacity="0.9"/><rect x="140" y="200" width="120" height="26" rx="6" fill="${trim}" opacity="0.85"/>`;
  const cuffs =
    sleeve === 'short'
      ? `<path d="M40 170 L95 195" stroke="${trim}" stroke-width="10"/><path d="M360 170 L305 195" stroke="${trim}" stroke-width="10"/>`
      : `<path d="M30 300 L80 310" stroke="${trim}" stroke-width="10"/><path d="M370 300 L320 310" stroke="${trim}" stroke-width="10"/>`;
  return (
    `<path d="${arms}" fill="${shade(main, 0.85)}"/><path d="${armsR}" fill="${shade(main, 0.85)}"/>` +
    `<path d="${body}" fill="${main}"/>` +
    `<path d="M115 330 L285 330" stroke="${trim}" stroke-width="10"/>${cuffs}${collar}${mark}`
  );
}

function jacket(main: string, trim: string, view: number): string {
  const base = jersey(main, trim, 1, 'long').replace(/<text[^>]*>10<\/text>/, '');
  return view === 1
    ? base
    : `${base}<path d="M200 80 L200 335" stroke="${trim}" stroke-width="6"/>` +
        `<rect x="194" y="80" width="12" height="18" fill="${shade(trim, 0.7)}"/>` +
        `<path d="M125 90 L125 330 M275 90 L275 330" stroke="${trim}" stroke-width="5" opacity="0.8"/>`;
}

function boot(main: string, trim: string, view: number): string {
  const flip = view === 1 ? ' transform="translate(400 0) scale(-1 1)"' : '';
  const studs = [90, 140, 200, 260, 300]
    .map((x) => `<rect x="${x}" y="290" width="16" height="22" rx="4" fill="${shade(trim, 0.6)}"/>`)
    .join('');
  return (
    `<g${flip}><path d="M60 230 Q70 150 150 140 L220 120 Q250 115 260 150 L330 200 Q360 220 350 260 L350 290 L60 290 Z" fill="${main}"/>` +
    `<path d="M60 280 L350 280 L350 295 L60 295 Z" fill="${trim}"/>${studs}` +
    `<path d="M160 150 L250 200 M175 140 L265 190 M190 132 L280 182" stroke="${trim}" stroke-width="6"/>` +
    `<path d="M80 250 Q200 230 330 255" fill="none" stroke="${trim}" stroke-width="10" opacity="0.8"/></g>`
  );
}

function ball(main: string, trim: string, view: number): string {
  const r = 140;
  const pent = (cx: number, cy: number, s: number, rot: number) => {
    const pts = [0, 1, 2, 3, 4]
      .map((i) => {
        const a = ((rot + i * 72 - 90) * Math.PI) / 180;
        return `${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`;
      })
      .join(' ');
    return `<polygon points="${pts}" fill="${main}"/>`;
  };
  const rot = view * 36;
  const around = [0, 72, 144, 216, 288]
    .map((a) => {
      const rad = ((a + rot - 90) * Math.PI) / 180;
      return pent(200 + 105 * Math.cos(rad), 200 + 105 * Math.sin(rad), 36, a + rot + 36);
    })
    .join('');
  return (
    `<circle cx="200" cy="200" r="${r}" fill="${trim}" stroke="${shade(main, 0.7)}" stroke-width="4"/>` +
    `${pent(200, 200, 44, rot)}${around}` +
    `<circle cx="200" cy="200" r="${r}" fill="none" stroke="${shade(trim, 0.75)}" stroke-width="2"/>`
  );
}

function scarf(main: string, trim: string, view: number): string {
  const stripes = Array.from({ length: 8 }, (_, i) => {
    const fill = i % 2 === 0 ? main : trim;
    return view === 1
      ? `<rect x="${40 + i * 40}" y="150" width="40" height="100" fill="${fill}"/>`
      : `<rect x="150" y="${30 + i * 40}" width="100" height="40" fill="${fill}"/>`;
  }).join('');
  const fringe =
    view === 1
      ? Array.from(
          { length: 10 },
          (_, i) =>
            `<path d="M${360 + (i % 2) * 4} ${154 + i * 10} l24 0" stroke="${main}" stroke-width="4"/>`,
        ).join('')
      : Array.from(
          { length: 10 },
          (_, i) => `<path d="M${154 + i * 10} 350 l0 26" stroke="${main}" stroke-width="4"/>`,
        ).join('');
  return `${stripes}${fringe}`;
}

function socks(main: string, trim: string): string {
  const one = (dx: number) =>
    `<path d="M${120 + dx} 60 L${190 + dx} 60 L${190 + dx} 260 Q${190 + dx} 320 ${140 + dx} 330 L${80 + dx} 330 Q${60 + dx} 300 ${90 + dx} 280 L${120 + dx} 260 Z" fill="${main}"/>` +
    `<rect x="${120 + dx}" y="60" width="70" height="40" fill="${trim}"/><rect x="${120 + dx}" y="110" width="70" height="10" fill="${trim}"/>`;
  return one(-20) + one(100);
}

function cap(main: string, trim: string): string {
  return (
    `<path d="M90 240 Q90 110 200 110 Q310 110 310 240 Z" fill="${main}"/>` +
    `<path d="M200 110 L200 240 M140 125 L160 240 M260 125 L240 240" stroke="${shade(main, 0.75)}" stroke-width="3"/>` +
    `<path d="M80 240 L330 240 Q380 250 370 275 L80 262 Z" fill="${shade(main, 0.8)}"/>` +
    `<circle cx="200" cy="108" r="10" fill="${trim}"/><circle cx="200" cy="185" r="22" fill="${trim}"/>`
  );
}

function bottle(main: string, trim: string): string {
  return (
    `<rect x="170" y="50" width="60" height="40" rx="8" fill="${trim}"/>` +
    `<path d="M150 100 Q150 90 165 90 L235 90 Q250 90 250 100 L260 340 Q260 360 240 360 L160 360 Q140 360 140 340 Z" fill="${main}"/>` +
    `<rect x="150" y="180" width="104" height="60" fill="${trim}" opacity="0.85"/>`
  );
}

function guard(main: string, trim: string): string {
  const one = (dx: number) =>
    `<path d="M${100 + dx} 80 Q${150 + dx} 60 ${200 + dx} 80 L${195 + dx} 300 Q${150 + dx} 340 ${105 + dx} 300 Z" fill="${main}"/>` +
    `<path d="M${115 + dx} 120 L${185 + dx} 120" stroke="${trim}" stroke-width="8"/>`;
  return one(-30) + one(110);
}

function pennant(main: string, trim: string): string {
  return (
    `<rect x="90" y="50" width="220" height="12" rx="6" fill="#8d6e63"/>` +
    `<path d="M100 62 L300 62 L300 250 L200 350 L100 250 Z" fill="${main}" stroke="${trim}" stroke-width="8"/>` +
    `<circle cx="200" cy="170" r="50" fill="${trim}"/><circle cx="200" cy="170" r="34" fill="${main}"/>` +
    `<path d="M120 62 L120 90 M160 62 L160 90 M240 62 L240 90 M280 62 L280 90" stroke="${trim}" stroke-width="4"/>`
  );
}

function mug(main: string, trim: string): string {
  return (
    `<path d="M280 150 Q350 150 350 210 Q350 270 280 270" fill="none" stroke="${main}" stroke-width="22"/>` +
    `<rect x="100" y="110" width="190" height="220" rx="18" fill="${main}"/>` +
    `<rect x="100" y="110" width="190" height="22" rx="8" fill="${shade(main, 0.8)}"/>` +
    `<rect x="100" y="200" width="190" height="40" fill="${trim}"/>`
  );
}

function pin(main: string, trim: string): string {
  const badge = (cx: number, cy: number, a: string, b: string) =>
    `<circle cx="${cx}" cy="${cy}" r="62" fill="#c9a227"/><circle cx="${cx}" cy="${cy}" r="52" fill="${a}"/>` +
    `<path d="M${cx - 30} ${cy + 10} L${cx} ${cy - 30} L${cx + 30} ${cy + 10} Z" fill="${b}"/>`;
  return badge(130, 150, main, trim) + badge(270, 150, trim, main) + badge(200, 270, main, trim);
}

function banner(main: string, trim: string, view: number): string {
  const stripes = Array.from({ length: 6 }, (_, i) => {
    const x = 420 + i * 70 - view * 30;
    return `<path d="M${x} 0 L${x + 40} 0 L${x - 60} 300 L${x - 100} 300 Z" fill="${trim}" opacity="${0.12 + i * 0.04}"/>`;
  }).join('');
  return `<rect width="750" height="300" fill="${main}"/>${stripes}<circle cx="640" cy="150" r="90" fill="${trim}" opacity="0.18"/>`;
}

/** the SVG text of a valid image name (IMAGE_NAME), or null for any other name */
export function shopImageSvg(name: string): string | null {
  const m = IMAGE_NAME.exec(name);
  if (!m) return null;
  const kind = m[1] as ImageKind;
  const main = `#${m[2]}`;
  const trim = `#${m[3]}`;
  const view = Number(m[4]);
  // a pale tint of the main colour behind the item, darker behind very light items
  const bg = luminance(main) > 0.7 ? '#e9ecef' : shade(main, 1.88);
  switch (kind) {
    case 'jersey':
      return frame(bg, jersey(main, trim, view, 'short'));
    case 'tee':
      return frame(bg, jersey(main, trim, 2, 'short').replace(/<rect x="140"[^>]*\/>/, ''));
    case 'jacket':
      return frame(bg, jacket(main, trim, view));
    case 'boot':
      return frame(bg, boot(main, trim, view));
    case 'ball':
      return frame(bg, ball(main, trim, view));
    case 'scarf':
      return frame(bg, scarf(main, trim, view));
    case 'socks':
      return frame(bg, socks(main, trim));
    case 'cap':
      return frame(bg, cap(main, trim));
    case 'bottle':
      return frame(bg, bottle(main, trim));
    case 'guard':
      return frame(bg, guard(main, trim));
    case 'pennant':
      return frame(bg, pennant(main, trim));
    case 'mug':
      return frame(bg, mug(main, trim));
    case 'pin':
      return frame(bg, pin(main, trim));
    case 'banner':
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 300" width="750" height="300">${banner(main, trim, view)}</svg>`;
  }
}
