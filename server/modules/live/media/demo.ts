/**
 * The built-in demo broadcaster: ffmpeg generates a programme (a pitch-green card, the label
 * 示範直播 · DEMO, the server's clock to the second, and the scoreboard of the room's linked match read
 * from the database every few seconds) and packages it like a real stream. 640x360, 15 fps, one encode:
 * a few percent of one core per room. On by default with `npm start`; off when NODE_ENV=test unless
 * LIVE_DEMO=1.
 */
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { labelFont } from './ffmpeg';

/** escape a path or text for a filtergraph option value inside single quotes */
const q = (s: string) => `'${s.replace(/\\/g, '/').replace(/'/g, '')}'`;

export function demoInput(): string[] {
  return [
    '-re',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x0b3d2e:s=640x360:r=15,drawgrid=w=80:h=80:t=1:c=0x1f5f46[out0];anullsrc=r=44100:cl=mono[out1]',
  ];
}

/** the drawtext chain: label, clock, and the scoreboard text file (reloaded every frame it changes) */
export function demoFilter(scoreFile: string): string {
  const font = labelFont();
  if (!font) return 'fps=15';
  const f = `fontfile=${q(font)}`;
  return [
    `drawtext=${f}:text=${q('示範直播 · DEMO')}:x=w-tw-14:y=14:fontsize=22:fontcolor=white:box=1:boxcolor=0xc0392b@0.9:boxborderw=6`,
    `drawtext=${f}:textfile=${q(scoreFile)}:reload=1:x=(w-tw)/2:y=(h-th)/2:fontsize=34:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=12`,
    `drawtext=${f}:text='%{localtime\\:%T}':x=w-tw-14:y=58:fontsize=26:fontcolor=0xffd54a`,
  ].join(',');
}

export async function writeScore(dir: string, text: string): Promise<string> {
  const file = join(dir, 'scoreboard.txt');
  const tmp = `${file}.tmp`;
  await writeFile(tmp, text);
  // rename is atomic: drawtext never reads a half-written file
  await rename(tmp, file);
  return file;
}
