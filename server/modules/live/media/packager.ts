/**
 * ffmpeg packaging: one input (the RTMP stream pulled from the local ingest, or the demo's generated
 * programme) → ONE H.264 baseline + AAC encode at 640x360 15 fps (what Debian's Chromium plays through
 * MSE) → HLS with 1 s fragmented-MP4 segments (init.mp4 named by EXT-X-MAP, then indexN.m4s; GOP = 1 s,
 * no scene cuts) written to every line's directory through the
 * tee muxer: line 1 and its remuxed copy line 2, so a second origin path costs no second encode; line 3
 * is a 240p rendition encoded from the same decode (split after the filters).
 * Every segment carries EXT-X-PROGRAM-DATE-TIME (the wall clock when ffmpeg got its frames): the
 * player's latency chip measures against it. fMP4 (not MPEG-TS) so that a browser without native HLS plays
 * the lines with the widget's own small MSE player (src/widgets/live-video/mse-player.ts), which appends
 * the segments as they are: no transmuxing, no hls.js.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ffmpegPath } from './ffmpeg';

const SETPRIV = '/usr/bin/setpriv';

/**
 * The command line that runs ffmpeg so it dies with the server, even when the server is killed with
 * SIGKILL (no shutdown hook runs then): on Linux, util-linux's setpriv sets the parent-death signal
 * (prctl PR_SET_PDEATHSIG, kept across its exec of ffmpeg), so the kernel kills ffmpeg the moment its
 * parent, the server, is gone. Elsewhere (or without setpriv) ffmpeg is started directly and
 * the stale-pid sweep of media/service.ts ends it on the next start.
 */
export function dieWithParent(bin: string, args: string[]): [string, string[]] {
  if (process.platform === 'linux' && existsSync(SETPRIV))
    return [SETPRIV, ['--pdeathsig', 'KILL', '--', bin, ...args]];
  return [bin, args];
}

export interface PackagerOptions {
  /** ffmpeg input arguments (before the encode) */
  input: string[];
  /** a -filter_complex producing [v] from input 0 (labels), or null for a plain scale */
  videoFilter?: string;
  /** directories of the full-quality lines (one encode, teed to each) */
  lineDirs: string[];
  /** the directory of the lower rendition line (LOW_HEIGHT p, its own encode from the same decode) */
  lowDir?: string;
  onExit?: (code: number | null) => void;
  log?: (line: string) => void;
}

const SEGMENT_SECONDS = 1;
const FPS = 15;
export const LOW_HEIGHT = 240;

/** the H.264 encode of a line (Debian Chromium plays baseline through MSE; GOP = one segment) */
export function x264Args(bitrate: string, maxrate: string): string[] {
  return [
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
    bitrate,
    '-maxrate',
    maxrate,
    '-bufsize',
    maxrate,
  ];
}
/** the AAC encode every line carries */
export const AUDIO_ARGS = ['-c:a', 'aac', '-b:a', '48k', '-ar', '44100', '-ac', '1'];
/**
 * Codec configuration in the init segment (avcC, esds): fMP4 needs it there, and the tee muxer does not
 * ask the encoders for it (without this, x264 puts SPS/PPS in the stream and init.mp4's avcC is empty:
 * no player starts)
 */
const GLOBAL_HEADER = ['-flags', '+global_header'];
const audio = [...AUDIO_ARGS, ...GLOBAL_HEADER];
/** bitrate and maxrate of the full lines and of the lower rendition */
export const RATES = { full: ['500k', '600k'], low: ['220k', '260k'] } as const;

export function encodeArgs(opts: PackagerOptions): string[] {
  const hls = `f=hls:hls_time=${SEGMENT_SECONDS}:hls_list_size=6:hls_segment_type=fmp4:hls_flags=delete_segments+independent_segments+omit_endlist+program_date_time`;
  const tee = opts.lineDirs.map((d) => `[${hls}]${d}/index.m3u8`).join('|');
  const vf =
    opts.videoFilter ??
    `scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2,fps=${FPS}`;
  const head = ['-hide_banner', '-loglevel', 'error', '-nostdin', ...opts.input];
  if (!opts.lowDir)
    return [
      ...head,
      '-vf',
      vf,
      ...x264Args(...RATES.full),
      ...audio,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-f',
      'tee',
      tee,
    ];
  // one decode, split after the shared filters: the full line and the lower rendition are two encodes
  // of the same frames (measured: +5 % of one core for 240p; tests/bench/live-rendition-cpu.ts)
  const low = `[${hls}]${opts.lowDir}/index.m3u8`;
  return [
    ...head,
    '-filter_complex',
    `[0:v]${vf},split=2[full][low0];[low0]scale=-2:${LOW_HEIGHT}[low]`,
    '-map',
    '[full]',
    '-map',
    '0:a:0?',
    ...x264Args(...RATES.full),
    ...audio,
    '-f',
    'tee',
    tee,
    '-map',
    '[low]',
    '-map',
    '0:a:0?',
    ...x264Args(...RATES.low),
    ...audio,
    '-f',
    'tee',
    low,
  ];
}

export function startPackager(opts: PackagerOptions): ChildProcess | null {
  const bin = ffmpegPath();
  if (!bin) {
    opts.log?.('live: no ffmpeg binary (install @ffmpeg-installer/ffmpeg or set FFMPEG_PATH)');
    return null;
  }
  const [cmd, args] = dieWithParent(bin, encodeArgs(opts));
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (d: string) => {
    // the hls muxer behind tee warns that it cannot rename; the playlists are small and rewritten each second
    if (!d.includes('Cannot use rename')) opts.log?.(`ffmpeg: ${d.trim().slice(0, 500)}`);
  });
  child.on('exit', (code) => opts.onExit?.(code));
  child.on('error', (err) => opts.log?.(`ffmpeg failed to start: ${err.message}`));
  return child;
}
