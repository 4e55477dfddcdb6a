/**
 * What a lower rendition line (240p) costs, to choose how to offer it (issue 14: up to 9 lines, "a
 * second full encode doubles CPU on 2 cores"). A 20 s 1280x720 30 fps H.264 + AAC clip stands in for
 * what OBS pushes; each way is run through ffmpeg as fast as it goes and its CPU time (user + sys, from
 * the shell's `times`, so the machine's other load does not count) is divided by the media time:
 *   A  today: decode → 640x360 15 fps encode → HLS (lines 1 and 2 are one encode, teed)
 *   B  one process, shared decode, split → 360p and 240p encodes → two HLS outputs
 *   C  today's process + a second process for 240p (started on demand, its own decode of the input)
 *   D  today's process + a 240p process fed from line 1's 360p output (a cheap decode)
 * Run alone: npx tsx tests/bench/live-rendition-cpu.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_ARGS, ffmpegPath, RATES, x264Args } from '../../server/modules/live';

const SECONDS = 20;
// the packager's own encode arguments (server/modules/live/media/packager.ts), at a given picture size
const x264 = (size: string, rates: readonly [string, string]) => [
  ...x264Args(rates[0], rates[1]),
  '-s',
  size,
];
const aac = AUDIO_ARGS;
const hls = (dir: string) => ['-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', join(dir, 'index.m3u8')];

/** CPU seconds (user + sys) of the commands run one after the other in one shell. */
function cpuSeconds(commands: string[][]): number {
  const script = `${commands.map((c) => c.map((a) => `'${a}'`).join(' ')).join(' && ')} && times`;
  const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
  // `times` prints the shell's then its children's user/sys as e.g. "0m1.234s 0m0.056s"
  const last = out.trim().split('\n').pop() ?? '';
  const secs = [...last.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.reduce((a, b) => a + b, 0);
}

export function benchRenditionCpu() {
  const ff = ffmpegPath();
  if (!ff) throw new Error('no ffmpeg');
  const dir = mkdtempSync(join(tmpdir(), 'goalfan-bench-rendition-'));
  const base = [ff, '-hide_banner', '-loglevel', 'error', '-y'];
  try {
    const input = join(dir, 'in.mp4');
    execFileSync(ff, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100',
      '-t',
      String(SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-g',
      '60',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      input,
    ]);
    const mk = (n: string) => {
      const d = join(dir, n);
      execFileSync('mkdir', ['-p', d]);
      return d;
    };
    const a = [...base, '-i', input, ...x264('640x360', RATES.full), ...aac, ...hls(mk('a'))];
    const b = [
      ...base,
      '-i',
      input,
      '-filter_complex',
      '[0:v]split=2[v1][v2]',
      '-map',
      '[v1]',
      '-map',
      '0:a',
      ...x264('640x360', RATES.full),
      ...aac,
      ...hls(mk('b1')),
      '-map',
      '[v2]',
      '-map',
      '0:a',
      ...x264('426x240', RATES.low),
      ...aac,
      ...hls(mk('b2')),
    ];
    const c240 = [...base, '-i', input, ...x264('426x240', RATES.low), ...aac, ...hls(mk('c'))];
    const d240 = [
      ...base,
      '-i',
      join(dir, 'a', 'index.m3u8'),
      ...x264('426x240', RATES.low),
      ...aac,
      ...hls(mk('d')),
    ];
    // a 360p copy of the whole clip for D's input (the HLS list keeps 6 segments: read a full file)
    const a360 = join(dir, 'a360.ts');
    execFileSync(ff, [
      ...base.slice(1),
      '-i',
      input,
      ...x264('640x360', RATES.full),
      ...aac,
      '-f',
      'mpegts',
      a360,
    ]);
    d240.splice(d240.indexOf(join(dir, 'a', 'index.m3u8')), 1, a360);
    const ca = cpuSeconds([a]);
    const cb = cpuSeconds([b]);
    const cc = cpuSeconds([c240]);
    const cd = cpuSeconds([d240]);
    const pct = (s: number) => `${Math.round((s / SECONDS) * 100)} % of one core`;
    return [
      { what: 'A: 360p line (today, lines 1+2)', value: pct(ca) },
      { what: 'B: one process, shared decode, 360p + 240p', value: `${pct(cb)} (+${pct(cb - ca)})` },
      {
        what: 'C: A + an on-demand 240p process (own decode)',
        value: `${pct(ca + cc)} (+${pct(cc)} while watched)`,
      },
      {
        what: 'D: A + an on-demand 240p process fed from the 360p line',
        value: `${pct(ca + cd)} (+${pct(cd)} while watched)`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('live-rendition-cpu.ts')) console.table(benchRenditionCpu());
