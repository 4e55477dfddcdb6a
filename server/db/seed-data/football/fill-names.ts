/**
 * Authoring helper: `npx tsx server/db/seed-data/football/fill-names.ts` fills empty Chinese name
 * variants in the football JSON files (zhhk from zhcn with Hong Kong glyphs, zhtw from zhcn with
 * Taiwan glyphs) and rewrites the files one club / one player per line. Run it after editing data.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { cnToHk } from '../chinese-wording';

const cnToTw = OpenCC.Converter({ from: 'cn', to: 'tw' });
/** opencc reads transliterated names as words: 布雷 -> 佈雷, 里卡多 -> 裡卡多, 于 -> 於; names keep the plain glyph */
const NAME_SLIPS: [RegExp, string][] = [
  [/佈/g, '布'],
  [/[裡裏]/g, '里'],
  [/於/g, '于'],
  [/嶽/g, '岳'],
  [/鬱/g, '郁'],
  [/鬥/g, '斗'],
];
const unslip = (s: string) => NAME_SLIPS.reduce((acc, [re, to]) => acc.replace(re, to), s);
const DIR = import.meta.dirname;

function fill(t: unknown): unknown {
  if (!Array.isArray(t) || t.length < 2 || typeof t[1] !== 'string') return t;
  const out = [...t];
  if (out.length === 4 && typeof out[3] === 'number') out.splice(2, 0, '', ''); // [en, zhcn, no, pos]
  if (out[2] === '' || out[2] === undefined) out[2] = unslip(cnToHk(out[1] as string));
  if (out[3] === '' || out[3] === undefined) out[3] = unslip(cnToTw(out[1] as string));
  return out;
}

const line = (v: unknown) => JSON.stringify(v);

function writeCompetition(path: string): void {
  const c = JSON.parse(readFileSync(path, 'utf8'));
  c.name = fill(c.name);
  c.short = fill(c.short);
  for (const club of c.clubs)
    for (const k of ['name', 'short', 'venue', 'coach']) if (club[k]) club[k] = fill(club[k]);
  const { clubs, ...head } = c;
  const headLines = Object.entries(head).map(([k, v]) => `  ${line(k)}: ${line(v)}`);
  const clubLines = clubs.map((club: unknown) => `    ${line(club)}`);
  writeFileSync(path, `{\n${headLines.join(',\n')},\n  "clubs": [\n${clubLines.join(',\n')}\n  ]\n}\n`);
}

function writeSquads(path: string): void {
  const s = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown[]>;
  const blocks = Object.entries(s).map(
    ([club, players]) => `  ${line(club)}: [\n${players.map((p) => `    ${line(fill(p))}`).join(',\n')}\n  ]`,
  );
  writeFileSync(path, `{\n${blocks.join(',\n')}\n}\n`);
}

for (const f of readdirSync(join(DIR, 'competitions')))
  if (f.endsWith('.json')) writeCompetition(join(DIR, 'competitions', f));
for (const f of readdirSync(join(DIR, 'squads')))
  if (f.endsWith('.json')) writeSquads(join(DIR, 'squads', f));
