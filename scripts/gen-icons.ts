/**
 * `npx tsx scripts/gen-icons.ts` (part of `npm run gen:types`): the icons screens may name
 * (src/widgets/icon/icon-names.json) as SVG markup, one JSON file each under src/widgets/icon/svg/.
 *
 * Each antd-mobile-icons icon is drawn once here with react-dom/server, so the app gets data instead of
 * a React component: an icon file imports nothing, which lets the build name its chunk by one hash of
 * the icon set and find it by name (scripts/lib/config-chunk-names.ts) instead of carrying a table of
 * ~80 hashed file names in the first load. Path coordinates are rounded and design-tool ids dropped
 * as scripts/lib/lean-icons.ts does for the icons bundled as components.
 * `--check` fails when a file is missing or stale (a test runs it).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { roundPathData } from './lib/lean-icons';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, 'src/widgets/icon/svg');

export function leanSvg(markup: string): string {
  let out = markup.replace(/ d="([^"]+)"/g, (_all, d: string) => ` d="${roundPathData(d)}"`);
  if (!out.includes('url(#')) out = out.replace(/ id="[^"]*"/g, '');
  // an invisible 48x48 box the design tool left in every icon
  out = out.replace(
    /<rect( id="[^"]*")? fill="#FFFFFF" opacity="0" x="0" y="0" width="48" height="48"><\/rect>/g,
    '',
  );
  // the wrapper sets size and colour; the icon keeps antd's own class and alignment
  return out.replace(/ xmlns:xlink="[^"]*"/, '');
}

export async function iconFiles(): Promise<Record<string, string>> {
  const names = JSON.parse(readFileSync(join(ROOT, 'src/widgets/icon/icon-names.json'), 'utf8')) as string[];
  const out: Record<string, string> = {};
  for (const name of names) {
    const mod = await import(`antd-mobile-icons/es/${name}.js`);
    out[`${name}.json`] = `${JSON.stringify(leanSvg(renderToStaticMarkup(createElement(mod.default))))}\n`;
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await iconFiles();
  if (process.argv.includes('--check')) {
    const have = new Set(readdirSync(DIR));
    const stale = Object.entries(files).filter(
      ([f, text]) => !have.has(f) || readFileSync(join(DIR, f), 'utf8') !== text,
    );
    const extra = [...have].filter((f) => !(f in files));
    if (stale.length || extra.length) {
      console.error(
        `icons out of date: ${[...stale.map(([f]) => f), ...extra].join(', ')} (npx tsx scripts/gen-icons.ts)`,
      );
      process.exit(1);
    }
  } else {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    for (const [f, text] of Object.entries(files)) writeFileSync(join(DIR, f), text);
    console.log(`${Object.keys(files).length} icons -> src/widgets/icon/svg/`);
  }
}
