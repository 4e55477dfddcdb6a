/**
 * Which player plays a line: the browser's own HLS where it has it (Safari, Debian's Chromium: no
 * player JS at all), else the widget's MSE player (mse-player.ts, for our fMP4 lines) where Media
 * Source Extensions take the packager's codecs, else hls.js (loaded only then). The test switch
 * `player=native|mse|hls` in the page's query or in the hash route's query
 * (`#/live/personal/detail?id=1&player=mse`) forces a path where the browser can take it: Playwright
 * runs the MSE path in Debian's Chromium, which would otherwise play natively.
 */
export type PlayerKind = 'native' | 'mse' | 'hls.js';

/** what the packager's lines carry (H.264 baseline + AAC-LC in fMP4) */
export const PACKAGER_TYPE = 'video/mp4; codecs="avc1.42c01e,mp4a.40.2"';

export const mseAvailable = () =>
  typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported?.(PACKAGER_TYPE) === true;

export function forcedPlayer(href: string): PlayerKind | null {
  let v: string | null = null;
  try {
    const u = new URL(href);
    const hash = u.hash.indexOf('?');
    v =
      (hash >= 0 ? new URLSearchParams(u.hash.slice(hash + 1)).get('player') : null) ??
      u.searchParams.get('player');
  } catch {
    return null;
  }
  if (v === 'mse' || v === 'native') return v;
  return v === 'hls' || v === 'hls.js' ? 'hls.js' : null;
}

export function choosePlayer(o: { forced: PlayerKind | null; native: boolean; mse: boolean }): PlayerKind {
  if (o.forced === 'native' || (o.forced === 'mse' && o.mse) || o.forced === 'hls.js') return o.forced;
  if (o.native && o.forced !== 'mse') return 'native';
  return o.mse ? 'mse' : 'hls.js';
}
