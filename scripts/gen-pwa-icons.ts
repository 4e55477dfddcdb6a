/**
 * The installable app's icons (public/icons/*.png, committed) drawn from one SVG in the brand colour of
 * screens/theme.json, so the icon, the manifest's theme colour and the splash agree. Run after changing
 * the brand colour or the drawing: `npx tsx scripts/gen-pwa-icons.ts`. The maskable icon keeps the ball
 * inside the central 80 % safe zone (launchers crop it to a circle or a squircle).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import theme from '../screens/theme.json';

const brand = theme.colors.brand;

/** a football on the brand colour; `scale` shrinks the ball for the maskable safe zone */
function iconSvg(scale: number, rounded: boolean): string {
  const r = 62 * scale;
  const k = scale;
  const t = (x: number, y: number) => `${96 + (x - 96) * k} ${96 + (y - 96) * k}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 192 192">
  <rect width="192" height="192" rx="${rounded ? 40 : 0}" fill="${brand}"/>
  <circle cx="96" cy="96" r="${r}" fill="#fff"/>
  <path d="M${t(96, 66)}L${t(118, 82)}L${t(110, 108)}H${96 + (82 - 96) * k}L${t(74, 82)}z" fill="${brand}"/>
  <path d="M${t(96, 36)}V${96 + (66 - 96) * k}M${t(155, 82)}H${96 + (118 - 96) * k}M${t(132, 150)}L${t(110, 108)}M${t(60, 150)}L${t(82, 108)}M${t(37, 82)}H${96 + (74 - 96) * k}" stroke="${brand}" stroke-width="${6 * k}" fill="none"/>
</svg>`;
}

const out = join(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(out, { recursive: true });
const jobs: [string, number, string][] = [
  ['icon-192.png', 192, iconSvg(1, true)],
  ['icon-512.png', 512, iconSvg(1, true)],
  ['maskable-512.png', 512, iconSvg(0.72, false)],
];
for (const [name, size, svg] of jobs) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 192 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(out, name), png);
  console.log(`wrote public/icons/${name} (${png.length} bytes)`);
}
