/**
 * The ffmpeg binary: FFMPEG_PATH when set, else the one the npm package @ffmpeg-installer/ffmpeg ships
 * (a static Linux/macOS/Windows build installed by `npm install`; its postinstall only sets the
 * executable bit, which we repeat here in case install scripts were skipped).
 */
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let cached: string | null | undefined;

export function ffmpegPath(): string | null {
  if (cached !== undefined) return cached;
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) {
    cached = fromEnv;
    return cached;
  }
  try {
    const path: string = require('@ffmpeg-installer/ffmpeg').path;
    try {
      accessSync(path, constants.X_OK);
    } catch {
      chmodSync(path, 0o755);
    }
    cached = path;
  } catch {
    cached = existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : null;
  }
  return cached;
}

/** A font with CJK glyphs for the demo's labels (none found: the labels are left out). */
export function labelFont(): string | null {
  const candidates = [
    process.env.LIVE_FONT ?? '',
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/System/Library/Fonts/PingFang.ttc',
  ];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}
