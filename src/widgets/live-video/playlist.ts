/**
 * A media playlist as the MSE player needs it (RFC 8216): target duration, media sequence, the init
 * segment (EXT-X-MAP), the segments with their sequence numbers, durations and program dates, and
 * whether the stream ended. A master playlist (EXT-X-STREAM-INF) or segments without an init segment
 * (MPEG-TS) are not ours to play: `fmp4` is false and the widget falls back to hls.js.
 */

export interface Segment {
  seq: number;
  uri: string;
  duration: number;
  /** EXT-X-PROGRAM-DATE-TIME (ms), or null */
  dateMs: number | null;
}

export interface MediaPlaylist {
  targetDuration: number;
  mediaSequence: number;
  /** the EXT-X-MAP URI (fMP4), or null */
  init: string | null;
  segments: Segment[];
  ended: boolean;
  /** a media playlist of fMP4 segments the MSE player can append as they are */
  fmp4: boolean;
}

const isoFix = (s: string) => s.trim().replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
const attr = (line: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(line)?.[1] ?? null;

export function parsePlaylist(text: string): MediaPlaylist {
  const out: MediaPlaylist = {
    targetDuration: 0,
    mediaSequence: 0,
    init: null,
    segments: [],
    ended: false,
    fmp4: false,
  };
  let master = false;
  let duration = 0;
  let date: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (!line.startsWith('#')) {
      out.segments.push({ seq: out.mediaSequence + out.segments.length, uri: line, duration, dateMs: date });
      // a segment without its own date follows the previous one
      date = date === null ? null : date + duration * 1000;
      duration = 0;
      continue;
    }
    const colon = line.indexOf(':');
    const tag = colon < 0 ? line : line.slice(0, colon);
    const rest = colon < 0 ? '' : line.slice(colon + 1);
    if (tag === '#EXT-X-TARGETDURATION') out.targetDuration = Number(rest) || 0;
    else if (tag === '#EXT-X-MEDIA-SEQUENCE') out.mediaSequence = Number.parseInt(rest, 10) || 0;
    else if (tag === '#EXT-X-MAP') out.init = attr(line, 'URI');
    else if (tag === '#EXTINF') duration = Number.parseFloat(rest) || 0;
    else if (tag === '#EXT-X-PROGRAM-DATE-TIME') {
      const d = Date.parse(isoFix(rest));
      date = Number.isFinite(d) ? d : null;
    } else if (tag === '#EXT-X-ENDLIST') out.ended = true;
    else if (tag === '#EXT-X-STREAM-INF') master = true;
  }
  if (!out.targetDuration)
    out.targetDuration = Math.max(1, ...out.segments.map((s) => Math.ceil(s.duration)));
  out.fmp4 = !master && out.init !== null && out.segments.length > 0;
  return out;
}

/** a URI of the playlist resolved against the playlist's own URL */
export const resolveUri = (uri: string, playlistUrl: string) =>
  new URL(uri, new URL(playlistUrl, location.href)).href;
