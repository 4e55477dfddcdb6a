/**
 * ffmpeg packaging: one input (the RTMP stream pulled from the local ingest, or the demo's generated
 * programme) → ONE H.264 baseline + AAC encode at 640x360 15 fps (what Debian's Chromium plays through
 * MSE) → HLS with 1 s segments (GOP = 1 s, no scene cuts) written to every line's directory through the
 * tee muxer: line 1 and its remuxed copy line 2, so a second origin path costs no second encode.
 * Every segment carries EXT-X-PROGRAM-DATE-TIME (the wall clock when ffmpeg got its frames): the
 * player's latency chip measures against it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg';

export interface PackagerOptions {
  /** ffmpeg input arguments (before the encode) */
  input: string[];
  /** a -filter_complex producing [v] from input 0 (labels), or null for a plain scale */
  videoFilter?: string;
  /** directories of the lines, in order */
  lineDirs: string[];
  onExit?: (code: number | null) => void;
  log?: (line: string) => void;
}

const SEGMENT_SECONDS = 1;
const FPS = 15;

export function encodeArgs(opts: PackagerOptions): string[] {
  const hls = `f=hls:hls_time=${SEGMENT_SECONDS}:hls_list_size=6:hls_flags=delete_segments+independent_segments+omit_endlist+program_date_time`;
  const tee = opts.lineDirs.map((d) => `[${hls}]${d}/index.m3u8`).join('|');
  const vf =
    opts.videoFilter ??
    `scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2,fps=${FPS}`;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...opts.input,
    '-vf',
    vf,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(FPS),
    '-g',
    String(FPS * SEGMENT_SECONDS),
    '-keyint_min',
    String(FPS * SEGMENT_SECONDS),
    '-sc_threshold',
    '0',
    '-b:v',
    '500k',
    '-maxrate',
    '600k',
    '-bufsize',
    '600k',
    '-c:a',
    'aac',
    '-b:a',
    '48k',
    '-ar',
    '44100',
    '-ac',
    '1',
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-f',
    'tee',
    tee,
  ];
}

export function startPackager(opts: PackagerOptions): ChildProcess | null {
  const bin = ffmpegPath();
  if (!bin) {
    opts.log?.('live: no ffmpeg binary (install @ffmpeg-installer/ffmpeg or set FFMPEG_PATH)');
    return null;
  }
  const child = spawn(bin, encodeArgs(opts), { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => {
    // the hls muxer behind tee warns that it cannot rename; the playlists are small and rewritten each second
    if (!d.includes('Cannot use rename')) opts.log?.(`ffmpeg: ${d.trim().slice(0, 500)}`);
  });
  child.on('exit', (code) => opts.onExit?.(code));
  child.on('error', (err) => opts.log?.(`ffmpeg failed to start: ${err.message}`));
  return child;
}
